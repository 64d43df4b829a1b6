import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  CODE_TTL_MS,
  cooldown,
  codeMatches,
  hashCode,
  MAX_CODE_ATTEMPTS,
  newCode,
  RESEND_COOLDOWN_MS,
  SUBMIT_COOLDOWN_MS,
} from './codes';

type Purpose = 'verify' | 'reset';

/**
 * Six-digit codes mailed for e-mail verification and password reset, stored hashed, one per
 * address and purpose, with the spec's cooldowns: 60 s between sends, 10 s between submissions.
 */
export class EmailCodes {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A new code for the address, replacing any earlier one; 429 within 60 s of the last send. With
   * no user (an address without an account) a placeholder is stored instead, so that cooldowns and
   * answers are the same for every address; nothing is returned then and nothing must be sent.
   */
  async issue(
    purpose: Purpose,
    email: string,
    userId: string | null,
    now: number,
    opts: { ignoreCooldown?: boolean } = {},
  ): Promise<string | undefined> {
    const existing = await this.find(purpose, email);
    if (!opts.ignoreCooldown && existing && now - existing.last_sent_at < RESEND_COOLDOWN_MS) {
      throw cooldown(RESEND_COOLDOWN_MS - (now - existing.last_sent_at));
    }
    const code = userId ? newCode() : undefined;
    const values = {
      purpose,
      email,
      user_id: userId ?? '',
      code_hash: code ? hashCode(code, `${purpose}:${email}`) : '',
      expires_at: now + CODE_TTL_MS,
      attempts: 0,
      last_sent_at: now,
      last_attempt_at: null,
    };
    await this.db
      .insertInto('email_codes')
      .values(values)
      .onConflict((oc) => oc.columns(['purpose', 'email']).doUpdateSet(values))
      .execute();
    return code;
  }

  /**
   * Starts the resend cooldown of an address as a send would, keeping any code it has: for an
   * address that gets a notice instead of a code, so that it answers like one that got a code.
   */
  async markSent(purpose: Purpose, email: string, now: number): Promise<void> {
    await this.db
      .insertInto('email_codes')
      .values({ ...placeholder(purpose, email, now), last_sent_at: now })
      .onConflict((oc) => oc.columns(['purpose', 'email']).doUpdateSet({ last_sent_at: now }))
      .execute();
  }

  /** The user a pending code belongs to, if any. */
  async pendingUser(purpose: Purpose, email: string): Promise<string | null> {
    return (await this.find(purpose, email))?.user_id || null;
  }

  /**
   * Checks a code; returns the user id and spends the code, or throws wrong/expired (same answer).
   * Every failed submission starts the 10 s cooldown, for an address with a pending code or without.
   */
  async redeem(
    purpose: Purpose,
    email: string,
    code: string,
    now: number,
    wrong: 'wrong_code' | 'invalid_code',
  ): Promise<string> {
    const message = wrong === 'wrong_code' ? 'That code is not right.' : 'The code is wrong or has expired.';
    const existing = await this.find(purpose, email);
    if (existing?.last_attempt_at != null && now - existing.last_attempt_at < SUBMIT_COOLDOWN_MS) {
      throw cooldown(SUBMIT_COOLDOWN_MS - (now - existing.last_attempt_at));
    }
    if (!existing || !existing.user_id || existing.expires_at <= now || existing.attempts >= MAX_CODE_ATTEMPTS) {
      await this.touch(purpose, email, now, existing?.attempts ?? 0);
      throw new HttpError(400, wrong, message);
    }
    if (!codeMatches(code, `${purpose}:${email}`, existing.code_hash)) {
      await this.touch(purpose, email, now, existing.attempts + 1);
      throw new HttpError(400, wrong, message);
    }
    await this.db.deleteFrom('email_codes').where('purpose', '=', purpose).where('email', '=', email).execute();
    return existing.user_id;
  }

  private find(purpose: Purpose, email: string) {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  private async touch(purpose: Purpose, email: string, now: number, attempts: number) {
    await this.db
      .insertInto('email_codes')
      .values({ ...placeholder(purpose, email, now), last_attempt_at: now })
      .onConflict((oc) => oc.columns(['purpose', 'email']).doUpdateSet({ last_attempt_at: now, attempts }))
      .execute();
  }
}

/** A row without a code: it holds an address's cooldowns when no code was sent to it. */
const placeholder = (purpose: Purpose, email: string, now: number) => ({
  purpose,
  email,
  user_id: '',
  code_hash: '',
  expires_at: now,
  attempts: 0,
  last_sent_at: 0,
  last_attempt_at: null,
});
