import { endedChronicle } from './chronicle';
import { isNightPhase } from './phase';
import type { ChronicleEntry, ChronicleRole, EditionRef, NominationType, SessionState } from './types';

/**
 * The record of a finished game (issue 18), built from its chronicle at the reveal. The stored
 * record keeps every hand of a secret vote; `recordFor` answers each reader with what they may know,
 * by the rule of a live secret vote. `packages/protocol/src/records.ts` is its published schema.
 */

export const RECORD_FORMAT = 1;

export interface RecordPerson {
  id: string;
  username: string;
}

export interface RecordSeat {
  index: number;
  /** '' for a seat nobody held. */
  userId: string;
  username: string;
  role: ChronicleRole | null;
  alignment: 'good' | 'evil' | null;
  isDead: boolean;
}

export type RecordEntry =
  | { type: 'start'; at: number; players: number }
  | { type: 'phase'; at: number; phase: number; isNight: boolean; number: number }
  | { type: 'death' | 'revive'; at: number; seat: number }
  | {
      type: 'nomination';
      at: number;
      phase: number;
      nominator: number;
      nominee: number;
      nominationType: NominationType;
      kind: 'execution' | 'exile';
      majority: number;
      /** Hands per seat; null where the reader may not know a secret vote's hand. */
      hands: (number | null)[];
      total: number;
      secret: boolean;
      marked: boolean;
      finished: boolean;
      /** Stored only: who sat in each seat during a secret vote. Never sent. */
      owners?: string[];
    }
  | { type: 'end'; at: number; isEvilWin: boolean };

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  id: string;
  /** The session's code: for those who took part only (it lets one join a private session). */
  sessionId?: string;
  script: Pick<EditionRef, 'id' | 'name' | 'author' | 'isOfficial'>;
  startedAt: number;
  endedAt: number;
  result: 'good' | 'evil';
  storytellers: RecordPerson[];
  seats: RecordSeat[];
  spectators: RecordPerson[];
  timeline: RecordEntry[];
  /** Stored only: spectators who held the grimoire at the end (they read secret votes whole). Never sent. */
  grimoire?: string[];
}

/** Who took part in a game, and how (the record's `game_record_users` rows). */
export type RecordPart = 'storyteller' | 'player' | 'spectator';

/** What decides a reader's answer: who they are and their part in the game. */
export interface RecordReader {
  id: string;
  part: RecordPart | null;
}

const alignmentOf = (seat: { alignment: 'g' | 'e' | null; role: ChronicleRole | null }): RecordSeat['alignment'] => {
  if (seat.alignment === 'g') return 'good';
  if (seat.alignment === 'e') return 'evil';
  // A character without its own alignment has its team's (a traveller's is the Storyteller's choice).
  const team = seat.role?.team;
  if (team === 'townsfolk' || team === 'outsider') return 'good';
  if (team === 'minion' || team === 'demon') return 'evil';
  return null;
};

const entryOf = (entry: ChronicleEntry): RecordEntry | null => {
  switch (entry.kind) {
    case 'start':
      return { type: 'start', at: entry.at, players: entry.players };
    case 'phase':
      return {
        type: 'phase',
        at: entry.at,
        phase: entry.phase,
        isNight: isNightPhase(entry.phase),
        number: isNightPhase(entry.phase) ? Math.ceil(entry.phase / 2) : entry.phase / 2,
      };
    case 'death':
    case 'revive':
      return { type: entry.kind, at: entry.at, seat: entry.seat };
    case 'nomination': {
      const { kind: _kind, exile, owners, ...rest } = entry;
      return { type: 'nomination', ...rest, kind: exile ? 'exile' : 'execution', ...(owners ? { owners } : {}) };
    }
    case 'end':
      return { type: 'end', at: entry.at, isEvilWin: entry.isEvilWin };
  }
};

export interface BuiltRecord {
  record: GameRecord;
  /** Each user's part, for the index of who may read it. */
  parts: { userId: string; part: RecordPart }[];
}

/**
 * The record of the game that just ended in `state`, or null when none did (no game was started,
 * or it still runs). Built only from the chronicle (and the names users go by), so any node, at any
 * time after the end, builds the same record.
 */
export const gameRecord = (state: SessionState, id: string): BuiltRecord | null => {
  const entries = endedChronicle(state);
  if (!entries) return null;
  const start = entries[0] as Extract<ChronicleEntry, { kind: 'start' }>;
  const end = entries.at(-1) as Extract<ChronicleEntry, { kind: 'end' }>;
  const name = (userId: string) => state.users[userId]?.username ?? '';
  const person = (userId: string): RecordPerson => ({ id: userId, username: name(userId) });
  const parts = new Map<string, RecordPart>();
  for (const userId of end.spectators) parts.set(userId, 'spectator');
  for (const seat of end.seats) if (seat.user) parts.set(seat.user, 'player');
  for (const userId of end.storytellers) parts.set(userId, 'storyteller');
  const record: GameRecord = {
    format: RECORD_FORMAT,
    id,
    sessionId: state.sessionId,
    script: end.script,
    startedAt: start.at,
    endedAt: end.at,
    result: end.isEvilWin ? 'evil' : 'good',
    storytellers: end.storytellers.map(person),
    seats: end.seats.map((seat, index) => ({
      index,
      userId: seat.user,
      username: seat.user ? name(seat.user) : '',
      role: seat.role,
      alignment: alignmentOf(seat),
      isDead: seat.isDead,
    })),
    spectators: end.spectators.map(person),
    timeline: entries.flatMap((entry) => entryOf(entry) ?? []),
    grimoire: end.grimoire,
  };
  return { record, parts: [...parts].map(([userId, part]) => ({ userId, part })) };
};

/**
 * A record as one reader may read it: Storytellers and grimoire holders see every hand of a secret
 * vote, a player their own, everyone else only the count (as during the game). The session code
 * goes to those who took part. Who sat in a seat during a secret vote is never sent.
 */
export const recordFor = (record: GameRecord, reader: RecordReader): GameRecord => {
  const whole = reader.part === 'storyteller' || (reader.part !== null && !!record.grimoire?.includes(reader.id));
  const timeline = record.timeline.map((entry): RecordEntry => {
    if (entry.type !== 'nomination') return entry;
    const { owners, ...shown } = entry;
    if (!entry.secret || whole) return shown;
    return { ...shown, hands: entry.hands.map((hands, i) => (owners?.[i] === reader.id ? hands : null)) };
  });
  const { sessionId, grimoire: _grimoire, ...rest } = record;
  return { ...rest, ...(reader.part && sessionId !== undefined ? { sessionId } : {}), timeline };
};

/** The side a seat played for at the end, and whether it won. */
export const seatWon = (record: GameRecord, seat: RecordSeat): boolean | null =>
  seat.alignment === null ? null : seat.alignment === record.result;
