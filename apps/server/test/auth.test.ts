import type { AuthTokens } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, register, startTestServer, testConfig } from './harness';

describe.each(DIALECTS)('accounts (%s)', (dialect) => {
  let server: BelfryServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase(dialect);
    drop = db.drop;
    server = await startTestServer(testConfig(db));
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('the first account administers the install; later ones have no level', async () => {
    const first = await register(server, 'founder');
    const second = await register(server, 'second');
    expect(first.user.level).toBe('special-tpi');
    expect(second.user.level).toBe('none');
    const me = await api<{ username: string }>(server, 'GET', '/backend/me', undefined, second.accessToken);
    expect(me.body.username).toBe('second');
  });

  it('stores an argon2id hash, never the password', async () => {
    await api(server, 'POST', '/backend/auth/register', {
      email: 'hash@example.test',
      password: 'plain-secret',
      username: 'hashy',
    });
    const row = await server.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'hash@example.test')
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.password_hash).not.toContain('plain-secret');
  });

  it('refuses a second account with the same e-mail address', async () => {
    const body = { email: 'Twice@Example.test', password: 'secret1', username: 'twice' };
    expect((await api(server, 'POST', '/backend/auth/register', body)).status).toBe(201);
    const again = await api<{ error: { code: string } }>(server, 'POST', '/backend/auth/register', {
      ...body,
      email: 'twice@example.test',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('email_taken');
  });

  it('refuses bad bodies with a clear error', async () => {
    const res = await api<{ error: { code: string; message: string } }>(server, 'POST', '/backend/auth/register', {
      email: 'x@example.test',
      password: '12345',
      username: 'ok-name',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.message).toContain('password');
  });

  it("answers 'Wrong e-mail address or password.' for an unknown address and a wrong password alike", async () => {
    await api(server, 'POST', '/backend/auth/register', {
      email: 'login@example.test',
      password: 'right-pass',
      username: 'login',
    });
    const wrong = await api<{ error: { message: string } }>(server, 'POST', '/backend/auth/login', {
      email: 'login@example.test',
      password: 'wrong-pass',
    });
    const unknown = await api<{ error: { message: string } }>(server, 'POST', '/backend/auth/login', {
      email: 'nobody@example.test',
      password: 'wrong-pass',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe('Wrong e-mail address or password.');
    expect(unknown.body.error.message).toBe('Wrong e-mail address or password.');
    const ok = await api<AuthTokens>(server, 'POST', '/backend/auth/login', {
      email: 'LOGIN@example.test',
      password: 'right-pass',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.accessToken).toBeTruthy();
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole family', async () => {
    const tokens = await register(server);
    const first = await api<AuthTokens>(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(tokens.refreshToken);
    const stored = await server.db.kysely.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === first.body.refreshToken)).toBe(false); // only hashes are kept

    const replay = await api(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(replay.status).toBe(401);
    const afterTheft = await api(server, 'POST', '/backend/auth/refresh', { refreshToken: first.body.refreshToken });
    expect(afterTheft.status).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const tokens = await register(server);
    expect((await api(server, 'POST', '/backend/auth/logout', { refreshToken: tokens.refreshToken })).status).toBe(204);
    expect((await api(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(
      401,
    );
  });

  it('protected calls need a valid access token', async () => {
    expect((await api(server, 'GET', '/backend/me')).status).toBe(401);
    expect((await api(server, 'GET', '/backend/sessions', undefined, 'not-a-token')).status).toBe(401);
  });
});
