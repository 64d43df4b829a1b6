import type { AuthTokens, Me } from '@belfry/protocol';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BelfryServer } from '../src/app';
import { loadSigningKey } from '../src/auth/secrets';
import {
  api,
  DIALECTS,
  freshDatabase,
  outboxCode,
  register,
  solveCaptcha,
  startTestServer,
  TEST_LIMITS,
  testConfig,
  tryConnect,
} from './harness';

type Answer = { status: number; body: unknown };

const LIMITS = {
  ...TEST_LIMITS,
  loginPerAccount: { max: 3, windowSeconds: 600 },
  registerPerAccount: { max: 3, windowSeconds: 3600 },
  recoverPerAccount: { max: 2, windowSeconds: 3600 },
  captchaFailPerIp: { max: 30, windowSeconds: 600 },
  unknownSessionPerIp: { max: 5, windowSeconds: 600 },
};

describe.each(DIALECTS)('account abuse (%s)', (dialect) => {
  let server: BelfryServer;
  let drop: () => Promise<void>;
  let storyteller: AuthTokens;
  let table: string;

  const newAddress = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const registerBody = (email: string, captcha: string) => ({
    email,
    password: 'secret-password',
    username: 'someone',
    acceptsTerms: true,
    acceptsMarketing: false,
    captcha,
  });
  const login = async (email: string, password = 'secret-password', captcha?: string) =>
    api<AuthTokens>(server, 'POST', '/backend/auth/login', {
      email,
      password,
      captcha: captcha ?? (await solveCaptcha(server)),
    });

  beforeAll(async () => {
    const db = await freshDatabase(dialect);
    drop = db.drop;
    server = await startTestServer(testConfig(db, { limits: LIMITS }));
    storyteller = await register(server, 'storyteller');
    const created = await api<{ sessionId: string }>(
      server,
      'POST',
      '/backend/sessions',
      { name: 'abuse-table' },
      storyteller.accessToken,
    );
    expect(created.status).toBe(201);
    table = created.body.sessionId;
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it("posts with a bad captcha move no account's counter, so they cannot lock the owner out; they are bounded per address", async () => {
    const victim = await register(server, 'victim');
    const { email } = victim.user;
    const garbage = { captcha: 'garbage' };
    const posts: [string, Record<string, unknown>][] = [
      ['/backend/auth/login', { email, password: 'guess', ...garbage }],
      ['/backend/auth/register', registerBody(email, 'garbage')],
      ['/backend/auth/recover', { email, ...garbage }],
    ];
    // As many as the address may fail: far over each per-account limit of this server (3, 3, 2).
    for (const [url, body] of posts) {
      for (let i = 0; i < LIMITS.captchaFailPerIp.max / posts.length; i++) {
        const res = await api<{ error: { code: string } }>(server, 'POST', url, body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('captcha_invalid');
      }
    }
    const over = await api<{ error: { code: string; retryAfter: number } }>(
      server,
      'POST',
      '/backend/auth/login',
      posts[0]![1],
    );
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(over.body.error.retryAfter).toBeGreaterThan(590);

    // The owner, even from that very address, still gets in with a solved captcha.
    const loggedIn = await login(email);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.user.id).toBe(victim.user.id);
    const recovered = await api(server, 'POST', '/backend/auth/recover', {
      email,
      captcha: await solveCaptcha(server),
    });
    expect(recovered.status).toBe(202);
    const registered = await api(
      server,
      'POST',
      '/backend/auth/register',
      registerBody(email, await solveCaptcha(server)),
    );
    expect(registered.status).toBe(202);
  });

  it('every account endpoint answers a known, a verified and an unknown address alike', async () => {
    const verified = (await register(server, 'verified')).user.email;
    const pending = newAddress('pending');
    expect(
      (await api(server, 'POST', '/backend/auth/register', registerBody(pending, await solveCaptcha(server)))).status,
    ).toBe(202);
    /** A code that is not `right`, so that a wrong guess never verifies by chance. */
    const other = (right: string) => (right === '000000' ? '111111' : '000000');

    /** As if more than a minute had passed: no cooldown holds for any address. */
    const letTimePass = () =>
      server.db.kysely.updateTable('email_codes').set({ last_sent_at: 0, last_attempt_at: null }).execute();
    /** The answers for each kind of address, with the address itself (echoed by register) blanked. */
    const round = async <T>(call: (email: string) => Promise<T>): Promise<T> => {
      const answers: string[] = [];
      for (const email of [pending, verified, newAddress('unknown')]) {
        answers.push(JSON.stringify(await call(email)).replaceAll(email, '<address>'));
      }
      expect(answers[1], 'verified vs pending').toBe(answers[0]);
      expect(answers[2], 'unknown vs pending').toBe(answers[0]);
      return JSON.parse(answers[0]!) as T;
    };
    /** A call and, at once, the same call again (which meets the cooldown the first one started). */
    const twice = (call: (email: string) => Promise<Answer>) =>
      round(async (email) => ({ first: await call(email), again: await call(email) }));
    const cooldown = (seconds: number) => ({
      status: 429,
      body: {
        error: { code: 'cooldown', message: `Please wait ${seconds} s before trying again.`, retryAfter: seconds },
      },
    });

    const loginAnswer = await round(async (email) => login(email, 'wrong-password'));
    expect(loginAnswer).toEqual({
      status: 401,
      body: { error: { code: 'invalid_credentials', message: 'Wrong e-mail address or password.' } },
    });

    await letTimePass();
    const resend = (email: string) => api(server, 'POST', '/backend/verify', { type: 'email', email });
    expect(await twice(resend)).toEqual({ first: { status: 202, body: { status: 'sent' } }, again: cooldown(60) });

    // The newest mail to the pending address is the code just resent.
    const verifyCode = await outboxCode(server, pending);
    await letTimePass();
    const submit = (email: string) =>
      api(server, 'POST', '/backend/verify', { type: 'email', email, code: other(verifyCode) });
    expect(await twice(submit)).toEqual({
      first: { status: 400, body: { error: { code: 'wrong_code', message: 'That code is not right.' } } },
      again: cooldown(10),
    });

    let resetCode = '';
    const reset = (email: string) =>
      api(server, 'POST', '/backend/auth/reset', { email, code: other(resetCode), password: 'new-password' });
    const resetAnswer = {
      first: { status: 400, body: { error: { code: 'invalid_code', message: 'The code is wrong or has expired.' } } },
      again: cooldown(10),
    };
    await letTimePass();
    expect(await twice(reset)).toEqual(resetAnswer);

    await letTimePass();
    const captchas = await Promise.all([1, 2, 3, 4, 5, 6].map(() => solveCaptcha(server)));
    const recover = (email: string) =>
      api(server, 'POST', '/backend/auth/recover', { email, captcha: captchas.pop()! });
    expect(await twice(recover)).toEqual({ first: { status: 202, body: { status: 'sent' } }, again: cooldown(60) });
    // With a reset code pending (or a placeholder for an unknown address), a wrong one answers alike too.
    resetCode = await outboxCode(server, pending);
    await letTimePass();
    expect(await twice(reset)).toEqual(resetAnswer);

    // Registering an address starts its resend cooldown whether it had an account or not, so a
    // resend right after cannot tell a new registration from an existing account.
    await letTimePass();
    const registerCaptchas = await Promise.all([1, 2, 3].map(() => solveCaptcha(server)));
    const registerThenResend = async (email: string) => ({
      register: await api(server, 'POST', '/backend/auth/register', registerBody(email, registerCaptchas.pop()!)),
      resend: await resend(email),
    });
    expect(await round(registerThenResend)).toEqual({
      register: { status: 202, body: { status: 'verify', email: '<address>' } },
      resend: cooldown(60),
    });

    // The pending account's own code still works after someone registered its address again.
    await letTimePass();
    const finished = await api<{ tokens: AuthTokens }>(server, 'POST', '/backend/verify', {
      type: 'email',
      email: pending,
      code: verifyCode,
    });
    expect(finished.status).toBe(200);
  });

  it('logout ends the login: its access token is refused over HTTP and on a socket handshake; refresh keeps the login', async () => {
    const first = await register(server, 'leaver');
    expect((await api(server, 'GET', '/backend/me', undefined, first.accessToken)).status).toBe(200);
    expect(await tryConnect(server, table, first.accessToken)).toBe('connected');

    const refreshed = await api<AuthTokens>(server, 'POST', '/backend/auth/refresh', {
      refreshToken: first.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.accessToken).sid).toBe(decodeJwt(first.accessToken).sid);
    const elsewhere = await login(first.user.email);
    expect(decodeJwt(elsewhere.body.accessToken).sid).not.toBe(decodeJwt(first.accessToken).sid);

    const out = await api(server, 'POST', '/backend/auth/logout', { refreshToken: refreshed.body.refreshToken });
    expect(out.status).toBe(204);
    for (const token of [first.accessToken, refreshed.body.accessToken]) {
      const me = await api<{ error: { code: string } }>(server, 'GET', '/backend/me', undefined, token);
      expect(me.status).toBe(401);
      expect(me.body.error.code).toBe('unauthorized');
      expect(await tryConnect(server, table, token)).toBe('unauthorized');
    }
    // Only that login ended: the one on another device goes on.
    expect((await api<Me>(server, 'GET', '/backend/me', undefined, elsewhere.body.accessToken)).status).toBe(200);
    expect(await tryConnect(server, table, elsewhere.body.accessToken)).toBe('connected');
  });

  it('a reused refresh token ends the login, access tokens included', async () => {
    const tokens = await register(server, 'robbed');
    await api(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken });
    expect((await api(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(
      401,
    );
    expect((await api(server, 'GET', '/backend/me', undefined, tokens.accessToken)).status).toBe(401);
  });

  it('a token without exp (or without sid) is refused, though signed with the right key for a live login', async () => {
    const tokens = await register(server, 'forever');
    const key = await loadSigningKey(server.db.kysely);
    const { sid } = decodeJwt(tokens.accessToken);
    const sign = (claims: { exp?: boolean; sid?: boolean }) => {
      let jwt = new SignJWT({ lvl: 'none', ...(claims.sid === false ? {} : { sid }) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(tokens.user.id)
        .setIssuedAt();
      if (claims.exp !== false) jwt = jwt.setExpirationTime('5m');
      return jwt.sign(key);
    };
    const complete = await sign({});
    expect((await api(server, 'GET', '/backend/me', undefined, complete)).status).toBe(200);
    for (const token of [await sign({ exp: false }), await sign({ sid: false })]) {
      expect((await api(server, 'GET', '/backend/me', undefined, token)).status).toBe(401);
      expect(await tryConnect(server, table, token)).toBe('unauthorized');
    }
  });

  it('handshakes naming unknown sessions are limited per address; a right code is refused too while the limit holds', async () => {
    const guesser = await register(server, 'guesser');
    const other = await register(server, 'bystander');
    expect(await tryConnect(server, table, guesser.accessToken)).toBe('connected');
    for (let i = 0; i < LIMITS.unknownSessionPerIp.max; i++) {
      expect(await tryConnect(server, `guess-${i}`, guesser.accessToken)).toBe('not_found');
    }
    expect(await tryConnect(server, 'guess-last', guesser.accessToken)).toBe('rate_limited');
    expect(await tryConnect(server, table, guesser.accessToken)).toBe('rate_limited');
    // Per address, not per account: another account from the same address cannot go on guessing.
    expect(await tryConnect(server, 'guess-other', other.accessToken)).toBe('rate_limited');

    // Once the window has passed, the address may look sessions up again.
    await server.db.kysely
      .updateTable('rate_limits')
      .set({ window_start: 0 })
      .where('key', 'like', 'session:ip:%')
      .execute();
    expect(await tryConnect(server, table, guesser.accessToken)).toBe('connected');
    expect(await tryConnect(server, 'guess-again', guesser.accessToken)).toBe('not_found');
  });

  it('REST shows other users only what the profile card and the lobby need: no e-mail, flags or account details', async () => {
    const viewer = await register(server, 'viewer');
    const target = await register(server, 'target');
    const profile = await api<{ user: Record<string, unknown>; stats: unknown }>(
      server,
      'GET',
      `/backend/user/${target.user.id}`,
      undefined,
      viewer.accessToken,
    );
    expect(profile.status).toBe(200);
    expect(Object.keys(profile.body).sort()).toEqual(['stats', 'user']);
    expect(Object.keys(profile.body.user).sort()).toEqual([
      'cosmetics',
      'createdAt',
      'id',
      'level',
      'pronouns',
      'username',
    ]);
    expect(Object.keys(profile.body.user.cosmetics as object).sort()).toEqual(['avatar', 'border', 'stats']);
    expect(JSON.stringify(profile.body)).not.toContain(target.user.email);

    expect(await tryConnect(server, table, target.accessToken)).toBe('connected');
    const listed = () =>
      api<Record<string, unknown>[]>(server, 'GET', '/backend/sessions', undefined, target.accessToken);
    // The join is committed just after the handshake answers: the private game lists the user once it is.
    await vi.waitFor(async () => expect((await listed()).body.some((s) => s.name === table)).toBe(true));
    const list = await listed();
    const item = list.body.find((s) => s.name === table)!;
    expect(item).toBeDefined();
    for (const user of item.usersAll as Record<string, unknown>[]) {
      expect(Object.keys(user).sort()).toEqual(['id', 'isOnline', 'username']);
    }
    const text = JSON.stringify(list.body);
    for (const secret of [target.user.email, storyteller.user.email, 'flags', 'verified-email', 'special-tpi']) {
      expect(text).not.toContain(secret);
    }
  });
});
