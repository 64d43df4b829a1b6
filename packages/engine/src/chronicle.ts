import { hasGrimoireAccess } from './permissions';
import type { ChronicleEntry, ChronicleRole, Role, SessionState } from './types';
import { majority, voteTotal } from './vote';

/**
 * The chronicle of the game being played (issue 18): what its record will show, kept in the state
 * itself so that it survives a crash and is rebuilt by a replay like every other part. No view
 * carries it (the who-may-know table in README.md): it holds every hand of a secret vote and, at
 * the end, every character.
 */

/** At most this many entries: far beyond any real game; beyond it the oldest after the start go. */
export const MAX_CHRONICLE_ENTRIES = 1_000;

const roleOf = (role: Role | null): ChronicleRole | null =>
  role ? { id: role.id, name: role.name, team: role.team } : null;

/** The user a seat belongs to: whoever holds its character, else whoever sits there. */
export const seatUser = (seat: SessionState['seats'][number]): string => seat.holder || seat.id;

const push = (entries: ChronicleEntry[], entry: ChronicleEntry): void => {
  entries.push(entry);
  if (entries.length > MAX_CHRONICLE_ENTRIES) entries.splice(1, entries.length - MAX_CHRONICLE_ENTRIES);
};

/** A nomination that ended with this change: finished into the vote log, or closed. */
const endedNomination = (before: SessionState, after: SessionState, now: number): ChronicleEntry | null => {
  const nomination = before.vote.nomination;
  if (!nomination) return null;
  const still = after.vote.nomination;
  if (still && still[0] === nomination[0] && still[1] === nomination[1]) return null;
  const [nominator, nominee] = nomination;
  const logged = after.vote.history.at(-1);
  const finished = logged !== undefined && logged !== before.vote.history.at(-1);
  const secret = before.vote.isHidden;
  return {
    kind: 'nomination',
    at: now,
    phase: before.game.phase,
    nominator,
    nominee,
    nominationType: before.vote.nominationType,
    exile: before.seats[nominee]?.role?.team === 'traveller',
    majority: finished ? logged.majority : majority(before.seats, nominee),
    hands: before.seats.map((_, i) => before.vote.votes[i] ?? 0),
    total: finished ? logged.votes : voteTotal(before),
    secret,
    ...(secret ? { owners: before.seats.map((seat) => seat.id) } : {}),
    marked: after.vote.markedPlayer === nominee,
    finished,
  };
};

const endEntry = (after: SessionState, isEvilWin: boolean, now: number): ChronicleEntry => {
  const storytellers = after.storytellers.map((st) => st.id);
  const seats = after.seats.map((seat) => ({
    user: seatUser(seat),
    role: roleOf(seat.role),
    alignment: seat.alignment,
    isDead: seat.isDead,
  }));
  const inGame = new Set([...storytellers, ...seats.map((s) => s.user)]);
  const spectators = Object.values(after.users)
    .filter((u) => u.isOnline && !inGame.has(u.id) && !after.meta.banlist.includes(u.id))
    .map((u) => u.id);
  const { id, name, author, isOfficial } = after.edition;
  return {
    kind: 'end',
    at: now,
    isEvilWin,
    script: { id, name, author, isOfficial },
    storytellers,
    seats,
    spectators,
    grimoire: spectators.filter((userId) => hasGrimoireAccess(after, userId)),
  };
};

/**
 * The chronicle after one applied intent, from the states before and after it: a new game starts
 * it afresh; while a game runs, phases, deaths and revivals and ended nominations are added; the
 * end of the game closes it with the table as it ended. Returns the same array when nothing is added.
 */
export const chronicle = (
  before: SessionState,
  after: SessionState,
  intentType: string,
  now: number,
): ChronicleEntry[] | undefined => {
  const previous = after.chronicle;
  if (intentType === 'startGame') return [{ kind: 'start', at: now, players: after.seats.length }];
  const running = before.game.isRunning;
  if (!running || previous === undefined || previous[0]?.kind !== 'start') return previous;
  const entries = [...previous];

  if (after.game.phase > before.game.phase) {
    for (let phase = before.game.phase + 1; phase <= after.game.phase; phase++)
      push(entries, { kind: 'phase', at: now, phase });
  } else if (after.game.phase < before.game.phase) {
    // The undo within 10 s: the phase never happened.
    const last = entries.at(-1);
    if (last?.kind === 'phase' && last.phase === before.game.phase) entries.pop();
    else push(entries, { kind: 'phase', at: now, phase: after.game.phase });
  }

  const nomination = endedNomination(before, after, now);
  if (nomination) push(entries, nomination);

  // Seats compared by position: while a game runs, the circle is not rearranged.
  if (before.seats !== after.seats && before.seats.length === after.seats.length) {
    after.seats.forEach((seat, i) => {
      const was = before.seats[i]!;
      if (seat.isDead !== was.isDead) push(entries, { kind: seat.isDead ? 'death' : 'revive', at: now, seat: i });
    });
  }

  if (!after.game.isRunning) {
    const ended = after.game.history.at(-1);
    const isEvilWin = ended?.type === 'end' && (ended.data as { isEvilWin?: boolean }).isEvilWin === true;
    push(entries, endEntry(after, isEvilWin, now));
  }
  return entries.length === previous.length && entries.every((e, i) => e === previous[i]) ? previous : entries;
};

/** The chronicle of a game that ended (its last entry is the end), or null. */
export const endedChronicle = (state: SessionState): ChronicleEntry[] | null => {
  const entries = state.chronicle;
  if (!entries || entries[0]?.kind !== 'start' || entries.at(-1)?.kind !== 'end' || state.game.isRunning) return null;
  return entries;
};
