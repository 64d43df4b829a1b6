import { refuse } from '../errors';
import { isInGame, isModerator, isStoryteller } from '../permissions';
import type { RulesFor } from './rule';
import { vacate } from './seats';

/** Spec 2 §4 Grimoire access (0 none, 1 requested, 2 denied or revoked, 3 granted) and kicking. */
export const accessRules: RulesFor<'requestGrimoire' | 'kickUser'> = {
  requestGrimoire(draft, { id, status }, actor) {
    const user = draft.users[id];
    if (!user) return refuse('not_found', 'That user is not in this session.');
    const byStoryteller = isStoryteller(draft, actor.userId);
    switch (status) {
      case 'request': {
        if (id !== actor.userId) return refuse('forbidden', 'You can only ask for yourself.');
        if (isStoryteller(draft, id) || isInGame(draft, id)) {
          return refuse('forbidden', 'Only spectators ask for grimoire access.');
        }
        // Ignored when already granted, or when a public session's grimoire tag is 2.
        if (user.grimoireAccess === 3 || (draft.meta.isPublic && draft.meta.tags.grimoire === 2)) return;
        if (draft.meta.isPublic && user.flags.includes('newuser') && !actor.isSubscribed) {
          return refuse('grimoire_not_allowed', 'New accounts cannot ask for grimoire access in public sessions.');
        }
        user.grimoireAccess = 1;
        return;
      }
      case 'receive':
      case 'deny':
        if (!byStoryteller) return refuse('forbidden', 'Only the Storyteller grants grimoire access.');
        if (status === 'receive' && isInGame(draft, id))
          return refuse('forbidden', 'Players in the game do not see the grimoire.');
        // Only for a user who asked (state 1) or was answered before (2, 3).
        if (user.grimoireAccess < 1) return refuse('bad_request', 'That user has not asked for access.');
        user.grimoireAccess = status === 'receive' ? 3 : 2;
        return;
      case 'remove':
        if (id === actor.userId) {
          user.grimoireAccess = 0;
          return;
        }
        if (!byStoryteller) return refuse('forbidden', 'Only the Storyteller revokes grimoire access.');
        if (user.grimoireAccess >= 1) user.grimoireAccess = 2;
        return;
    }
  },

  /** Spec 2 §5: only a Storyteller or moderator may kick; the user goes on the session's ban list. */
  kickUser(draft, { id }, actor) {
    if (!isStoryteller(draft, actor.userId) && !isModerator(actor)) {
      return refuse('forbidden', 'Only a Storyteller or a moderator may remove someone.');
    }
    if (id === actor.userId) return refuse('bad_request', 'You cannot remove yourself.');
    const user = draft.users[id];
    if (!user) return refuse('not_found', 'That user is not in this session.');
    vacate(draft, id);
    draft.storytellers = draft.storytellers.filter((st) => st.id !== id);
    draft.storytellerRequests = draft.storytellerRequests.filter((r) => r !== id);
    if (!draft.meta.banlist.includes(id)) draft.meta.banlist.push(id);
    user.isOnline = false;
    user.grimoireAccess = 0;
  },
};
