import type { BanInput, ModeratedUser, ModeratorSaveBody } from '@belfry/protocol';

/** Spec 2 §3 and §5 numbers, as the server checks them (packages/protocol moderation.ts). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const BAN_REASON_MAX = 200;
export const BAN_HOURS_MAX = 87_600;

export type BanMode = 'existing' | 'new';

/** The edit view's form: the user's fields, and the ban to give when the banned flag is set. */
export interface UserDraft {
  username: string;
  pronouns: string;
  email: string;
  level: string;
  flags: string[];
  banMode: BanMode;
  banId: string;
  banReason: string;
  /** As typed: empty means permanent. */
  banHours: string;
}

export type DraftError = 'username' | 'email' | 'ban_choice' | 'ban_reason' | 'ban_hours';

export const draftOf = (user: ModeratedUser): UserDraft => ({
  username: user.username,
  pronouns: user.pronouns,
  email: user.email,
  level: user.level,
  flags: [...user.flags],
  banMode: 'new',
  banId: '',
  banReason: '',
  banHours: '',
});

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 2 §5: a ban is required when the banned flag is newly set. */
export const needsBan = (user: ModeratedUser, draft: UserDraft): boolean =>
  draft.flags.includes('banned') && !user.flags.includes('banned');

/** What is wrong with the form, field by field (empty when it may be saved). */
export const draftErrors = (user: ModeratedUser, draft: UserDraft): DraftError[] => {
  const errors: DraftError[] = [];
  const username = draft.username.trim();
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) errors.push('username');
  if (!EMAIL.test(draft.email.trim())) errors.push('email');
  if (needsBan(user, draft)) {
    if (draft.banMode === 'existing' && !draft.banId) errors.push('ban_choice');
    if (draft.banMode === 'new') {
      const reason = draft.banReason.trim();
      if (reason.length === 0 || reason.length > BAN_REASON_MAX) errors.push('ban_reason');
      if (draft.banHours.trim() !== '') {
        const hours = Number(draft.banHours);
        if (!Number.isFinite(hours) || hours <= 0 || hours > BAN_HOURS_MAX) errors.push('ban_hours');
      }
    }
  }
  return errors;
};

const banOf = (draft: UserDraft): BanInput => {
  if (draft.banMode === 'existing') return { id: draft.banId };
  const hours = draft.banHours.trim();
  return hours === '' ? { reason: draft.banReason.trim() } : { reason: draft.banReason.trim(), expires: Number(hours) };
};

/**
 * The save body with the changed fields only (spec 2 §5 "Save only when at least one field
 * changed"); null when nothing changed. E-mail and level are left out for anyone but special-tpi.
 */
export const changesOf = (user: ModeratedUser, draft: UserDraft, isStaff: boolean): ModeratorSaveBody | null => {
  const changes: NonNullable<ModeratorSaveBody['user']> = {};
  const username = draft.username.trim();
  if (username !== user.username) changes.username = username;
  if (draft.pronouns.trim() !== user.pronouns) changes.pronouns = draft.pronouns.trim();
  if (isStaff && draft.email.trim().toLowerCase() !== user.email) changes.email = draft.email.trim();
  if (isStaff && draft.level !== user.level) changes.level = draft.level as NonNullable<typeof changes.level>;
  if (!sameSet(draft.flags, user.flags)) changes.flags = draft.flags as NonNullable<typeof changes.flags>;
  const body: ModeratorSaveBody = {};
  if (Object.keys(changes).length > 0) body.user = changes;
  if (needsBan(user, draft)) body.ban = banOf(draft);
  return Object.keys(body).length > 0 ? body : null;
};

/** Unban (spec 2 §2): the same user without the banned flag. */
export const unbanBody = (user: ModeratedUser): ModeratorSaveBody => ({
  user: { flags: user.flags.filter((flag) => flag !== 'banned') as NonNullable<ModeratorSaveBody['user']>['flags'] },
});
