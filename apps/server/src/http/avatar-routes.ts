import { hasSubscription, type Level } from '@belfry/engine';
import fastifyMultipart from '@fastify/multipart';
import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  avatarLookupBody,
  UPLOADED_AVATAR,
  type AvatarInfo,
  type AvatarLookup,
  type AvatarUploadAnswer,
} from '@belfry/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../config';
import type { RateLimiter } from '../auth/rate-limit';
import type { UsersTable } from '../db/schema';
import { encodeAvatar, tooLarge, type AvatarStore } from '../users/avatars';
import { flagsOf, type Users } from '../users/users';
import type { Authenticate } from './authenticate';
import { HttpError, parseBody } from './errors';

/** Uploads per account: 10 an hour, counted in the database so that every node counts together. */
export const AVATAR_UPLOAD_LIMIT: Limit = { max: 10, windowSeconds: 3600 };
/** What a multipart request may add around its one file (boundaries, part headers). */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * A token bucket per key in this node's memory, for cheap reads that a database counter would cost
 * more than they do: it holds `burst` tokens and gains `perSecond` back.
 */
export class KeyBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {}

  take(key: string, now = Date.now()): void {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
      throw new HttpError(429, 'rate_limited', `Too many requests. Try again in ${retryAfter} s.`, retryAfter);
    }
    bucket.tokens -= 1;
    if (bucket.tokens >= this.burst - 1) this.buckets.delete(key);
    else this.buckets.set(key, bucket);
    // Full buckets are forgotten; a sweep now and then keeps idle keys from piling up.
    if (this.buckets.size > 10_000) {
      for (const [k, b] of this.buckets)
        if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(k);
    }
  }
}

/** `{userId}.webp`, the only name the picture route answers to. */
const IMAGE_NAME = /^([A-Za-z0-9_-]{1,64})\.webp$/;

interface Deps {
  users: Users;
  auth: Authenticate;
  limiter: RateLimiter;
  avatars: AvatarStore;
  uploadLimit?: Limit;
}

/**
 * Avatars (spec 2 §5, §7, §9): the upload (multipart field `avatar`, one file of at most 5 MB), the
 * pictures at /avatars/{userId}.webp, and a lookup of how the people a screen shows look.
 */
export const registerAvatarRoutes = (app: FastifyInstance, deps: Deps) => {
  const { users, auth, limiter, avatars } = deps;
  const lookups = new KeyBuckets(30, 0.5);
  const pictures = new KeyBuckets(300, 30);

  const infoOf = (row: UsersTable, version: number | undefined, now: number): AvatarInfo => {
    const shown = users.shownCosmetics(row, now);
    return { ...shown, version: shown.avatar === UPLOADED_AVATAR ? (version ?? null) : null };
  };

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 20 },
    });

    scope.post('/backend/user/avatar', async (req: FastifyRequest, reply) => {
      const user = await auth.required(req);
      // A body that says it is too large is refused before a byte of it is read, and the connection
      // is closed rather than drained.
      if (Number(req.headers['content-length'] ?? 0) > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD) {
        reply.header('connection', 'close');
        throw tooLarge();
      }
      if (flagsOf(user).includes('forced-avatar')) {
        throw new HttpError(403, 'forbidden', 'Your avatar is locked.');
      }
      const now = Date.now();
      if (!hasSubscription(user.level as Level, user.expires, now)) {
        throw new HttpError(403, 'subscription_needed', 'Uploading a picture needs a subscription.');
      }
      await limiter.hit(`avatar:account:${user.id}`, deps.uploadLimit ?? AVATAR_UPLOAD_LIMIT, now);
      if (!req.isMultipart())
        throw new HttpError(400, 'bad_request', `Send the picture as multipart field "${AVATAR_FIELD}".`);
      const data = await readOneFile(req);
      const webp = await encodeAvatar(data);
      const version = await avatars.save(user.id, webp, now);
      const updated = await users.addUploadedAvatar(user, now);
      const answer: AvatarUploadAnswer = {
        user: await users.me(updated, now),
        avatar: { ...infoOf(updated, version, now), version },
      };
      return answer;
    });
  });

  app.post('/backend/avatars/lookup', async (req): Promise<AvatarLookup> => {
    const viewer = await auth.required(req);
    lookups.take(viewer.id);
    const { ids } = parseBody(avatarLookupBody, req.body);
    const unique = [...new Set(ids)];
    const [rows, versions] = await Promise.all([users.byIds(unique), avatars.versions(unique)]);
    const now = Date.now();
    return Object.fromEntries(rows.map((row) => [row.id, infoOf(row, versions.get(row.id), now)]));
  });

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>('/avatars/:file', async (req, reply) => {
    pictures.take(`ip:${req.ip}`);
    const userId = IMAGE_NAME.exec(req.params.file)?.[1];
    const row = userId ? await users.byId(userId) : undefined;
    // A picture its owner may show (the card previews it before it is chosen); not once the level lapsed.
    const picture = row && users.mayShowUpload(row) ? await avatars.image(row.id) : null;
    if (!picture) throw new HttpError(404, 'not_found', 'No such picture.');
    const etag = `"${picture.version}"`;
    // The app asks with ?v={version}: such an address never changes its picture, so it is kept for good.
    const pinned = req.query.v === String(picture.version);
    reply
      .header('etag', etag)
      .header('cache-control', pinned ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('content-type', 'image/webp');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(picture.data);
  });
};

/** The one file of the request, in field `avatar`; anything more or else is refused. */
const readOneFile = async (req: FastifyRequest): Promise<Buffer> => {
  let data: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file' || part.fieldname !== AVATAR_FIELD || data) {
        throw new HttpError(400, 'bad_request', `Send one picture, in the multipart field "${AVATAR_FIELD}".`);
      }
      data = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new HttpError(400, 'bad_request', `Send one picture, in the multipart field "${AVATAR_FIELD}".`);
  }
  if (!data || data.length === 0) throw new HttpError(400, 'bad_request', 'The picture is missing.');
  return data;
};
