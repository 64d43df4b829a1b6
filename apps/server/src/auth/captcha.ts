import { randomInt } from 'node:crypto';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';

const CHALLENGE_TTL_MS = 10 * 60_000;

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
    signature: z.string().min(16).max(128),
  }),
  solution: z.object({
    counter: z.number().int().min(0),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

/**
 * ALTCHA proof of work: challenges are signed with a server secret, expire after 10 minutes and
 * each solved challenge is accepted once (its signature is remembered until it expires).
 */
export class Captcha {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
    private readonly maxCounter: number,
  ) {}

  challenge(now = Date.now()): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(Math.max(1, this.maxCounter)),
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.secret,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
    });
  }

  /** True once per solved, unexpired, untampered challenge. */
  async accept(payload: string, now = Date.now()): Promise<boolean> {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success) return false;
    const { challenge, solution } = parsed.data;
    const result = await verifySolution({
      challenge: challenge as unknown as Challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.secret,
    }).catch(() => null);
    if (!result?.verified) return false;
    await this.db.deleteFrom('captcha_used').where('expires_at', '<', now).execute();
    const inserted = await this.db
      .insertInto('captcha_used')
      .values({ signature: challenge.signature, expires_at: now + CHALLENGE_TTL_MS })
      .onConflict((oc) => oc.column('signature').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
