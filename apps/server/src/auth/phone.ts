import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SmsProvider } from '../mail/sms';
import { flagsOf } from '../users/users';
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
import { DEFAULT_LOCALE, type LocaleCode } from '@belfry/protocol/locales';
import { smsCodeText } from '../mail/messages';

/** Texts sent to one account per day at most; beyond it the number is blocked (403, contact support). */
const SENDS_PER_ACCOUNT_PER_DAY = 5;
const DAY_MS = 86_400_000;

export const formatPhone = (prefix: string, phone: string): string => `+${prefix.replace(/^\+/, '')} ${phone}`;

/**
 * Phone verification (spec 2 §4, §8): send a six-digit code by SMS, then check it. The statuses of
 * the spec map to: 429 cooldown (60 s before sending again, 10 s between submissions), 409 assigned
 * ('Value is already assigned'), 403 forbidden (too many texts: contact support), 402
 * payment_required (the install's daily SMS budget is used up), 404 not_found (nothing pending) and
 * 410 restart (the code expired or was guessed wrong too often): both reset the client's flow.
 */
export class PhoneVerification {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sms: SmsProvider,
    private readonly dailyBudget: number,
  ) {}

  async send(
    user: UsersTable,
    prefix: string,
    phone: string,
    locale: LocaleCode = DEFAULT_LOCALE,
    now = Date.now(),
  ): Promise<{ status: 'pending' | 'verified' }> {
    const number = formatPhone(prefix, phone);
    if (user.phone === number && flagsOf(user).includes('verified-phone')) return { status: 'verified' };
    await this.refuseAssigned(user.id, number);
    const pending = await this.db
      .selectFrom('phone_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (pending && now - pending.last_sent_at < RESEND_COOLDOWN_MS) {
      throw cooldown(RESEND_COOLDOWN_MS - (now - pending.last_sent_at));
    }
    const sentToday = await this.countSends('sms', user.id, now);
    if (sentToday >= SENDS_PER_ACCOUNT_PER_DAY) {
      throw new HttpError(403, 'forbidden', 'Too many codes were sent to this account today. Please contact support.');
    }
    if ((await this.countSends('sms', null, now)) >= this.dailyBudget) {
      throw new HttpError(
        402,
        'payment_required',
        'Phone verification is not available right now. Please try again tomorrow.',
      );
    }
    const code = newCode();
    const values = {
      user_id: user.id,
      phone: number,
      code_hash: hashCode(code, `phone:${user.id}:${number}`),
      expires_at: now + CODE_TTL_MS,
      attempts: 0,
      last_sent_at: now,
      last_attempt_at: null,
    };
    await this.db
      .insertInto('phone_codes')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    await this.db.insertInto('send_log').values({ kind: 'sms', key: user.id, at: now }).execute();
    await this.sms.send(number, smsCodeText(code, locale));
    return { status: 'pending' };
  }

  async check(user: UsersTable, prefix: string, phone: string, code: string, now = Date.now()): Promise<void> {
    const number = formatPhone(prefix, phone);
    const pending = await this.db
      .selectFrom('phone_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!pending || pending.phone !== number) {
      throw new HttpError(404, 'not_found', 'No code is waiting for this number. Please start again.');
    }
    if (pending.last_attempt_at !== null && now - pending.last_attempt_at < SUBMIT_COOLDOWN_MS) {
      throw cooldown(SUBMIT_COOLDOWN_MS - (now - pending.last_attempt_at));
    }
    if (pending.expires_at <= now || pending.attempts >= MAX_CODE_ATTEMPTS) {
      await this.db.deleteFrom('phone_codes').where('user_id', '=', user.id).execute();
      throw new HttpError(410, 'restart', 'This code has expired. Please start again.');
    }
    if (!codeMatches(code, `phone:${user.id}:${number}`, pending.code_hash)) {
      await this.db
        .updateTable('phone_codes')
        .set({ attempts: pending.attempts + 1, last_attempt_at: now })
        .where('user_id', '=', user.id)
        .execute();
      throw new HttpError(400, 'wrong_code', 'That code is not right.');
    }
    await this.refuseAssigned(user.id, number);
    const flags = [...new Set([...flagsOf(user), 'verified-phone'])];
    try {
      await this.db
        .updateTable('users')
        .set({ phone: number, flags: JSON.stringify(flags), updated_at: now })
        .where('id', '=', user.id)
        .execute();
    } catch {
      throw assigned(); // another account took the number meanwhile (unique index)
    }
    await this.db.deleteFrom('phone_codes').where('user_id', '=', user.id).execute();
  }

  private async refuseAssigned(userId: string, number: string): Promise<void> {
    const owner = await this.db.selectFrom('users').select('id').where('phone', '=', number).executeTakeFirst();
    if (owner && owner.id !== userId) throw assigned();
  }

  private async countSends(kind: string, key: string | null, now: number): Promise<number> {
    let query = this.db
      .selectFrom('send_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .where('at', '>', now - DAY_MS);
    if (key) query = query.where('key', '=', key);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

const assigned = () => new HttpError(409, 'assigned', 'Value is already assigned');
