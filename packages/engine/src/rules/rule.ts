import type { Draft } from 'immer';
import { refuse, type Refusal } from '../errors';
import type { Intent } from '../intents';
import { isStoryteller } from '../permissions';
import type { Actor, SessionState } from '../types';

/** A rule mutates the draft of the next state, or returns why the intent is refused. */
export type Rule<I extends Intent> = (
  draft: Draft<SessionState>,
  intent: I,
  actor: Actor,
  now: number,
) => Refusal | void;

export type RulesFor<K extends Intent['type']> = { [T in K]: Rule<Extract<Intent, { type: T }>> };

export const requireStoryteller = (draft: Draft<SessionState>, actor: Actor): Refusal | void => {
  if (!isStoryteller(draft, actor.userId)) return refuse('forbidden', 'Only the Storyteller may do that.');
};

export const requireMember = (draft: Draft<SessionState>, actor: Actor): Refusal | void => {
  if (!draft.users[actor.userId]) return refuse('forbidden', 'You are not in this session.');
};
