import { randomUUID } from 'node:crypto';
import type { Level, UserFlag } from '@belfry/engine';
import type { AuthTokens, LoginBody, PublicUser, RegisterBody, ResetBody } from '@belfry/protocol';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { alreadyRegisteredMail, recoveryMail, verificationMail } from '../mail/messages';
import { DEFAULT_LOCALE, type LocaleCode } from '@belfry/protocol/locales';
import { flagsOf } from '../users/users';
import { defaultLevelForNewAccounts } from '../users/settings';
import { EmailCodes } from './email-codes';
import { isDisposable } from './disposable';
import { type AccessClaims, hashToken, newRefreshToken, signAccessToken } from './tokens';

export interface ClientInfo {
  ip: string;
  agent: string;
  version: string;
}

export const WRONG_CREDENTIALS = 'Wrong e-mail address or password.';
const RELOGIN = 'Please log in again.';

export const toPublicUser = (row: UsersTable): PublicUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  level: row.level,
  flags: flagsOf(row),
});

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Accounts: registration, login, recovery and the tokens. Nothing here answers or logs
 * differently for an address that has an account and one that has not (issue 3): registration and
 * recovery always answer "check your mail", and both paths hash a password so they take as long;
 * every address, known or not, gets the same cooldowns, since a cooldown one address has and another
 * lacks would tell them apart as well as a different answer.
 */
export class Accounts {
  readonly emailCodes: EmailCodes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly ttl: { access: number; refresh: number },
    private readonly mailer: Mailer,
    private readonly appUrl: string,
  ) {
    this.emailCodes = new EmailCodes(db);
  }

  async register(
    body: RegisterBody,
    now = Date.now(),
    locale: LocaleCode = DEFAULT_LOCALE,
  ): Promise<{ status: 'verify'; email: string }> {
    const email = normalizeEmail(body.email);
    if (isDisposable(email))
      throw new HttpError(400, 'disposable_email', 'Disposable e-mail addresses are not allowed.');
    const passwordHash = await hash(body.password);
    const existing = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) return this.alreadyRegistered(email, now, locale);
    // The first account of a fresh install administers it (DESIGN: levels are granted by staff); later
    // ones get the operator's default (users/settings.ts), so a private group needs no per-user step.
    const anyone = await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    const level: Level = anyone ? await defaultLevelForNewAccounts(this.db) : 'special-tpi';
    const flags: UserFlag[] = ['newuser', 'tos-agreed'];
    const row: UsersTable = {
      id: randomUUID(),
      email,
      username: body.username.trim(),
      password_hash: passwordHash,
      level,
      flags: JSON.stringify(flags),
      created_at: now,
      updated_at: now,
      pronouns: '',
      expires: null,
      cosmetics: JSON.stringify({ border: '', borders: [], avatar: 0, avatars: [], emotes: [], stats: 'public' }),
      stats: JSON.stringify({
        games: 0,
        storyteller: 0,
        player: 0,
        stEvilWins: 0,
        playerWins: 0,
        editions: [],
        roles: [],
      }),
      accepts_marketing: body.acceptsMarketing ? 1 : 0,
      disabled_at: null,
      phone: null,
      patreon_id: null,
    };
    try {
      await this.db.insertInto('users').values(row).execute();
    } catch {
      // A concurrent registration of the same address won the unique index: treat it as existing.
      return this.alreadyRegistered(email, now, locale);
    }
    const code = await this.emailCodes.issue('verify', email, row.id, now, { ignoreCooldown: true });
    if (code) this.mailer.send(verificationMail(email, code, locale));
    return { status: 'verify', email };
  }

  async login(body: LoginBody, client: ClientInfo, now = Date.now()): Promise<AuthTokens> {
    const email = normalizeEmail(body.email);
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    if (!row) {
      await verify(await decoy(), body.password);
      throw new HttpError(401, 'invalid_credentials', WRONG_CREDENTIALS);
    }
    if (!(await verify(row.password_hash, body.password))) {
      throw new HttpError(401, 'invalid_credentials', WRONG_CREDENTIALS);
    }
    if (row.disabled_at !== null) {
      throw new HttpError(
        403,
        'account_disabled',
        'This account is disabled. Contact support if you think this is a mistake.',
      );
    }
    return this.issue(row, null, client, now);
  }

  /** Sends a reset code when the address has an account; answers the same either way. */
  async recover(rawEmail: string, now = Date.now(), locale: LocaleCode = DEFAULT_LOCALE): Promise<{ status: 'sent' }> {
    const email = normalizeEmail(rawEmail);
    const row = await this.db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
    const code = await this.emailCodes.issue('reset', email, row?.id ?? null, now);
    if (code) this.mailer.send(recoveryMail(email, code, locale));
    return { status: 'sent' };
  }

  /** A correct reset code sets the new password, ends every other login and logs in. */
  async reset(body: ResetBody, client: ClientInfo, now = Date.now()): Promise<AuthTokens> {
    const email = normalizeEmail(body.email);
    const userId = await this.emailCodes.redeem('reset', email, body.code, now, 'invalid_code');
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) throw new HttpError(400, 'invalid_code', 'The code is wrong or has expired.');
    const flags = [...new Set([...flagsOf(row), 'verified-email'])];
    await this.db
      .updateTable('users')
      .set({ password_hash: await hash(body.password), flags: JSON.stringify(flags), updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, updated_at: now })
      .where('user_id', '=', row.id)
      .where('revoked_at', 'is', null)
      .execute();
    await this.db
      .updateTable('logins')
      .set({ ended_at: now, updated_at: now })
      .where('user_id', '=', row.id)
      .where('ended_at', 'is', null)
      .execute();
    return this.issue({ ...row, flags: JSON.stringify(flags) }, null, client, now);
  }

  /** Finishes a registration from its mailed code (no login yet): verifies the address and logs in. */
  async verifyPending(rawEmail: string, code: string, client: ClientInfo, now = Date.now()): Promise<AuthTokens> {
    const email = normalizeEmail(rawEmail);
    const userId = await this.emailCodes.redeem('verify', email, code, now, 'wrong_code');
    const row = await this.markEmailVerified(userId, now);
    if (!row) throw new HttpError(400, 'wrong_code', 'That code is not right.');
    return this.issue(row, null, client, now);
  }

  /** Resends a pending registration's code; the same answer whether or not one is pending. */
  async resendPending(
    rawEmail: string,
    now = Date.now(),
    locale: LocaleCode = DEFAULT_LOCALE,
  ): Promise<{ status: 'sent' }> {
    const email = normalizeEmail(rawEmail);
    const userId = await this.emailCodes.pendingUser('verify', email);
    const code = await this.emailCodes.issue('verify', email, userId, now);
    if (code) this.mailer.send(verificationMail(email, code, locale));
    return { status: 'sent' };
  }

  async resendFor(row: UsersTable, now = Date.now(), locale: LocaleCode = DEFAULT_LOCALE): Promise<{ status: 'sent' }> {
    if (flagsOf(row).includes('verified-email')) {
      throw new HttpError(404, 'already_verified', 'Your e-mail address is verified already.');
    }
    if (isDisposable(row.email))
      throw new HttpError(400, 'disposable_email', 'Disposable e-mail addresses are not allowed.');
    const code = await this.emailCodes.issue('verify', row.email, row.id, now);
    if (code) this.mailer.send(verificationMail(row.email, code, locale));
    return { status: 'sent' };
  }

  async verifyFor(row: UsersTable, code: string, now = Date.now()): Promise<UsersTable> {
    if (flagsOf(row).includes('verified-email')) {
      throw new HttpError(404, 'already_verified', 'Your e-mail address is verified already.');
    }
    await this.emailCodes.redeem('verify', row.email, code, now, 'wrong_code');
    return (await this.markEmailVerified(row.id, now))!;
  }

  /**
   * Rotates a refresh token within its login, which stays the same. Presenting a spent one ends the
   * login (theft detection): its refresh and access tokens stop working.
   */
  async refresh(token: string, client: ClientInfo, now = Date.now()): Promise<AuthTokens> {
    const stored = await this.db
      .selectFrom('refresh_tokens')
      .leftJoin('logins', 'logins.id', 'refresh_tokens.family')
      .selectAll('refresh_tokens')
      .select('logins.ended_at as login_ended_at')
      .select('logins.id as login_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!stored || stored.expires_at <= now) throw new HttpError(401, 'unauthorized', RELOGIN);
    if (stored.revoked_at !== null || stored.login_id === null || stored.login_ended_at !== null) {
      await this.revokeFamily(stored.family, now);
      throw new HttpError(401, 'unauthorized', RELOGIN);
    }
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, updated_at: now })
      .where('id', '=', stored.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) {
      await this.revokeFamily(stored.family, now);
      throw new HttpError(401, 'unauthorized', RELOGIN);
    }
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', stored.user_id).executeTakeFirst();
    if (!user || user.disabled_at !== null) throw new HttpError(401, 'unauthorized', RELOGIN);
    return this.issue(user, stored.family, client, now);
  }

  /** Ends the login the refresh token belongs to: its refresh and access tokens stop working. */
  async logout(token: string, now = Date.now()): Promise<void> {
    const stored = await this.db
      .selectFrom('refresh_tokens')
      .select('family')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (stored) await this.revokeFamily(stored.family, now);
  }

  async byId(id: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The user of a verified access token while its login lasts (one lookup by primary keys), with
   * the address of that login's last login or refresh.
   */
  async liveLogin(claims: AccessClaims): Promise<{ user: UsersTable; ip: string } | undefined> {
    const row = await this.db
      .selectFrom('logins')
      .innerJoin('users', 'users.id', 'logins.user_id')
      .selectAll('users')
      .select('logins.ip as login_ip')
      .where('logins.id', '=', claims.loginId)
      .where('logins.user_id', '=', claims.userId)
      .where('logins.ended_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const { login_ip: ip, ...user } = row;
    return { user, ip };
  }

  private async markEmailVerified(userId: string, now: number): Promise<UsersTable | undefined> {
    const row = await this.byId(userId);
    if (!row) return undefined;
    const flags = [...new Set([...flagsOf(row), 'verified-email'])];
    await this.db
      .updateTable('users')
      .set({ flags: JSON.stringify(flags), updated_at: now })
      .where('id', '=', userId)
      .execute();
    return { ...row, flags: JSON.stringify(flags) };
  }

  /**
   * The answer to registering an address that has an account: a notice to its owner, and the resend
   * cooldown a new registration would start, so that a resend right after answers alike. The owner's
   * pending code, if any, stays valid.
   */
  private async alreadyRegistered(
    email: string,
    now: number,
    locale: LocaleCode,
  ): Promise<{ status: 'verify'; email: string }> {
    await this.emailCodes.markSent('verify', email, now);
    this.mailer.send(alreadyRegisteredMail(email, this.appUrl, locale));
    return { status: 'verify', email };
  }

  private async revokeFamily(family: string, now: number): Promise<void> {
    await this.db
      .updateTable('logins')
      .set({ ended_at: now, updated_at: now })
      .where('id', '=', family)
      .where('ended_at', 'is', null)
      .execute();
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, updated_at: now })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** New tokens: for a new login when `loginId` is null, else the next rotation within that login. */
  private async issue(user: UsersTable, loginId: string | null, client: ClientInfo, now: number): Promise<AuthTokens> {
    const ip = client.ip.slice(0, 64);
    const family = loginId ?? randomUUID();
    if (loginId === null) {
      await this.db
        .insertInto('logins')
        .values({ id: family, user_id: user.id, created_at: now, updated_at: now, ended_at: null, ip })
        .execute();
    } else {
      await this.db.updateTable('logins').set({ updated_at: now, ip }).where('id', '=', family).execute();
    }
    const refreshToken = newRefreshToken();
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: randomUUID(),
        user_id: user.id,
        token_hash: hashToken(refreshToken),
        family,
        created_at: now,
        updated_at: now,
        expires_at: now + this.ttl.refresh * 1000,
        revoked_at: null,
        version: client.version.slice(0, 32),
        ip,
        agent: client.agent.slice(0, 512),
      })
      .execute();
    const access = await signAccessToken(
      this.key,
      { userId: user.id, level: user.level as Level, loginId: family },
      this.ttl.access,
      now,
    );
    return { accessToken: access.token, accessExpires: access.expires, refreshToken, user: toPublicUser(user) };
  }
}

// A hash of a random password, verified against when the e-mail is unknown, so that an unknown
// address and a wrong password take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash(newRefreshToken()));
