import fc from 'fast-check';
import { it } from 'vitest';
import { apply } from './apply';
import type { Intent } from './intents';
import { hasGrimoireAccess, seatIndexOf } from './permissions';
import { createSession } from './session';
import { T0, user } from './testing';
import type { Actor, Role, SessionState } from './types';
import { view } from './view';

/**
 * Issue 5: over random intent sequences, no view ever carries a role, reminder, alignment or status
 * its viewer may not see. 10,000 sequences (spec of the issue); each checks every viewer after every step.
 */
const USERS = ['st', 'alice', 'bob', 'carol', 'mod'] as const;
const ROLES: Role[] = [
  { id: 'imp', name: 'Imp', team: 'demon', reminders: ['Dead'] },
  { id: 'poisoner', name: 'Poisoner', team: 'minion', reminders: ['Poisoned'] },
  { id: 'chef', name: 'Chef', team: 'townsfolk' },
  { id: 'drunk', name: 'Drunk', team: 'outsider' },
  { id: 'scapegoat', name: 'Scapegoat', team: 'traveller' },
];

const actor = fc.constantFrom<Actor>(
  ...USERS.map((id) => ({ userId: id, level: id === 'mod' ? ('special-moderator' as const) : ('none' as const) })),
);
const seat = fc.integer({ min: -1, max: 6 });
const someone = fc.constantFrom(...USERS);
const role = fc.option(fc.constantFrom(...ROLES), { nil: null });
const alignment = fc.constantFrom(null, 'g' as const, 'e' as const);

const intent: fc.Arbitrary<Intent> = fc.oneof(
  seat.map((index) => ({ type: 'claimSeat', index }) as Intent),
  fc
    .array(fc.record({ role, alignment }), { minLength: 6, maxLength: 6 })
    .map((roles) => ({ type: 'distributeRoles', roles }) as Intent),
  fc.tuple(seat, role).map(([index, value]) => ({ type: 'updatePlayer', index, property: 'role', value }) as Intent),
  fc
    .tuple(seat, alignment)
    .map(([index, value]) => ({ type: 'updatePlayer', index, property: 'alignment', value }) as Intent),
  fc.tuple(seat, someone).map(([index, value]) => ({ type: 'updatePlayer', index, property: 'id', value }) as Intent),
  fc
    .tuple(someone, fc.constantFrom('request', 'receive', 'deny', 'remove' as const))
    .map(([id, status]) => ({ type: 'requestGrimoire', id, status }) as Intent),
  someone.map((id) => ({ type: 'addStoryteller', id }) as Intent),
  someone.map((id) => ({ type: 'removeStoryteller', id }) as Intent),
  someone.map((id) => ({ type: 'kickUser', id }) as Intent),
  fc.constant<Intent>({ type: 'startGame' }),
  fc.boolean().map((isEvilWin) => ({ type: 'endGame', isEvilWin }) as Intent),
  fc.constant<Intent>({ type: 'revealStep' }),
  fc.constant<Intent>({ type: 'toggleNight' }),
  fc.tuple(seat, fc.boolean()).map(([index, townSquare]) => ({ type: 'toggleLife', index, townSquare }) as Intent),
  seat.map((index) => ({ type: 'addReminder', index, role: 'poisoner', name: 'Poisoned' }) as Intent),
  seat.map((index) => ({ type: 'cycleAlignment', index }) as Intent),
  fc
    .tuple(seat, fc.constantFrom('open-eyes' as const, 'peek-eyes' as const, null))
    .map(([index, value]) => ({ type: 'openEyes', index, value }) as Intent),
  someone.map((to) => ({ type: 'whisperRequest', to }) as Intent),
  fc.constantFrom<Intent>({ type: 'whisperRemove' }, { type: 'channel', channel: 'room-2' }),
);

const start = (): SessionState => {
  const s = createSession({ sessionId: 'prop', owner: user('st'), seats: 6, now: T0 });
  for (const id of USERS) s.users[id] = { ...user(id), isOnline: true, grimoireAccess: 0, ping: null };
  s.users.mod!.level = 'special-moderator';
  return s;
};

const leaks = (state: SessionState, viewerId: string): string | null => {
  const v = view(state, viewerId);
  const moderator = viewerId === 'mod';
  for (const m of v.chat.messages) {
    const direct = !['', 'system', 'spectator', 'private'].includes(m.recipientId);
    if (direct && !moderator && m.senderId !== viewerId && m.recipientId !== viewerId && m.message) return 'a whisper';
    if (m.recipientId === 'spectator' && seatIndexOf(state, viewerId) >= 0 && !moderator)
      return 'the spectator channel';
  }
  const grimOrMod = hasGrimoireAccess(state, viewerId) || moderator;
  for (const [id, channel] of Object.entries(v.chat.channels)) {
    const theirs = state.chat.channels[id]!;
    if (
      !grimOrMod &&
      theirs.startsWith('whisper-') &&
      theirs !== state.chat.channels[viewerId] &&
      channel !== 'whisper'
    )
      return 'a whisper channel';
  }
  if (!grimOrMod && v.chat.whisperRequests.some((r) => r.from !== viewerId && r.to !== viewerId))
    return 'a whisper request';
  for (const sig of v.chat.signals) {
    if (!hasGrimoireAccess(state, viewerId) && sig.from !== viewerId && !sig.to.includes(viewerId)) return 'a signal';
  }
  if (hasGrimoireAccess(state, viewerId)) return null;
  // A grimoire signal shows the grimoire to its receiver on purpose.
  if (state.chat.signals.some((sig) => sig.to.includes(viewerId) && sig.message.some((p) => p.id === 'grimoire')))
    return null;
  const own = seatIndexOf(state, viewerId);
  for (const [i, shown] of v.seats.entries()) {
    const real = state.seats[i]!;
    if (i === own || real.revealed) continue;
    if (shown.role && shown.role.team !== 'traveller') return `seat ${i} role ${shown.role.id}`;
    if (shown.alignment) return `seat ${i} alignment`;
    if (shown.reminders.length > 0) return `seat ${i} reminders`;
    if (shown.status.length > 0) return `seat ${i} status`;
  }
  const demon = state.seats[own]?.role?.team === 'demon';
  const demonMaySee = demon && (state.seats.length > 6 || state.fabled.some((f) => f.id === 'toymaker'));
  if (!demonMaySee && v.bluffs.some((b) => b !== null)) return 'bluffs';
  if (v.storytellers.some((st) => st.role || st.alignment || st.reminders.length > 0)) return 'storyteller role';
  return null;
};

it('no view ever shows a viewer what they may not see (10,000 random sequences)', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(actor, intent), { maxLength: 14 }), (steps) => {
      let state = start();
      let now = T0;
      for (const [who, next] of steps) {
        now += 700;
        const asSystem = next.type === 'revealStep';
        const result = apply(
          state,
          next,
          asSystem ? { userId: '', level: 'none', isSystem: true } : who,
          now + (asSystem ? 5000 : 0),
        );
        if (result.ok) state = result.state;
        for (const viewer of USERS) {
          const leak = leaks(state, viewer);
          if (leak) throw new Error(`${viewer} sees ${leak}`);
        }
      }
    }),
    { numRuns: 10_000 },
  );
});
