import {
  cutProfileText,
  PROFILE_USERNAME_MIN,
  type Me,
  type StatsVisibility,
  type UpdateUserBody,
} from '@belfry/protocol';

/** What the own profile card edits; sent when the card closes, only what changed (spec 2 §7). */
export interface ProfileDraft {
  username: string;
  pronouns: string;
  avatar: number | string;
  border: string;
  stats: StatsVisibility;
}

export const STATS_VISIBILITIES: readonly StatsVisibility[] = ['public', 'private', 'hidden'];

export const draftOf = (me: Me): ProfileDraft => ({
  username: me.username,
  pronouns: me.pronouns,
  avatar: me.cosmetics.avatar,
  border: me.cosmetics.border,
  stats: me.cosmetics.stats,
});

/** What the fields hold: cut at 50 as typed or pasted (spec 2 §5). */
export const cutInput = (text: string): string => cutProfileText(text);

export const usernameProblem = (draft: ProfileDraft): 'too_short' | null =>
  draft.username.trim().length < PROFILE_USERNAME_MIN ? 'too_short' : null;

/**
 * The update to send: only the fields spec 2 §5 accepts, only those that changed, and none that a
 * forced flag locks (the server would refuse the whole update for one).
 */
export const changesOf = (me: Me, draft: ProfileDraft): UpdateUserBody => {
  const changes: UpdateUserBody = {};
  const username = cutProfileText(draft.username.trim());
  const pronouns = cutProfileText(draft.pronouns.trim());
  if (username !== me.username && !me.flags.includes('forced-username')) changes.username = username;
  if (pronouns !== me.pronouns && !me.flags.includes('forced-pronouns')) changes.pronouns = pronouns;
  if (draft.avatar !== me.cosmetics.avatar && !me.flags.includes('forced-avatar')) changes.avatar = draft.avatar;
  if (draft.border !== me.cosmetics.border) changes.border = draft.border;
  if (draft.stats !== me.cosmetics.stats) changes.stats = draft.stats;
  return changes;
};
