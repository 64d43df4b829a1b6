import type { Draft } from 'immer';
import { BUILT_IN_HAND_ICONS, MAX_SESSION_USERS, SESSION_BOOST_MS } from '../constants';
import { refuse } from '../errors';
import { isInGame, isStoryteller } from '../permissions';
import type { SessionState } from '../types';
import type { RulesFor } from './rule';

/**
 * A session remembers at most 100 people: a newcomer past that makes it forget the one who came
 * longest ago among those offline who hold nothing in it (no seat, no Storyteller place, no request),
 * together with their notes and camera choices. The ban list keeps its ids.
 */
const forgetOneIfFull = (draft: Draft<SessionState>): void => {
  if (Object.keys(draft.users).length < MAX_SESSION_USERS) return;
  const held = (id: string) =>
    isInGame(draft, id) || isStoryteller(draft, id) || draft.storytellerRequests.includes(id);
  const gone = Object.values(draft.users).find((u) => !u.isOnline && !held(u.id));
  if (!gone) return;
  delete draft.users[gone.id];
  for (const seat of draft.seats) if (seat.notes[gone.id]) delete seat.notes[gone.id];
  if (draft.hiddenCams?.[gone.id]) delete draft.hiddenCams[gone.id];
};

const isBuiltInHand = (icon: string) => (BUILT_IN_HAND_ICONS as readonly string[]).includes(icon);

export const presenceRules: RulesFor<'boost' | 'presence' | 'powerful'> = {
  /**
   * Spec 1 §5/§6: the hidden prompt's secret (2–50 characters), compared with the session code,
   * toggles the powerful flag (extra hand icons) for this session; anything else did not work.
   */
  powerful(draft, { secret }, actor) {
    const user = draft.users[actor.userId];
    if (!user) return refuse('forbidden', 'You are not in this session.');
    if (secret.trim().toLowerCase() !== draft.sessionId) return refuse('bad_request', "That didn't work.");
    user.flags = user.flags.includes('powerful')
      ? user.flags.filter((flag) => flag !== 'powerful')
      : [...user.flags, 'powerful'];
    if (!user.flags.includes('powerful')) {
      const hand = draft.raisedHands[actor.userId];
      if (hand !== undefined && !isBuiltInHand(hand)) delete draft.raisedHands[actor.userId];
    }
  },

  /**
   * While a subscribed Storyteller is online the server renews the boost now and then (it decides who
   * is subscribed and online); an hour ahead each time.
   */
  boost(draft, { by }, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'The boost is renewed by the server.');
    if (!isStoryteller(draft, by) || !draft.users[by]?.isOnline) return;
    draft.boostUntil = Math.max(draft.boostUntil, now + SESSION_BOOST_MS);
  },

  presence(draft, { user, isOnline, isSubscribed }, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'Presence is decided by the server.');
    const known = draft.users[user.id];
    if (!known) {
      forgetOneIfFull(draft);
      draft.users[user.id] = { ...user, flags: [...user.flags], isOnline, grimoireAccess: 0 };
    } else {
      // Assign field by field so that an unchanged profile keeps its identity.
      known.isOnline = isOnline;
      if (known.username !== user.username) known.username = user.username;
      if (known.pronouns !== user.pronouns) known.pronouns = user.pronouns;
      if (known.level !== user.level) known.level = user.level;
      if ((known.emotes ?? []).join() !== (user.emotes ?? []).join()) {
        if (user.emotes?.length) known.emotes = [...user.emotes];
        else delete known.emotes;
      }
      // The powerful flag found by the hidden prompt lasts as long as the session remembers the user.
      const flags = known.flags.includes('powerful') ? [...new Set([...user.flags, 'powerful' as const])] : user.flags;
      if (known.flags.join() !== flags.join()) known.flags = [...flags];
    }
    // A subscribed Storyteller arriving opens the session to users without one for the next hour.
    if (isOnline && isSubscribed && isStoryteller(draft, user.id)) {
      draft.boostUntil = Math.max(draft.boostUntil, now + SESSION_BOOST_MS);
    }
  },
};
