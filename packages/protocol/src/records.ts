import {
  type GameRecord,
  MAX_CHRONICLE_ENTRIES,
  MAX_PLAYERS,
  MAX_SESSION_USERS,
  MAX_STORYTELLERS,
  type RecordPart,
} from '@belfry/engine';
import { z } from 'zod';

/**
 * Game records (issue 18): the published schema of a finished game as `GET /backend/games/:id`
 * answers it and the record page exports it (served as JSON Schema at `/game-record-schema.json`).
 * Times are milliseconds since 1970 (UTC); seats are numbered from 0 in the circle's order.
 */

/** Spec 2 §9 Max players 20; a session remembers 100 people; the chronicle keeps 1,000 entries. */
const MAX_SEATS = MAX_PLAYERS;
const MAX_PEOPLE = MAX_SESSION_USERS;
const MAX_TIMELINE = MAX_CHRONICLE_ENTRIES;

/** A record id: made by the server, at most 32 characters of A–Z, a–z, 0–9, _ and -. */
export const recordId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'A game record id is 1 to 32 letters, digits, _ or -.');

const time = z.number().int().nonnegative().describe('ms since 1970-01-01 UTC');
const seatIndex = z
  .number()
  .int()
  .min(0)
  .max(MAX_SEATS - 1);
const person = z.object({ id: z.string().max(64), username: z.string().max(150) });
const role = z.object({
  id: z.string().max(100),
  name: z.string().max(200),
  team: z.enum(['townsfolk', 'outsider', 'minion', 'demon', 'traveller', 'fabled', 'loric']),
});

const timelineEntry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), at: time, players: z.number().int().min(0).max(MAX_SEATS) }),
  z.object({
    type: z.literal('phase'),
    at: time,
    phase: z.number().int().min(1).describe('1 is the first night; odd numbers are nights, even numbers days'),
    isNight: z.boolean(),
    number: z.number().int().min(1).describe('night or day number'),
  }),
  z.object({ type: z.enum(['death', 'revive']), at: time, seat: seatIndex }),
  z.object({
    type: z.literal('nomination'),
    at: time,
    phase: z.number().int().min(0),
    nominator: seatIndex,
    nominee: seatIndex,
    nominationType: z.enum(['regular', 'baker', 'zookeeper']),
    kind: z.enum(['execution', 'exile']),
    majority: z.number().int().min(0),
    hands: z
      .array(z.number().min(-100).max(100).nullable())
      .max(MAX_SEATS)
      .describe('hands raised per seat; null where the reader may not know a hand of a secret vote'),
    total: z.number().describe('the count, multipliers applied'),
    secret: z.boolean(),
    marked: z.boolean().describe('the nominee was marked for execution when the nomination ended'),
    finished: z.boolean().describe('the vote was finished into the vote history (not closed)'),
  }),
  z.object({ type: z.literal('end'), at: time, isEvilWin: z.boolean() }),
]);

export const gameRecordSchema = z
  .object({
    format: z.literal(1),
    id: recordId,
    sessionId: z.string().max(20).optional().describe('the session code: only for those who took part'),
    script: z.object({
      id: z.string().max(100),
      name: z.string().max(200),
      author: z.string().max(200),
      isOfficial: z.boolean(),
    }),
    startedAt: time,
    endedAt: time,
    result: z.enum(['good', 'evil']).describe('the team that won'),
    storytellers: z.array(person).max(MAX_STORYTELLERS),
    seats: z
      .array(
        z.object({
          index: seatIndex,
          userId: z.string().max(64).describe("'' for a seat nobody held"),
          username: z.string().max(150),
          role: role.nullable(),
          alignment: z.enum(['good', 'evil']).nullable().describe('at the end of the game'),
          isDead: z.boolean(),
        }),
      )
      .max(MAX_SEATS),
    spectators: z.array(person).max(MAX_PEOPLE),
    timeline: z.array(timelineEntry).max(MAX_TIMELINE),
  })
  .describe('A finished game of Belfry, as one reader may read it');

export type GameRecordWire = z.infer<typeof gameRecordSchema>;
/** The engine's record fits the published schema (a compile-time check). */
export const asWireRecord = (record: GameRecord): GameRecordWire => record;

/** The JSON Schema of an exported record. */
export const gameRecordJsonSchema = (): unknown =>
  z.toJSONSchema(gameRecordSchema, { unrepresentable: 'any', target: 'draft-2020-12' });

/** POST /backend/games/:id: a Storyteller of the game makes its record public, or private again. */
export const recordVisibilityBody = z.object({ isPublic: z.boolean() }).strict();

/** Records per page of GET /backend/games. */
export const RECORDS_PAGE_SIZE = 20;

/** GET /backend/games?page=&session=: the caller's own records, newest first. */
export const recordListQuery = z
  .object({
    mine: z.string().max(5).optional(),
    page: z.coerce.number().int().min(0).max(10_000).default(0),
    session: z.string().max(20).optional(),
  })
  .strict();

/** One row of the caller's records. */
export interface RecordSummary {
  id: string;
  script: { id: string; name: string };
  startedAt: number;
  endedAt: number;
  result: 'good' | 'evil';
  players: number;
  isPublic: boolean;
  part: RecordPart;
  /** The character they ended with, when they played. */
  role: { id: string; name: string } | null;
  /** Whether their team won, when they played with an alignment. */
  won: boolean | null;
}

export interface RecordList {
  rows: RecordSummary[];
  page: number;
  hasMore: boolean;
}

/** GET /backend/games/:id: the record as the caller may read it, and what they may do with it. */
export interface RecordAnswer {
  record: GameRecordWire;
  isPublic: boolean;
  part: RecordPart | null;
  /** A Storyteller of the game may make it public. */
  mayPublish: boolean;
}
