import { MAX_STORYTELLERS } from '../constants';
import { refuse } from '../errors';
import { isModerator, isStoryteller } from '../permissions';
import type { RulesFor } from './rule';
import { vacate } from './seats';

/** Spec 2 §4 Co-storyteller. */
export const storytellerRules: RulesFor<
  'addStoryteller' | 'removeStoryteller' | 'requestStoryteller' | 'respondStoryteller'
> = {
  addStoryteller(draft, { id }, actor) {
    if (!draft.users[id]) return refuse('not_found', 'That user is not in this session.');
    if (isStoryteller(draft, id)) return refuse('storyteller_exists', 'That user is already a Storyteller.');
    const noneExists = draft.storytellers.length === 0;
    // Only a Storyteller or a moderator adds one, or anyone (themselves) when none exists.
    const allowed = isStoryteller(draft, actor.userId) || isModerator(actor) || (noneExists && id === actor.userId);
    if (!allowed) return refuse('forbidden', 'Only a Storyteller or a moderator may add a Storyteller.');
    if (draft.storytellers.length >= MAX_STORYTELLERS)
      return refuse('limit_reached', `A table has at most ${MAX_STORYTELLERS} Storytellers.`);
    vacate(draft, id);
    draft.storytellers.push({ id, role: null, ability: '', alignment: null, reminders: [] });
    draft.storytellerRequests = draft.storytellerRequests.filter((r) => r !== id);
    const user = draft.users[id];
    if (user && user.grimoireAccess !== 0) user.grimoireAccess = 0;
  },

  removeStoryteller(draft, { id }, actor) {
    if (!isStoryteller(draft, id)) return refuse('not_storyteller', 'That user is not a Storyteller.');
    if (!isStoryteller(draft, actor.userId) && !isModerator(actor)) {
      return refuse('forbidden', 'Only a Storyteller or a moderator may remove a Storyteller.');
    }
    draft.storytellers = draft.storytellers.filter((st) => st.id !== id);
  },

  /** A user asks to join the Storytellers; one who is pending withdraws by asking again. */
  requestStoryteller(draft, _intent, actor) {
    if (!draft.users[actor.userId]) return refuse('forbidden', 'You are not in this session.');
    if (isStoryteller(draft, actor.userId)) return refuse('storyteller_exists', 'You are a Storyteller already.');
    if (draft.storytellerRequests.includes(actor.userId)) {
      draft.storytellerRequests = draft.storytellerRequests.filter((r) => r !== actor.userId);
      return;
    }
    draft.storytellerRequests.push(actor.userId);
  },

  /** A Storyteller or moderator confirms or declines a pending request. */
  respondStoryteller(draft, { id, accept }, actor) {
    if (!draft.storytellerRequests.includes(id)) return refuse('not_found', 'That request is no longer pending.');
    if (!isStoryteller(draft, actor.userId) && !isModerator(actor)) {
      return refuse('forbidden', 'Only a Storyteller or a moderator may answer that request.');
    }
    draft.storytellerRequests = draft.storytellerRequests.filter((r) => r !== id);
    if (!accept) return;
    if (!draft.users[id]) return refuse('not_found', 'That user is not in this session.');
    if (draft.storytellers.length >= MAX_STORYTELLERS)
      return refuse('limit_reached', `A table has at most ${MAX_STORYTELLERS} Storytellers.`);
    vacate(draft, id);
    draft.storytellers.push({ id, role: null, ability: '', alignment: null, reminders: [] });
  },
};
