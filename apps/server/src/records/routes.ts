import { type GameRecord, isModeratorLevel, type Level, type RecordPart, recordFor } from '@belfry/engine';
import {
  gameRecordJsonSchema,
  RECORDS_PAGE_SIZE,
  recordId,
  recordListQuery,
  type RecordAnswer,
  type RecordList,
  recordVisibilityBody,
} from '@belfry/protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimiter } from '../auth/rate-limit';
import type { Limit } from '../config';
import type { Database } from '../db/schema';
import type { Authenticate } from '../http/authenticate';
import { HttpError, parseBody } from '../http/errors';

/** Reads (a record, a page of one's records) and visibility changes, per account. */
export const RECORD_LIMITS: { read: Limit; publish: Limit } = {
  read: { max: 300, windowSeconds: 600 },
  publish: { max: 30, windowSeconds: 600 },
};

interface Deps {
  db: Kysely<Database>;
  auth: Authenticate;
  limiter: RateLimiter;
}

/** The same answer for a record that does not exist and one the caller may not read: no oracle. */
const notFound = () => new HttpError(404, 'not_found', 'There is no such game record, or it is not yours to see.');

const idOf = (raw: string): string => {
  const parsed = recordId.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, 'bad_request', 'A game record id is 1 to 32 letters, digits, _ or -.');
  return parsed.data;
};

/**
 * Game records (issue 18): GET /backend/games/:id, the record as the caller may read it (those who
 * took part and moderators; anyone logged in once a Storyteller made it public); GET /backend/games,
 * the caller's own records, newest first, 20 a page; POST /backend/games/:id {isPublic}, by a
 * Storyteller of that game. The JSON Schema of a record is at /game-record-schema.json.
 */
export const registerRecordRoutes = (app: FastifyInstance, { db, auth, limiter }: Deps) => {
  const { read, publish } = RECORD_LIMITS;

  const partOf = async (id: string, userId: string): Promise<RecordPart | null> => {
    const row = await db
      .selectFrom('game_record_users')
      .select('part')
      .where('record_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.part ?? null;
  };

  app.get<{ Params: { id: string } }>('/backend/games/:id', async (req): Promise<RecordAnswer> => {
    const user = await auth.required(req);
    await limiter.hit(`records:account:${user.id}`, read);
    const id = idOf(req.params.id);
    const row = await db
      .selectFrom('game_records')
      .select(['record', 'is_public'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const part = await partOf(id, user.id);
    const isPublic = Number(row.is_public) === 1;
    if (!part && !isPublic && !isModeratorLevel(user.level as Level)) throw notFound();
    const record = recordFor(JSON.parse(row.record) as GameRecord, { id: user.id, part });
    return { record, isPublic, part, mayPublish: part === 'storyteller' };
  });

  app.post<{ Params: { id: string } }>('/backend/games/:id', async (req) => {
    const user = await auth.required(req);
    await limiter.hit(`records-publish:account:${user.id}`, publish);
    const id = idOf(req.params.id);
    const { isPublic } = parseBody(recordVisibilityBody, req.body);
    const row = await db.selectFrom('game_records').select('is_public').where('id', '=', id).executeTakeFirst();
    const part = row ? await partOf(id, user.id) : null;
    if (!row || (!part && Number(row.is_public) !== 1)) throw notFound();
    if (part !== 'storyteller') throw new HttpError(403, 'forbidden', 'Only a Storyteller of this game may do that.');
    await db
      .updateTable('game_records')
      .set({ is_public: isPublic ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    return { isPublic };
  });

  app.get('/backend/games', async (req): Promise<RecordList> => {
    const user = await auth.required(req);
    await limiter.hit(`records:account:${user.id}`, read);
    const parsed = recordListQuery.safeParse(req.query ?? {});
    if (!parsed.success)
      throw new HttpError(400, 'bad_request', 'Ask for a page number (0 or more) and at most a session code.');
    const { page, session } = parsed.data;
    let query = db
      .selectFrom('game_record_users')
      .innerJoin('game_records', 'game_records.id', 'game_record_users.record_id')
      .select(['game_records.record', 'game_records.is_public', 'game_record_users.part'])
      .where('game_record_users.user_id', '=', user.id);
    if (session) query = query.where('game_records.session_id', '=', session);
    const rows = await query
      .orderBy('game_records.ended_at', 'desc')
      .orderBy('game_records.id')
      .limit(RECORDS_PAGE_SIZE + 1)
      .offset(page * RECORDS_PAGE_SIZE)
      .execute();
    return {
      page,
      hasMore: rows.length > RECORDS_PAGE_SIZE,
      rows: rows.slice(0, RECORDS_PAGE_SIZE).map((row) => {
        const record = JSON.parse(row.record) as GameRecord;
        const seat = row.part === 'player' ? record.seats.find((s) => s.userId === user.id) : undefined;
        return {
          id: record.id,
          script: { id: record.script.id, name: record.script.name },
          startedAt: record.startedAt,
          endedAt: record.endedAt,
          result: record.result,
          players: record.seats.length,
          isPublic: Number(row.is_public) === 1,
          part: row.part,
          role: seat?.role ? { id: seat.role.id, name: seat.role.name } : null,
          won: seat?.alignment ? seat.alignment === record.result : null,
        };
      }),
    };
  });

  // The published schema of an exported record, like /script-schema.json.
  const schemaText = JSON.stringify(gameRecordJsonSchema(), null, 2);
  app.get('/game-record-schema.json', (_req, reply) => reply.type('application/schema+json').send(schemaText));
};
