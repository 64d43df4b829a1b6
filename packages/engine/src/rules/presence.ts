import { SESSION_BOOST_MS } from '../constants';
import { refuse } from '../errors';
import { isStoryteller } from '../permissions';
import type { RulesFor } from './rule';

export const presenceRules: RulesFor<'ping' | 'presence'> = {
  /** The server's round-trip measurement (every 60 s); a subscribed Storyteller's also renews the boost. */
  ping(draft, { latency }, actor, now) {
    const user = draft.users[actor.userId];
    if (!user) return refuse('forbidden', 'You are not in this session.');
    user.ping = Math.max(0, Math.round(latency));
    if (actor.isSubscribed && isStoryteller(draft, actor.userId)) {
      draft.boostUntil = Math.max(draft.boostUntil, now + SESSION_BOOST_MS);
    }
  },

  presence(draft, { user, isOnline, isSubscribed }, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'Presence is decided by the server.');
    const known = draft.users[user.id];
    if (!known) {
      draft.users[user.id] = { ...user, flags: [...user.flags], isOnline, grimoireAccess: 0, ping: null };
    } else {
      // Assign field by field so that an unchanged profile keeps its identity.
      known.isOnline = isOnline;
      if (known.username !== user.username) known.username = user.username;
      if (known.pronouns !== user.pronouns) known.pronouns = user.pronouns;
      if (known.level !== user.level) known.level = user.level;
      if (known.flags.join() !== user.flags.join()) known.flags = [...user.flags];
    }
    // A subscribed Storyteller arriving opens the session to users without one for the next hour.
    if (isOnline && isSubscribed && isStoryteller(draft, user.id)) {
      draft.boostUntil = Math.max(draft.boostUntil, now + SESSION_BOOST_MS);
    }
  },
};
