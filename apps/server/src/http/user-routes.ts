import { cutProfileText, updateUserBody } from '@belfry/protocol';
import type { FastifyInstance } from 'fastify';
import type { Limit } from '../config';
import type { RateLimiter } from '../auth/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AvatarStore } from '../users/avatars';
import type { Users } from '../users/users';
import type { Authenticate } from './authenticate';
import { KeyBuckets, registerAvatarRoutes } from './avatar-routes';
import { HttpError, parseBody } from './errors';

/** Profile updates per account: 30 in 10 minutes (the card sends one when it closes). */
export const PROFILE_UPDATE_LIMIT: Limit = { max: 30, windowSeconds: 600 };

/**
 * Spec 2 §5: username and pronouns are cut at 50, not refused; the schema then judges what is left
 * (a username cut to fewer than 3 characters by the trim is still refused).
 */
const cutTexts = (body: unknown): unknown => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const cut: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of ['username', 'pronouns']) {
    const value = cut[field];
    if (typeof value === 'string') cut[field] = cutProfileText(value.trim());
  }
  return cut;
};

/** The user's own account and other users' profiles (spec 2 §3, §5 Profile, §7), and avatars. */
export const registerUserRoutes = (
  app: FastifyInstance,
  deps: { users: Users; auth: Authenticate; limiter: RateLimiter; db: Kysely<Database> },
) => {
  const { users, auth, limiter } = deps;
  const profileReads = new KeyBuckets(60, 1);

  app.get('/backend/me', async (req) => users.me(await auth.account(req)));

  // The user is the token's, never one the body names: only one's own profile can change.
  app.post('/backend/user', async (req) => {
    const user = await auth.required(req);
    await limiter.hit(`profile:account:${user.id}`, PROFILE_UPDATE_LIMIT);
    const updated = await users.update(user, parseBody(updateUserBody, cutTexts(req.body)));
    return users.me(updated);
  });

  app.get<{ Params: { id: string } }>('/backend/user/:id', async (req) => {
    const viewer = await auth.required(req);
    profileReads.take(viewer.id);
    const profile = await users.profile(req.params.id.slice(0, 64), viewer);
    if (!profile) throw new HttpError(404, 'not_found', 'No such user.');
    return profile;
  });

  registerAvatarRoutes(app, { users, auth, limiter, avatars: new AvatarStore(deps.db) });
};
