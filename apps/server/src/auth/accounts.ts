import { randomUUID } from 'node:crypto';
import type { Level, UserFlag } from '@belfry/engine';
import type { AuthTokens, LoginBody, PublicUser, RegisterBody } from '@belfry/protocol';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashToken, newRefreshToken, signAccessToken } from './tokens';

export interface ClientInfo {
  ip: string;
  agent: string;
  version: string;
}

export const WRONG_CREDENTIALS = 'Wrong e-mail address or password.';

export const toPublicUser = (row: UsersTable): PublicUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  level: row.level,
  flags: JSON.parse(row.flags) as UserFlag[],
});

// A hash of a random password, verified against when the e-mail is unknown, so that an unknown
// address and a wrong password take the same time.
let decoyHash: Promise<string> | undefined;

export class Accounts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly ttl: { access: number; refresh: number },
  ) {}

  async register(body: RegisterBody, client: ClientInfo, now = Date.now()): Promise<AuthTokens> {
    const email = body.email.trim().toLowerCase();
    const existing = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) throw new HttpError(409, 'email_taken', 'An account with this e-mail address exists already.');
    const passwordHash = await hash(body.password);
    // The first account of a fresh install administers it (DESIGN: levels are granted by staff).
    const anyone = await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    const level: Level = anyone ? 'none' : 'special-tpi';
    const row: UsersTable = {
      id: randomUUID(),
      email,
      username: body.username.trim(),
      password_hash: passwordHash,
      level,
      flags: JSON.stringify(['newuser'] satisfies UserFlag[]),
      created_at: now,
      updated_at: now,
    };
    try {
      await this.db.insertInto('users').values(row).execute();
    } catch {
      // A concurrent registration with the same address won the unique index.
      throw new HttpError(409, 'email_taken', 'An account with this e-mail address exists already.');
    }
    return this.issue(row, randomUUID(), client, now);
  }

  async login(body: LoginBody, client: ClientInfo, now = Date.now()): Promise<AuthTokens> {
    const email = body.email.trim().toLowerCase();
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    if (!row) {
      decoyHash ??= hash(newRefreshToken());
      await verify(await decoyHash, body.password);
      throw new HttpError(401, 'invalid_credentials', WRONG_CREDENTIALS);
    }
    if (!(await verify(row.password_hash, body.password))) {
      throw new HttpError(401, 'invalid_credentials', WRONG_CREDENTIALS);
    }
    return this.issue(row, randomUUID(), client, now);
  }

  /** Rotates a refresh token. Presenting a spent one revokes its whole family (theft detection). */
  async refresh(token: string, client: ClientInfo, now = Date.now()): Promise<AuthTokens> {
    const stored = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!stored || stored.expires_at <= now) throw new HttpError(401, 'unauthorized', 'Please log in again.');
    if (stored.revoked_at !== null) {
      await this.revokeFamily(stored.family, now);
      throw new HttpError(401, 'unauthorized', 'Please log in again.');
    }
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, updated_at: now })
      .where('id', '=', stored.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) {
      await this.revokeFamily(stored.family, now);
      throw new HttpError(401, 'unauthorized', 'Please log in again.');
    }
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', stored.user_id).executeTakeFirst();
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in again.');
    return this.issue(user, stored.family, client, now);
  }

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

  private async revokeFamily(family: string, now: number): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, updated_at: now })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
  }

  private async issue(user: UsersTable, family: string, client: ClientInfo, now: number): Promise<AuthTokens> {
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
        ip: client.ip.slice(0, 64),
        agent: client.agent.slice(0, 512),
      })
      .execute();
    const access = await signAccessToken(
      this.key,
      { userId: user.id, level: user.level as Level },
      this.ttl.access,
      now,
    );
    return { accessToken: access.token, accessExpires: access.expires, refreshToken, user: toPublicUser(user) };
  }
}
