import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, freshDatabase, solveCaptcha, startTestServer, TEST_LIMITS, testConfig } from './harness';

type ErrorBody = { error: { code: string; retryAfter?: number } };

describe('abuse limits: 429 with a retry time, per address and per account', () => {
  let server: BelfryServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase('sqlite');
    drop = db.drop;
    server = await startTestServer(
      testConfig(db, {
        limits: {
          ...TEST_LIMITS,
          loginPerAccount: { max: 3, windowSeconds: 600 },
          loginPerIp: { max: 6, windowSeconds: 600 },
          registerPerIp: { max: 2, windowSeconds: 3600 },
          recoverPerAccount: { max: 1, windowSeconds: 3600 },
        },
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  const login = async (email: string) =>
    api<ErrorBody>(server, 'POST', '/backend/auth/login', {
      email,
      password: 'wrong-pass',
      captcha: await solveCaptcha(server),
    });

  it('login: 3 tries per account, then 429 with retryAfter and a Retry-After header; other accounts until the address limit', async () => {
    for (let i = 0; i < 3; i++) expect((await login('target@example.test')).status).toBe(401);
    const limited = await login('target@example.test');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.retryAfter).toBeGreaterThan(590);
    expect(limited.body.error.retryAfter).toBeLessThanOrEqual(600);
    const raw = await fetch(`http://127.0.0.1:${server.port}/backend/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'target@example.test', password: 'x', captcha: await solveCaptcha(server) }),
    });
    expect(raw.headers.get('retry-after')).toMatch(/^\d+$/);
    // 5 hits from this address so far; a sixth (another account) passes, the seventh is the address limit.
    expect((await login('other@example.test')).status).toBe(401);
    expect((await login('third@example.test')).status).toBe(429);
  });

  it('register: the per-address limit answers 429 and creates nothing', async () => {
    const body = async (n: number) => ({
      email: `new${n}@example.test`,
      password: 'secret-password',
      username: 'newbie',
      acceptsTerms: true,
      acceptsMarketing: false,
      captcha: await solveCaptcha(server),
    });
    expect((await api(server, 'POST', '/backend/auth/register', await body(1))).status).toBe(202);
    expect((await api(server, 'POST', '/backend/auth/register', await body(2))).status).toBe(202);
    const third = await api<ErrorBody>(server, 'POST', '/backend/auth/register', await body(3));
    expect(third.status).toBe(429);
    const rows = await server.db.kysely
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'new3@example.test')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('recover: limited per account whether or not the address exists', async () => {
    const recover = async () =>
      api<ErrorBody>(server, 'POST', '/backend/auth/recover', {
        email: 'nobody@example.test',
        captcha: await solveCaptcha(server),
      });
    expect((await recover()).status).toBe(202);
    expect((await recover()).status).toBe(429);
  });
});
