import { PassThrough } from 'node:stream';
import type { AuthTokens, Me } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, Inbox, register, solveCaptcha, startTestServer, testConfig } from './harness';

type ErrorBody = { error: { code: string; message: string; retryAfter?: number } };

describe.each(DIALECTS)('accounts (%s)', (dialect) => {
  let server: BelfryServer;
  let drop: () => Promise<void>;
  const inbox = new Inbox();
  const logLines: Record<string, unknown>[] = [];

  const newAddress = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const registerBody = async (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    password: 'secret-password',
    username: 'someone',
    acceptsTerms: true,
    acceptsMarketing: false,
    captcha: await solveCaptcha(server),
    ...extra,
  });
  const login = async (email: string, password = 'secret-password') =>
    api<AuthTokens & ErrorBody>(server, 'POST', '/backend/auth/login', {
      email,
      password,
      captcha: await solveCaptcha(server),
    });
  const me = async (token: string) => (await api<Me>(server, 'GET', '/backend/me', undefined, token)).body;
  /** Lets the next code submission through at once instead of after the 10 s cooldown. */
  const skipSubmitCooldown = async (email: string) => {
    await server.db.kysely.updateTable('email_codes').set({ last_attempt_at: 0 }).where('email', '=', email).execute();
  };

  beforeAll(async () => {
    const db = await freshDatabase(dialect);
    drop = db.drop;
    const smtpUrl = await inbox.start();
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
    });
    server = await startTestServer(testConfig(db, { smtpUrl, logLevel: 'info' }), { logStream });
  });
  afterAll(async () => {
    await server.close();
    await inbox.stop();
    await drop();
  });

  describe('registration', () => {
    it('mails a six-digit code over SMTP; the code verifies the address and logs in; the first account administers the install', async () => {
      const email = newAddress('first');
      const res = await api(server, 'POST', '/backend/auth/register', await registerBody(email));
      expect(res).toEqual({ status: 202, body: { status: 'verify', email } });
      const code = await inbox.code(email);
      expect(code).toMatch(/^\d{6}$/);
      const verified = await api<{ tokens: AuthTokens }>(server, 'POST', '/backend/verify', {
        type: 'email',
        email,
        code,
      });
      expect(verified.status).toBe(200);
      const account = await me(verified.body.tokens.accessToken);
      expect(account.flags).toContain('verified-email');
      expect(account.flags).toContain('tos-agreed');
      expect(account.level).toBe('special-tpi');
      expect(account.isSubscribed).toBe(true);
      const second = await me((await register(server, 'second', inbox)).accessToken);
      expect(second.level).toBe('none');
      expect(second.isSubscribed).toBe(false);
    });

    it('stores an argon2id hash, never the password', async () => {
      const email = newAddress('hash');
      await api(server, 'POST', '/backend/auth/register', await registerBody(email, { password: 'plain-secret' }));
      const row = await server.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(row.password_hash).not.toContain('plain-secret');
    });

    it('answers and logs the same for an address that has an account; the owner gets a notice instead of a code', async () => {
      const taken = newAddress('taken');
      const fresh = newAddress('fresh');
      await register(server, 'owner', inbox).then(async () => undefined);
      const first = await api(server, 'POST', '/backend/auth/register', await registerBody(taken));
      expect(first.status).toBe(202);
      await inbox.code(taken);
      const settle = async () => {
        await server.mailer.idle();
        await new Promise((r) => setTimeout(r, 50)); // let the log stream deliver
      };

      const [firstCaptcha, secondCaptcha] = [await solveCaptcha(server), await solveCaptcha(server)];
      await settle();
      const mark = logLines.length;
      const again = await api(server, 'POST', '/backend/auth/register', {
        ...(await registerBody(taken, { password: 'other-pass' })),
        captcha: firstCaptcha,
      });
      await settle();
      const middle = logLines.length;
      const other = await api(server, 'POST', '/backend/auth/register', {
        ...(await registerBody(fresh)),
        captcha: secondCaptcha,
      });
      await settle();

      expect(again).toEqual({ status: 202, body: { status: 'verify', email: taken } });
      expect(other).toEqual({ status: 202, body: { status: 'verify', email: fresh } });
      const notice = await inbox.waitFor(taken, (m) => m.subject === 'Your Belfry account');
      expect(notice.raw).not.toMatch(/code(?: is|:) \d{6}/);
      const users = await server.db.kysely.selectFrom('users').select('id').where('email', '=', taken).execute();
      expect(users).toHaveLength(1);

      const shape = (lines: Record<string, unknown>[]) =>
        lines.map((l) => [l.level, l.msg, (l.res as { statusCode?: number })?.statusCode]);
      expect(shape(logLines.slice(mark, middle))).toEqual(shape(logLines.slice(middle)));
      expect(JSON.stringify(logLines)).not.toContain(taken);
    });

    it('refuses each invalid field with a clear 400 (spec 2 §5)', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ email: 'not-an-address' }, 'email'],
        [{ password: '12345' }, 'password'],
        [{ username: 'ab' }, 'username'],
        [{ username: 'x'.repeat(151) }, 'username'],
        [{ acceptsTerms: false }, 'acceptsTerms'],
        [{ captcha: '' }, 'captcha'],
      ];
      for (const [change, field] of cases) {
        const res = await api<ErrorBody>(
          server,
          'POST',
          '/backend/auth/register',
          await registerBody(newAddress('bad'), change),
        );
        expect(res.status, field).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
        expect(res.body.error.message).toContain(field);
      }
      const okUsername = await api(
        server,
        'POST',
        '/backend/auth/register',
        await registerBody(newAddress('ok'), { username: 'x'.repeat(150) }),
      );
      expect(okUsername.status).toBe(202);
    });

    it('refuses a disposable address with 400', async () => {
      const res = await api<ErrorBody>(
        server,
        'POST',
        '/backend/auth/register',
        await registerBody('someone@mailinator.com'),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('disposable_email');
    });
  });

  describe('captcha (ALTCHA)', () => {
    it('accepts a solved challenge once; a replay, a forgery or garbage is refused', async () => {
      const captcha = await solveCaptcha(server);
      const first = await api(
        server,
        'POST',
        '/backend/auth/register',
        await registerBody(newAddress('cap'), { captcha }),
      );
      expect(first.status).toBe(202);
      const replay = await api<ErrorBody>(
        server,
        'POST',
        '/backend/auth/register',
        await registerBody(newAddress('cap'), { captcha }),
      );
      expect(replay.status).toBe(400);
      expect(replay.body.error.code).toBe('captcha_invalid');

      const decoded = JSON.parse(Buffer.from(await solveCaptcha(server), 'base64').toString()) as {
        challenge: { parameters: { keyPrefix: string } };
      };
      decoded.challenge.parameters.keyPrefix = '00';
      const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
      for (const bad of [forged, 'garbage', Buffer.from('{"challenge":1}').toString('base64')]) {
        const res = await api<ErrorBody>(server, 'POST', '/backend/auth/login', {
          email: 'a@example.test',
          password: 'whatever',
          captcha: bad,
        });
        expect(res.body.error.code).toBe('captcha_invalid');
      }
    });
  });

  describe('login', () => {
    it("answers 'Wrong e-mail address or password.' for an unknown address and a wrong password alike", async () => {
      const tokens = await register(server, 'login', inbox);
      const { email } = await me(tokens.accessToken);
      const wrong = await login(email, 'wrong-pass');
      const unknown = await login(newAddress('nobody'), 'wrong-pass');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error.message).toBe('Wrong e-mail address or password.');
      const ok = await login(email.toUpperCase());
      expect(ok.status).toBe(200);
      expect(ok.body.accessToken).toBeTruthy();
    });

    it("a disabled account answers 403 account_disabled (the spec's CUSTOMER_DISABLED), only after the right password", async () => {
      const tokens = await register(server, 'disabled', inbox);
      const { email } = await me(tokens.accessToken);
      await server.db.kysely.updateTable('users').set({ disabled_at: Date.now() }).where('email', '=', email).execute();
      expect((await login(email, 'wrong-pass')).status).toBe(401);
      const res = await login(email);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('account_disabled');
      expect((await api(server, 'GET', '/backend/me', undefined, tokens.accessToken)).status).toBe(401);
    });

    it('an unverified account logs in without the verified-email flag (the client shows /verification)', async () => {
      const email = newAddress('unverified');
      await api(server, 'POST', '/backend/auth/register', await registerBody(email));
      const res = await login(email);
      expect(res.status).toBe(200);
      expect(res.body.user.flags).not.toContain('verified-email');
    });
  });

  describe('e-mail verification (spec 2 §4, §8)', () => {
    it('resend waits 60 s; a wrong code is refused; submissions wait 10 s; the right code verifies; then 404', async () => {
      const email = newAddress('verify');
      await api(server, 'POST', '/backend/auth/register', await registerBody(email));
      const firstCode = await inbox.code(email);
      const { accessToken } = (await login(email)).body;

      const resend = await api<ErrorBody>(server, 'POST', '/backend/verify', { type: 'email' }, accessToken);
      expect(resend.status).toBe(429);
      expect(resend.body.error.code).toBe('cooldown');
      expect(resend.body.error.retryAfter).toBeGreaterThan(50);
      expect(resend.body.error.retryAfter).toBeLessThanOrEqual(60);
      expect(resend.body.error.message).toMatch(/\d+ s/);

      const wrongCode = firstCode === '000000' ? '111111' : '000000';
      const wrong = await api<ErrorBody>(
        server,
        'POST',
        '/backend/verify',
        { type: 'email', code: wrongCode },
        accessToken,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('wrong_code');
      const tooSoon = await api<ErrorBody>(
        server,
        'POST',
        '/backend/verify',
        { type: 'email', code: firstCode },
        accessToken,
      );
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.error.retryAfter).toBeLessThanOrEqual(10);

      await skipSubmitCooldown(email);
      const ok = await api<{ user: Me }>(
        server,
        'POST',
        '/backend/verify',
        { type: 'email', code: firstCode },
        accessToken,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.user.flags).toContain('verified-email');
      const already = await api<ErrorBody>(server, 'POST', '/backend/verify', { type: 'email' }, accessToken);
      expect(already.status).toBe(404);
      expect(already.body.error.code).toBe('already_verified');
    });

    it('a resend after the cooldown mails a new code and the old one stops working', async () => {
      const email = newAddress('resend');
      await api(server, 'POST', '/backend/auth/register', await registerBody(email));
      const oldCode = await inbox.code(email);
      const { accessToken } = (await login(email)).body;
      await server.db.kysely.updateTable('email_codes').set({ last_sent_at: 0 }).where('email', '=', email).execute();
      const mark = inbox.mails.length;
      expect((await api(server, 'POST', '/backend/verify', { type: 'email' }, accessToken)).status).toBe(200);
      const newCode = await inbox.code(email, mark);
      if (newCode !== oldCode) {
        const stale = await api<ErrorBody>(
          server,
          'POST',
          '/backend/verify',
          { type: 'email', code: oldCode },
          accessToken,
        );
        expect(stale.body.error.code).toBe('wrong_code');
        await skipSubmitCooldown(email);
      }
      expect((await api(server, 'POST', '/backend/verify', { type: 'email', code: newCode }, accessToken)).status).toBe(
        200,
      );
    });

    it('codes are digits only, exactly 6', async () => {
      for (const code of ['12345', '1234567', 'abcdef', '12 456']) {
        const res = await api<ErrorBody>(server, 'POST', '/backend/verify', {
          type: 'email',
          email: 'x@example.test',
          code,
        });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
      }
    });

    it('pending verification answers wrong_code alike for unknown addresses', async () => {
      const res = await api<ErrorBody>(server, 'POST', '/backend/verify', {
        type: 'email',
        email: newAddress('ghost'),
        code: '123456',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('wrong_code');
    });
  });

  describe('recovery', () => {
    it('answers the same whether or not the address exists; the mailed code sets a new password and ends other logins', async () => {
      const tokens = await register(server, 'forgetful', inbox);
      const { email } = await me(tokens.accessToken);
      const ghost = newAddress('ghost');
      const mark = inbox.mails.length;
      const known = await api(server, 'POST', '/backend/auth/recover', { email, captcha: await solveCaptcha(server) });
      const unknown = await api(server, 'POST', '/backend/auth/recover', {
        email: ghost,
        captcha: await solveCaptcha(server),
      });
      expect(known).toEqual({ status: 202, body: { status: 'sent' } });
      expect(unknown).toEqual(known);
      const code = await inbox.code(email, mark);
      await server.mailer.idle();
      expect(inbox.mails.some((m) => m.to === ghost)).toBe(false);

      const wrong = await api<ErrorBody>(server, 'POST', '/backend/auth/reset', {
        email,
        code: code === '000000' ? '111111' : '000000',
        password: 'brand-new-pass',
      });
      expect(wrong.body.error.code).toBe('invalid_code');
      await skipSubmitCooldown(email);
      const reset = await api<AuthTokens>(server, 'POST', '/backend/auth/reset', {
        email,
        code,
        password: 'brand-new-pass',
      });
      expect(reset.status).toBe(200);
      expect((await api(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(
        401,
      );
      expect((await login(email, 'secret-password')).status).toBe(401);
      expect((await login(email, 'brand-new-pass')).status).toBe(200);
    });
  });

  describe('tokens', () => {
    it('rotates refresh tokens, stores them hashed with their client details; reusing a spent one revokes the family', async () => {
      const tokens = await register(server, 'rotator', inbox);
      const first = await api<AuthTokens>(server, 'POST', '/backend/auth/refresh', {
        refreshToken: tokens.refreshToken,
      });
      expect(first.status).toBe(200);
      expect(first.body.refreshToken).not.toBe(tokens.refreshToken);
      const stored = await server.db.kysely
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('user_id', '=', tokens.user.id)
        .execute();
      expect(stored.some((r) => r.token_hash === first.body.refreshToken)).toBe(false);
      expect(stored[0]).toMatchObject({ ip: '127.0.0.1' });
      expect(stored[0]!.created_at).toBeGreaterThan(0);
      expect(stored[0]!.updated_at).toBeGreaterThan(0);

      const replay = await api(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(replay.status).toBe(401);
      const afterTheft = await api(server, 'POST', '/backend/auth/refresh', { refreshToken: first.body.refreshToken });
      expect(afterTheft.status).toBe(401);
    });

    it('logout revokes the refresh token', async () => {
      const tokens = await register(server, 'leaver', inbox);
      expect((await api(server, 'POST', '/backend/auth/logout', { refreshToken: tokens.refreshToken })).status).toBe(
        204,
      );
      expect((await api(server, 'POST', '/backend/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(
        401,
      );
    });

    it('protected calls need a valid access token', async () => {
      expect((await api(server, 'GET', '/backend/me')).status).toBe(401);
      expect((await api(server, 'GET', '/backend/sessions', undefined, 'not-a-token')).status).toBe(401);
    });
  });

  describe('users', () => {
    it('terms acceptance adds the tos-agreed flag; forced flags lock fields; GET user/{id} honours stats visibility', async () => {
      const alice = await register(server, 'alice', inbox);
      const bob = await register(server, 'bobby', inbox);
      await server.db.kysely
        .updateTable('users')
        .set({ flags: JSON.stringify(['verified-email']) })
        .where('id', '=', alice.user.id)
        .execute();
      expect((await me(alice.accessToken)).hasAgreedTOS).toBe(false);
      const agreed = await api<Me>(server, 'POST', '/backend/user', { hasAgreedTOS: true }, alice.accessToken);
      expect(agreed.body.hasAgreedTOS).toBe(true);
      expect(agreed.body.flags).toContain('tos-agreed');

      const extra = await api<ErrorBody>(
        server,
        'POST',
        '/backend/user',
        { email: 'x@example.test' },
        alice.accessToken,
      );
      expect(extra.status).toBe(400);

      const publicView = await api<{ user: { username: string }; stats: unknown }>(
        server,
        'GET',
        `/backend/user/${alice.user.id}`,
        undefined,
        bob.accessToken,
      );
      expect(publicView.body.user.username).toBe('alice');
      expect(publicView.body.stats).toMatchObject({ games: 0 });
      expect(JSON.stringify(publicView.body)).not.toContain('@');

      await api(server, 'POST', '/backend/user', { stats: 'private' }, alice.accessToken);
      const privateView = await api<{ stats: unknown }>(
        server,
        'GET',
        `/backend/user/${alice.user.id}`,
        undefined,
        bob.accessToken,
      );
      expect(privateView.body.stats).toBeNull();
      const own = await api<{ stats: unknown }>(
        server,
        'GET',
        `/backend/user/${alice.user.id}`,
        undefined,
        alice.accessToken,
      );
      expect(own.body.stats).not.toBeNull();
      expect((await api(server, 'GET', '/backend/user/no-such-user', undefined, bob.accessToken)).status).toBe(404);

      await server.db.kysely
        .updateTable('users')
        .set({ flags: JSON.stringify(['verified-email', 'forced-username']) })
        .where('id', '=', alice.user.id)
        .execute();
      expect((await api(server, 'POST', '/backend/user', { username: 'renamed' }, alice.accessToken)).status).toBe(403);
      expect(
        (await api<Me>(server, 'POST', '/backend/user', { pronouns: 'she/her' }, alice.accessToken)).body.pronouns,
      ).toBe('she/her');
    });

    it('a banned user sees the reason and expiry; an expired ban no longer counts', async () => {
      const tokens = await register(server, 'banned', inbox);
      const id = tokens.user.id;
      const expires = Date.now() + 86_400_000;
      await server.db.kysely
        .insertInto('bans')
        .values({ id: `ban-${id}`, reason: 'Spoiling the game', expires, created_at: Date.now() })
        .execute();
      await server.db.kysely
        .insertInto('ban_users')
        .values({ ban_id: `ban-${id}`, user_id: id })
        .execute();
      await server.db.kysely
        .updateTable('users')
        .set({ flags: JSON.stringify(['verified-email', 'banned']) })
        .where('id', '=', id)
        .execute();
      expect((await me(tokens.accessToken)).ban).toEqual({ reason: 'Spoiling the game', expires });
      await server.db.kysely
        .updateTable('bans')
        .set({ expires: Date.now() - 1 })
        .where('id', '=', `ban-${id}`)
        .execute();
      expect((await me(tokens.accessToken)).ban).toBeNull();
    });

    it('a subscription is a level that is set and not expired', async () => {
      const tokens = await register(server, 'supporter', inbox);
      await server.db.kysely
        .updateTable('users')
        .set({ level: 'patreon-townsfolk', expires: Date.now() + 60_000 })
        .where('id', '=', tokens.user.id)
        .execute();
      expect((await me(tokens.accessToken)).isSubscribed).toBe(true);
      await server.db.kysely
        .updateTable('users')
        .set({ expires: Date.now() - 1 })
        .where('id', '=', tokens.user.id)
        .execute();
      expect((await me(tokens.accessToken)).isSubscribed).toBe(false);
    });
  });
});
