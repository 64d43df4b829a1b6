import { distributionFor } from './distribution';
import { refuse, type Refusal } from './errors';
import { hasGrimoireAccess, isInGame, isModeratorLevel, isStoryteller, seatIndexOf } from './permissions';
import type { Role, SessionState, SignalPart } from './types';

/** Spec 2 §5 Text: seats differing by 1 modulo (players minus 2) are neighbours. */
export const areNeighbours = (a: number, b: number, players: number): boolean => {
  if (a < 0 || b < 0 || a === b) return false;
  if (players <= 3) return true; // a ring of three: everyone sits next to everyone
  return Math.abs(a - b) % (players - 2) === 1;
};

const isOnline = (state: SessionState, id: string) => state.users[id]?.isOnline === true;
const isModeratorId = (state: SessionState, id: string) => isModeratorLevel(state.users[id]?.level ?? 'none');
const hasSpecial = (role: Role | null | undefined, type: string, name: string) =>
  role?.special?.some((s) => s.type === type && s.name === name) ?? false;

/**
 * Spec 2 §5 Default recipients: online Storytellers other than oneself, the online left and right
 * neighbours, public, spectator (Storyteller or spectator only), private (grimoire access only), system.
 */
export const defaultRecipients = (state: SessionState, userId: string): string[] => {
  const storytellers = state.storytellers.map((st) => st.id).filter((id) => id !== userId && isOnline(state, id));
  const own = seatIndexOf(state, userId);
  const neighbours =
    own < 0
      ? []
      : state.seats.flatMap((seat, i) =>
          seat.id && isOnline(state, seat.id) && areNeighbours(own, i, state.seats.length) ? [seat.id] : [],
        );
  // A player who stood up from a seat they still hold is no spectator (issue 14).
  const spectatorOrStoryteller = isStoryteller(state, userId) || !isInGame(state, userId);
  return [
    ...storytellers,
    ...neighbours,
    '',
    ...(spectatorOrStoryteller ? ['spectator'] : []),
    ...(hasGrimoireAccess(state, userId) ? ['private'] : []),
    'system',
  ];
};

/** Spec 2 §5 Text: whether `senderId` may write to `recipientId` right now. */
export const textRefusal = (state: SessionState, senderId: string, recipientId: string): Refusal | null => {
  const senderIsStoryteller = isStoryteller(state, senderId);
  const seated = seatIndexOf(state, senderId) >= 0;
  const moderator = isModeratorId(state, senderId);
  if (recipientId === 'private' || recipientId === 'system') return refuse('forbidden', 'Nobody writes there.');
  if (recipientId === '') {
    if (!seated && !senderIsStoryteller && !moderator)
      return refuse('forbidden', 'Spectators do not write in the public chat.');
    // Spec 2 §5: by day, someone away in a channel does not write to the town square.
    if (!senderIsStoryteller && !state.game.isNight && state.chat.channels[senderId])
      return refuse('forbidden', 'Leave your chat to write to everyone.');
    return null;
  }
  if (recipientId === 'spectator') {
    return !senderIsStoryteller && isInGame(state, senderId)
      ? refuse('forbidden', 'The spectator channel is for spectators and the Storyteller.')
      : null;
  }
  if (recipientId === senderId) return refuse('bad_request', 'Not to yourself.');
  if (!state.users[recipientId] || !isOnline(state, recipientId))
    return refuse('not_found', 'That person is not online.');
  const recipientSeated = seatIndexOf(state, recipientId) >= 0;
  const recipientIsStoryteller = isStoryteller(state, recipientId);
  if (senderIsStoryteller || recipientIsStoryteller) return null;
  if (!recipientSeated) return refuse('forbidden', 'Only seated players receive whispers.');
  if (!seated) return refuse('forbidden', 'Spectators write only to the Storyteller.');
  if (state.isWhispersDisabled) return refuse('forbidden', 'The Storyteller has turned whispers off.');
  if (defaultRecipients(state, senderId).includes(recipientId)) return null;
  // At night a character with the open-eyes ability may reach further than its neighbours.
  const role = state.seats[seatIndexOf(state, senderId)]?.role;
  if (state.game.isNight && hasSpecial(role, 'player', 'open-eyes')) return null;
  return refuse('forbidden', 'You whisper only to your neighbours and the Storyteller.');
};

/**
 * Spec 2 §4 / spec 3 §5 Signals: players send only at night and only to Storytellers; the
 * Storyteller sends to online players. Neutral only for the General, clockwise and anticlockwise
 * only for the Shugenja; minion selections up to the minion count; bluffs exactly 3.
 */
export const signalRefusal = (
  state: SessionState,
  senderId: string,
  to: string[],
  message: SignalPart[],
): Refusal | null => {
  if (message.length === 0) return refuse('bad_request', 'A signal needs at least one card.');
  if (to.length === 0) return refuse('bad_request', 'A signal needs someone to receive it.');
  const fromStoryteller = isStoryteller(state, senderId);
  if (!fromStoryteller) {
    if (seatIndexOf(state, senderId) < 0) return refuse('forbidden', 'Only seated players send signals.');
    if (!state.game.isNight) return refuse('bad_request', 'Players send signals at night.');
    if (!to.every((id) => isStoryteller(state, id))) return refuse('forbidden', 'Players signal the Storyteller only.');
  } else {
    for (const id of to) {
      if (seatIndexOf(state, id) < 0 || !isOnline(state, id)) return refuse('not_found', 'That player is not online.');
    }
  }
  const recipientRoles = to.map((id) => state.seats[seatIndexOf(state, id)]?.role?.id);
  const nonTravellers = state.seats.filter((s) => s.role?.team !== 'traveller').length;
  const minionCount = distributionFor(Math.min(nonTravellers, 15))?.minion ?? 0;
  for (const part of message) {
    if (part.id === 'neutral' && !recipientRoles.every((r) => r === 'general')) {
      return refuse('bad_request', 'The neutral card is for the General.');
    }
    if ((part.id === 'clockwise' || part.id === 'anticlockwise') && !recipientRoles.every((r) => r === 'shugenja')) {
      return refuse('bad_request', 'Directions are for the Shugenja.');
    }
    const picked = Array.isArray(part.data) ? part.data.length : 0;
    if (part.id === 'minions' && picked > minionCount) return refuse('bad_request', `At most ${minionCount} minions.`);
    if (part.id === 'bluffs' && picked !== 3) return refuse('bad_request', 'Bluffs are exactly 3.');
  }
  return null;
};
