import fs from 'node:fs';
import path from 'node:path';
import type { AuthTokens, Me } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, register, startTestServer, testConfig } from './harness';

type ErrorBody = { error: { code: string; message: string; retryAfter?: number } };

describe.each(DIALECTS)('phone verification (%s; spec 2 §4, §5 Phone, §8)', (dialect) => {
  let server: BelfryServer;
  let drop: () => Promise<void>;

  /** The newest code texted to `number`, read from the default provider's outbox. */
  const smsCode = (number: string): string => {
    const dir = path.join(server.config.dataDir, 'outbox');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sms'))
      .sort()
      .reverse();
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      if (text.startsWith(`To: ${number}\n`)) return /code is (\d{6})/.exec(text)![1]!;
    }
    throw new Error(`no SMS to ${number}`);
  };
  const verify = <T = unknown>(tokens: AuthTokens, body: object) =>
    api<T & ErrorBody>(server, 'POST', '/backend/verify', { type: 'phone', ...body }, tokens.accessToken);
  const allowNow = async (userId: string) =>
    server.db.kysely
      .updateTable('phone_codes')
      .set({ last_sent_at: 0, last_attempt_at: null })
      .where('user_id', '=', userId)
      .execute();

  beforeAll(async () => {
    const db = await freshDatabase(dialect);
    drop = db.drop;
    server = await startTestServer(testConfig(db));
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('strips leading zeros, texts a code, waits 60 s between sends and 10 s between tries, then adds the flag', async () => {
    const user = await register(server, 'caller');
    const sent = await verify(user, { prefix: '+44', phone: '07700900123' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 'pending' });
    const code = smsCode('+44 7700900123');

    const again = await verify(user, { prefix: '+44', phone: '7700900123' });
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('cooldown');
    expect(again.body.error.retryAfter).toBeGreaterThan(50);
    expect(again.body.error.retryAfter).toBeLessThanOrEqual(60);

    const wrong = await verify(user, {
      prefix: '+44',
      phone: '7700900123',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('wrong_code');
    const soon = await verify(user, { prefix: '+44', phone: '7700900123', code });
    expect(soon.status).toBe(429);
    expect(soon.body.error.retryAfter).toBeLessThanOrEqual(10);

    await allowNow(user.user.id);
    const ok = await verify<{ user: Me }>(user, { prefix: '+44', phone: '7700900123', code });
    expect(ok.status).toBe(200);
    expect(ok.body.user.flags).toContain('verified-phone');
  });

  it("a number another account verified is refused: 409 'Value is already assigned'", async () => {
    const first = await register(server, 'owner');
    await verify(first, { prefix: '+1', phone: '5550100' });
    await allowNow(first.user.id);
    await verify(first, { prefix: '+1', phone: '5550100', code: smsCode('+1 5550100') });
    const second = await register(server, 'copycat');
    const res = await verify(second, { prefix: '1', phone: '5550100' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'assigned', message: 'Value is already assigned' });
  });

  it('404 without a pending code, 410 restart for an expired one (both reset the flow)', async () => {
    const user = await register(server, 'restarter');
    const none = await verify(user, { prefix: '+49', phone: '15112345678', code: '123456' });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('not_found');
    await verify(user, { prefix: '+49', phone: '15112345678' });
    await server.db.kysely
      .updateTable('phone_codes')
      .set({ expires_at: 0 })
      .where('user_id', '=', user.user.id)
      .execute();
    const expired = await verify(user, { prefix: '+49', phone: '15112345678', code: smsCode('+49 15112345678') });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('restart');
    expect((await verify(user, { prefix: '+49', phone: '15112345678', code: '123456' })).status).toBe(404);
  });

  it('403 (contact support) after 5 texts to one account in a day', async () => {
    const user = await register(server, 'chatty');
    for (let i = 0; i < 5; i++) {
      await allowNow(user.user.id);
      expect((await verify(user, { prefix: '+33', phone: `61234567${i}` })).status).toBe(200);
    }
    await allowNow(user.user.id);
    const blocked = await verify(user, { prefix: '+33', phone: '612345679' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('forbidden');
  });

  it('refuses numbers that are not 1–14 digits after the leading zeros, and codes that are not 6 characters', async () => {
    const user = await register(server, 'typist');
    for (const phone of ['', '000', '123456789012345', '12-34', '+4477', 'phone']) {
      const res = await verify(user, { prefix: '+44', phone });
      expect(res.status, phone).toBe(400);
    }
    expect((await verify(user, { prefix: '+44', phone: '00012345678901234' })).status).toBe(200);
    expect((await verify(user, { prefix: '+44', phone: '12345678901234', code: '12345' })).status).toBe(400);
    expect((await verify(user, { prefix: 'x', phone: '123' })).status).toBe(400);
  });

  it('needs a logged-in user', async () => {
    expect(
      (await api(server, 'POST', '/backend/verify', { type: 'phone', prefix: '+44', phone: '7700900123' })).status,
    ).toBe(401);
  });
});

describe('phone verification budget', () => {
  it("402 when the install's daily SMS budget is used up", async () => {
    const db = await freshDatabase('sqlite');
    const server = await startTestServer(testConfig(db, { smsDailyBudget: 0 }));
    try {
      const user = await register(server, 'budget');
      const res = await api<ErrorBody>(
        server,
        'POST',
        '/backend/verify',
        { type: 'phone', prefix: '+44', phone: '7700900123' },
        user.accessToken,
      );
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('payment_required');
    } finally {
      await server.close();
      await db.drop();
    }
  });
});
