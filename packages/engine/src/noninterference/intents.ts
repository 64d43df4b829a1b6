import fc from 'fast-check';
import type { Intent } from '../intents';
import type { SessionState } from '../types';
import { arbAlignment, arbReminders, arbRole, arbSignal, arbUser, FABLED, SECRET_ROLES, T } from './states';

/** Every intent a client can send (the protocol's events), with arguments a hostile client would try. */
const seat = fc.integer({ min: -1, max: 9 });
const someone = fc.oneof(arbUser, fc.constant('nobody'));
const role = fc.option(arbRole, { nil: null });
const reminderRole = fc.constantFrom('poisoner', 'imp', 'drunk', 'good', 'custom', 'chef');
const reminderName = fc.constantFrom('Poisoned', 'Dead', 'Is the Drunk', 'Note');

export const arbClientIntent: fc.Arbitrary<Intent> = fc.oneof(
  seat.map((index): Intent => ({ type: 'claimSeat', index })),
  fc.constantFrom<Intent>(
    { type: 'requestStoryteller' },
    { type: 'startGame' },
    { type: 'toggleNight' },
    { type: 'attention' },
    { type: 'nominationType' },
    { type: 'whisperRemove' },
    { type: 'pointing', action: 'stop' },
    { type: 'pointing', action: 'start' },
    { type: 'pointing', action: 'start', team: 'minion' },
    { type: 'pointing', action: 'start', dead: true },
    { type: 'clear', what: 'roles' },
    { type: 'clear', what: 'players' },
    { type: 'marked', value: true },
    { type: 'voteIsHidden', value: true },
    { type: 'voteIsHidden', value: false },
  ),
  fc
    .tuple(fc.constantFrom('add', 'remove', 'move'), seat, seat, fc.integer({ min: 0, max: 9 }))
    .map(([op, a, b, count]): Intent =>
      op === 'add'
        ? { type: 'updateSeats', op, count }
        : op === 'remove'
          ? { type: 'updateSeats', op, index: a, count }
          : { type: 'updateSeats', op, from: a, to: b, count },
    ),
  someone.map((id): Intent => ({ type: 'addStoryteller', id })),
  someone.map((id): Intent => ({ type: 'removeStoryteller', id })),
  fc.tuple(someone, fc.boolean()).map(([id, accept]): Intent => ({ type: 'respondStoryteller', id, accept })),
  fc
    .tuple(someone, fc.constantFrom('request', 'receive', 'deny', 'remove' as const))
    .map(([id, status]): Intent => ({ type: 'requestGrimoire', id, status })),
  someone.map((id): Intent => ({ type: 'kickUser', id })),
  fc.boolean().map((isEvilWin): Intent => ({ type: 'endGame', isEvilWin })),
  fc
    .array(fc.record({ role, alignment: arbAlignment }), { minLength: 3, maxLength: 9 })
    .map((roles): Intent => ({ type: 'distributeRoles', roles })),
  fc.tuple(seat, role).map(([index, value]): Intent => ({ type: 'updatePlayer', index, property: 'role', value })),
  fc.tuple(seat, someone).map(([index, value]): Intent => ({ type: 'updatePlayer', index, property: 'id', value })),
  fc
    .tuple(seat, arbReminders)
    .map(([index, value]): Intent => ({ type: 'updatePlayer', index, property: 'reminders', value })),
  fc.tuple(seat, fc.boolean()).map(([index, townSquare]): Intent => ({ type: 'toggleLife', index, townSquare })),
  seat.map((index): Intent => ({ type: 'cycleAlignment', index })),
  fc.tuple(seat, reminderRole, reminderName, fc.boolean()).map(([index, role, name, allowDuplicates]): Intent => ({
    type: 'addReminder',
    index,
    role,
    name,
    allowDuplicates,
  })),
  fc.tuple(seat, fc.nat(3)).map(([index, at]): Intent => ({ type: 'removeReminder', index, at })),
  fc.tuple(seat, fc.nat(3)).map(([index, at]): Intent => ({ type: 'flipReminder', index, at })),
  fc.constantFrom('hand', 'fist', 'spock', null).map((icon): Intent => ({ type: 'raiseHand', icon })),
  seat.map((index): Intent => ({ type: 'point', index })),
  fc
    .tuple(seat, fc.constantFrom('open-eyes' as const, 'peek-eyes' as const, null))
    .map(([index, value]): Intent => ({ type: 'openEyes', index, value })),
  fc.tuple(seat, seat).map(([nominator, nominee]): Intent => ({ type: 'nomination', nominator, nominee })),
  fc
    .constantFrom('countdown', 'start', 'pause', 'resume', 'reset', 'finish', 'close', 'advance' as const)
    .map((action): Intent => ({ type: 'voteControl', action })),
  fc
    .tuple(seat, fc.nat(2), fc.integer({ min: T - 5000, max: T + 30_000 }))
    .map(([index, value, at]): Intent => ({ type: 'vote', index, value, at })),
  fc.constantFrom('3', 'x', 5).map((value): Intent => ({ type: 'voteHighscore', value })),
  fc.constantFrom(...SECRET_ROLES).map((bluff): Intent => ({ type: 'bluffs', bluffs: [bluff, null, null] })),
  fc.constantFrom(...FABLED).map((r): Intent => ({ type: 'fabled', action: 'add', role: r })),
  fc
    .tuple(
      fc.constantFrom('hi', 'the imp is p2'),
      fc.constantFrom('', 'spectator', 'private', 'system', 'st', 'p1', 'p2', 's1'),
    )
    .map(([message, recipientId]): Intent => ({ type: 'textMessage', message, recipientId })),
  fc.boolean().map((disabled): Intent => ({ type: 'whispers', disabled })),
  arbSignal.map((s): Intent => ({ type: 'signal', message: s.message, recipients: s.to })),
  fc
    .constantFrom('st', 'p1', 'p2', 'p3', 's1', 'mod')
    .chain((from) => arbSignal.map((s) => ({ type: 'signalSeen', id: `${s.time.toString(36)}-${from}` }) as Intent)),
  someone.map((to): Intent => ({ type: 'whisperRequest', to })),
  someone.map((to): Intent => ({ type: 'whisperRemove', to })),
  fc
    .constantFrom('', 'room-1', 'room-3', 'private', 'whisper-a', 'whisper-b', 'whisper-z')
    .map((channel): Intent => ({ type: 'channel', channel })),
  fc
    .tuple(fc.string({ maxLength: 5 }), fc.constantFrom(0, 5, 60))
    .map(([title, duration]): Intent => ({ type: 'timer', title, duration, isPausedDuringVotes: true })),
  fc.constantFrom(300, 1000, 20_000).map((speed): Intent => ({ type: 'voteSpeed', speed })),
);

/** Time passing: the steps the server runs by itself (the reveal excepted: it shows the grimoire on purpose). */
const TICKS: Intent[] = [
  { type: 'voteComplete' },
  { type: 'pointingLock' },
  { type: 'hookEnd' },
  { type: 'clearSignals' },
  { type: 'expireMessages' },
  { type: 'whisperTimeout' },
  { type: 'timerHide' },
];
export const arbTick: fc.Arbitrary<Intent> = fc.constantFrom<Intent>(...TICKS);

const TICK_TYPES = new Set(TICKS.map((tick) => tick.type));
/** Whether the server sends this intent itself (as the system actor), not a client. */
export const isTick = (intent: Intent): boolean => TICK_TYPES.has(intent.type);

/**
 * Intents aimed at what this viewer can reach (their seat, empty seats, their signals, their
 * neighbours), so that accepted intents are common and their effects get compared too.
 */
export const arbViewerIntent = (s: SessionState, viewer: string): fc.Arbitrary<Intent> => {
  const own = s.seats.findIndex((seat) => seat.id === viewer);
  const empty = s.seats.flatMap((seat, i) => (seat.id === '' ? [i] : []));
  const mine = s.chat.signals.filter((sig) => sig.to.includes(viewer)).map((sig) => sig.id);
  const people = Object.keys(s.users).filter((id) => id !== viewer);
  const options: fc.Arbitrary<Intent>[] = [
    fc.constantFrom(...people).map((to): Intent => ({ type: 'whisperRequest', to })),
    fc
      .tuple(fc.constantFrom('hi', 'psst'), fc.constantFrom('', 'spectator', ...people))
      .map(([message, recipientId]): Intent => ({ type: 'textMessage', message, recipientId })),
    fc.constantFrom(...s.seats.map((_, i) => i)).map((index): Intent => ({ type: 'point', index })),
  ];
  if (empty.length) options.push(fc.constantFrom(...empty).map((index): Intent => ({ type: 'claimSeat', index })));
  if (mine.length) options.push(fc.constantFrom(...mine).map((id): Intent => ({ type: 'signalSeen', id })));
  if (own >= 0) {
    options.push(
      fc
        .tuple(fc.nat(2), fc.integer({ min: T - 2000, max: T + 20_000 }))
        .map(([value, at]): Intent => ({ type: 'vote', index: own, value, at })),
      fc.constantFrom<Intent>(
        { type: 'claimSeat', index: -1 },
        { type: 'cycleAlignment', index: own },
        { type: 'openEyes', index: own, value: 'open-eyes' },
        { type: 'raiseHand', icon: 'hand' },
        { type: 'signal', message: [{ id: 'yes' }], recipients: ['st'] },
      ),
    );
  }
  return fc.oneof(...options);
};
