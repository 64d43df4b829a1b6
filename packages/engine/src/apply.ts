import { createDraft, type Draft, finishDraft } from 'immer';
import { MAX_PLAYERS } from './constants';
import { refuse, type Refusal } from './errors';
import type { Intent } from './intents';
import { isModerator, isStoryteller, nominationActive, seatIndexOf } from './permissions';
import { emptySeat } from './session';
import type { Actor, SessionState } from './types';

export type ApplyResult = { ok: true; state: SessionState } | { ok: false; error: Refusal };

type Rule<I extends Intent> = (draft: Draft<SessionState>, intent: I, actor: Actor, now: number) => Refusal | void;
type RuleTable = { [K in Intent['type']]: Rule<Extract<Intent, { type: K }>> };

const vacate = (draft: Draft<SessionState>, userId: string): void => {
  const index = seatIndexOf(draft, userId);
  if (index >= 0) draft.seats[index]!.id = '';
  delete draft.raisedHands[userId];
};

const requireStoryteller = (draft: Draft<SessionState>, actor: Actor): Refusal | void => {
  if (!isStoryteller(draft, actor.userId)) return refuse('forbidden', 'Only the Storyteller may do that.');
};

const requireMember = (draft: Draft<SessionState>, actor: Actor): Refusal | void => {
  if (!draft.users[actor.userId]) return refuse('forbidden', 'You are not in this session.');
};

const rules: RuleTable = {
  claimSeat(draft, { index }, actor) {
    const refused = requireMember(draft, actor);
    if (refused) return refused;
    if (nominationActive(draft)) return refuse('nomination_active', 'Seats cannot change during a nomination.');
    const held = seatIndexOf(draft, actor.userId);
    if (index < 0) {
      // Spec 1 §7: a negative index vacates; only a seated user can vacate.
      if (held < 0) return refuse('not_seated', 'You are not seated.');
      vacate(draft, actor.userId);
      return;
    }
    const seat = draft.seats[index];
    if (!seat) return refuse('no_such_seat', `There is no seat ${index + 1}.`);
    if (isStoryteller(draft, actor.userId)) {
      return refuse('forbidden', 'A Storyteller does not take a seat; stop being Storyteller first.');
    }
    if (held >= 0) return refuse('already_seated', 'You already hold a seat; vacate it first.');
    if (seat.id !== '') return refuse('seat_taken', 'That seat is taken.');
    seat.id = actor.userId;
  },

  updateSeats(draft, intent, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (nominationActive(draft)) return refuse('nomination_active', 'Seats cannot change during a nomination.');
    // The client says how many seats it saw, so a change made on a stale circle is refused.
    if (intent.count !== draft.seats.length) return refuse('stale', 'The seats changed meanwhile; try again.');
    const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < draft.seats.length;
    switch (intent.op) {
      case 'add':
        if (draft.seats.length >= MAX_PLAYERS) {
          return refuse('max_players', `A game has at most ${MAX_PLAYERS} players.`);
        }
        draft.seats.push(emptySeat());
        return;
      case 'remove': {
        if (!inRange(intent.index)) return refuse('no_such_seat', 'There is no such seat.');
        const [removed] = draft.seats.splice(intent.index, 1);
        if (removed?.id) delete draft.raisedHands[removed.id];
        return;
      }
      case 'move': {
        if (!inRange(intent.from) || !inRange(intent.to)) return refuse('no_such_seat', 'There is no such seat.');
        const [moved] = draft.seats.splice(intent.from, 1);
        draft.seats.splice(intent.to, 0, moved!);
        return;
      }
    }
  },

  addStoryteller(draft, { id }, actor) {
    if (!draft.users[id]) return refuse('not_found', 'That user is not in this session.');
    if (isStoryteller(draft, id)) return refuse('storyteller_exists', 'That user is already a Storyteller.');
    const noneExists = draft.storytellers.length === 0;
    // Spec 2 §4: only a Storyteller or a moderator adds one, or anyone (themselves) when none exists.
    const allowed = isStoryteller(draft, actor.userId) || isModerator(actor) || (noneExists && id === actor.userId);
    if (!allowed) return refuse('forbidden', 'Only a Storyteller or a moderator may add a Storyteller.');
    vacate(draft, id);
    draft.storytellers.push({ id, role: null, ability: '', alignment: null, reminders: [] });
  },

  removeStoryteller(draft, { id }, actor) {
    if (!isStoryteller(draft, id)) return refuse('not_storyteller', 'That user is not a Storyteller.');
    if (!isStoryteller(draft, actor.userId) && !isModerator(actor)) {
      return refuse('forbidden', 'Only a Storyteller or a moderator may remove a Storyteller.');
    }
    draft.storytellers = draft.storytellers.filter((st) => st.id !== id);
  },

  ping(draft, { latency }, actor) {
    const user = draft.users[actor.userId];
    if (!user) return refuse('forbidden', 'You are not in this session.');
    user.ping = Math.max(0, Math.round(latency));
  },

  presence(draft, { user, isOnline }, actor) {
    if (!actor.isSystem) return refuse('forbidden', 'Presence is decided by the server.');
    const known = draft.users[user.id];
    if (!known) {
      draft.users[user.id] = { ...user, flags: [...user.flags], isOnline, grimoireAccess: 0, ping: null };
      return;
    }
    // Assign field by field so that an unchanged profile keeps its identity.
    known.isOnline = isOnline;
    if (known.username !== user.username) known.username = user.username;
    if (known.pronouns !== user.pronouns) known.pronouns = user.pronouns;
    if (known.level !== user.level) known.level = user.level;
    if (known.flags.join() !== user.flags.join()) known.flags = [...user.flags];
  },
};

/**
 * The one entry point for changing a session: checks permissions and rules, and returns either
 * the next state (with its version increased) or a refusal. The input state is never modified,
 * and the next state shares every unchanged part with it (immer), so views and patches of
 * unchanged parts cost nothing.
 */
export const apply = (state: SessionState, intent: Intent, actor: Actor, now: number): ApplyResult => {
  const rule = rules[intent.type] as Rule<Intent> | undefined;
  if (!rule) return { ok: false, error: refuse('unknown_event', `Unknown intent ${String(intent.type)}.`) };
  const draft = createDraft(state);
  const refused = rule(draft, intent, actor, now);
  if (refused) return { ok: false, error: refused };
  draft.version = state.version + 1;
  return { ok: true, state: finishDraft(draft) as SessionState };
};
