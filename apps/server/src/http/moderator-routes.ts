import { isModeratorLevel, type Level } from '@belfry/engine';
import {
  announceBody,
  defaultLevelBody,
  moderatorSaveBody,
  moderatorSearchBody,
  type ModeratorUserAnswer,
} from '@belfry/protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimiter } from '../auth/rate-limit';
import type { Limit } from '../config';
import type { Database, UsersTable } from '../db/schema';
import type { AccountEvents } from '../sessions/accountEvents';
import type { SessionStore } from '../sessions/store';
import { ModerationQueries } from '../users/moderation';
import { saveModeratedUser } from '../users/moderation-save';
import { defaultLevelSettings, environmentDefaultLevel, storeDefaultLevel } from '../users/settings';
import type { Authenticate } from './authenticate';
import { HttpError, parseBody } from './errors';

/** Per moderator account; counted in the database, so every node counts together. */
export interface ModerationLimits {
  /** Searches and user views. */
  read: Limit;
  /** Saves of a user, and of the operator's setting. */
  save: Limit;
  announce: Limit;
}

export const MODERATION_LIMITS: ModerationLimits = {
  read: { max: 300, windowSeconds: 600 },
  save: { max: 60, windowSeconds: 600 },
  announce: { max: 10, windowSeconds: 600 },
};

/** The longest user id looked up; longer ones cannot exist and are answered as unknown. */
const USER_ID_MAX = 64;

const isStaff = (user: UsersTable) => user.level === 'special-tpi';

/**
 * The moderation console (spec 2 §7 moderator/search, moderator/{userId}), the operator's default
 * level, and announcements. Who may call is judged before anything else, so a caller without the
 * level learns nothing (not whether a user exists, not whether a body was valid) and moves no counter.
 */
export const registerModeratorRoutes = (
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    auth: Authenticate;
    limiter: RateLimiter;
    accountEvents: AccountEvents;
    store: SessionStore;
    limits?: ModerationLimits;
  },
) => {
  const { db, auth, limiter, accountEvents, store } = deps;
  const limits = deps.limits ?? MODERATION_LIMITS;
  const queries = new ModerationQueries(db);
  // A wrong DEFAULT_LEVEL stops the start here rather than at the first registration.
  environmentDefaultLevel();

  const moderator = async (req: Parameters<Authenticate['required']>[0], limit: keyof ModerationLimits) => {
    const user = await auth.required(req);
    if (!isModeratorLevel(user.level as Level)) throw new HttpError(403, 'forbidden', 'Moderators only.');
    await limiter.hit(`moderation:${limit}:${user.id}`, limits[limit]);
    return user;
  };
  const staff = async (req: Parameters<Authenticate['required']>[0], limit: keyof ModerationLimits) => {
    const user = await auth.required(req);
    if (!isStaff(user)) throw new HttpError(403, 'forbidden', 'Staff (special-tpi) only.');
    await limiter.hit(`moderation:${limit}:${user.id}`, limits[limit]);
    return user;
  };
  const target = async (id: string): Promise<UsersTable> => {
    const row =
      id.length <= USER_ID_MAX
        ? await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
        : undefined;
    if (!row) throw new HttpError(404, 'not_found', 'No such user.');
    return row;
  };

  app.post('/backend/moderator/search', async (req) => {
    await moderator(req, 'read');
    const { query, offset } = parseBody(moderatorSearchBody, req.body);
    return queries.search(query, offset);
  });

  // Registered before `:userId`, which would otherwise take "settings" for a user id.
  app.get('/backend/moderator/settings', async (req) => {
    await staff(req, 'read');
    return defaultLevelSettings(db);
  });

  app.post('/backend/moderator/settings', async (req) => {
    await staff(req, 'save');
    const { defaultLevel } = parseBody(defaultLevelBody, req.body);
    await storeDefaultLevel(db, defaultLevel);
    return defaultLevelSettings(db);
  });

  app.get<{ Params: { userId: string } }>('/backend/moderator/:userId', async (req) => {
    await moderator(req, 'read');
    return queries.view(await target(req.params.userId));
  });

  app.post<{ Params: { userId: string } }>(
    '/backend/moderator/:userId',
    async (req): Promise<ModeratorUserAnswer & { success: true }> => {
      const actor = await moderator(req, 'save');
      const body = parseBody(moderatorSaveBody, req.body);
      const outcome = await saveModeratedUser(db, actor, await target(req.params.userId), body);
      // Spec 2 §6: a banned user goes to the Banned page at once, from any game on any node.
      if (outcome.banned) accountEvents.banned(req.params.userId, outcome.banned.reason);
      return { success: true, ...(await queries.view(await target(req.params.userId))) };
    },
  );

  app.post('/backend/announce', async (req) => {
    await staff(req, 'announce');
    const { title, text, sessionName } = parseBody(announceBody, req.body);
    const sessionId = sessionName || undefined;
    if (sessionId && !(await store.exists(sessionId))) {
      throw new HttpError(404, 'not_found', 'No game has this name.');
    }
    accountEvents.announce({ title, text }, sessionId);
    return { success: true };
  });
};
