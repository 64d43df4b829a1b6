import type { SessionState } from '@belfry/engine';
import type { Ack, AuthTokens } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { RATES, type Family } from '../src/sessions/buckets';
import { api, freshDatabase, register, startTestServer, storedState, TestClient, testConfig } from './harness';

/**
 * Issue 14: one hostile player who sends every message the protocol accepts as fast as a socket
 * allows. Bursts are cut at the rates of apps/server/README.md, and the session stays under the size
 * stated there however long the player keeps going.
 */
/** The session as stored (snapshot and the events since) and the size of that state written out whole. */
const storedSession = async (server: BelfryServer, id: string): Promise<{ state: SessionState; bytes: number }> => {
  const state = (await storedState(server, id))!;
  return { state, bytes: Buffer.byteLength(JSON.stringify(state)) };
};

/** What one player can add to a session, whatever they send for however long (server README). */
const ONE_PLAYER_BOUND_BYTES = 350_000;

type Sent = { event: string; payload: unknown };
const burstOf = (family: Family, n: number, seat: number): Sent[] =>
  Array.from({ length: n }, (_, i): Sent => {
    switch (family) {
      case 'chat':
        return { event: 'textMessage', payload: { message: `spam ${i}`, recipientId: '' } };
      case 'typing':
        return { event: 'textMessageIndicator', payload: { recipientId: '', length: i % 200 } };
      case 'reminders':
        return { event: 'addReminder', payload: { index: i % 3, role: 'custom', name: `n${i}` } };
      case 'signals':
        return { event: 'signalSeen', payload: { id: `nothing-${i}` } };
      case 'hands':
        return { event: 'raiseHand', payload: { icon: 'hand' } };
      case 'seats':
        return { event: 'claimSeat', payload: { index: i % 2 === 0 ? -1 : seat } };
      case 'other':
        return { event: 'getGamestate', payload: {} };
    }
  });

describe('a hostile player (issue 14: limits on every socket)', () => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let st: AuthTokens;
  let hostile: AuthTokens;
  let friend: AuthTokens;
  const clients: TestClient[] = [];
  const connect = (id: string, tokens: AuthTokens, on: BelfryServer) => {
    const client = new TestClient(on.port, id, tokens.accessToken);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(db));
    st = await register(server, 'storyteller');
    hostile = await register(server, 'hostile');
    friend = await register(server, 'friend');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await db.drop();
  });

  it('a burst of each family is cut at its rate with rate_limited and a retry time; others are not slowed', async () => {
    await api(server, 'POST', '/backend/sessions', { name: 'bursts', seats: 4 }, st.accessToken);
    const storyteller = connect('bursts', st, server);
    const h = connect('bursts', hostile, server);
    const f = connect('bursts', friend, server);
    await h.until(() => true);
    await f.until(() => true);
    expect((await h.request('claimSeat', { index: 0 })).ok).toBe(true);
    expect((await f.request('claimSeat', { index: 1 })).ok).toBe(true);
    await storyteller.until((v) => v.seats[1]!.id !== '');

    for (const family of Object.keys(RATES) as Family[]) {
      const rate = RATES[family];
      const sent = burstOf(family, rate.burst + 25, 0);
      const started = Date.now();
      const answers = await Promise.all(sent.map(({ event, payload }) => h.request(event, payload)));
      const seconds = (Date.now() - started) / 1000;
      // The server's buckets answer with a retry time; an engine debounce (a hand, 500 ms) without one.
      const limited = answers.filter(
        (a): a is Extract<Ack, { ok: false }> =>
          !a.ok && a.error.code === 'rate_limited' && a.error.retryAfter !== undefined,
      );
      const passed = answers.length - limited.length;
      // Everything past the burst (and what the rate refilled meanwhile) is refused, the rest is not.
      // (The seat claimed just before took one token of the seats family.)
      expect(passed, family).toBeGreaterThanOrEqual(rate.burst - 1);
      expect(passed, family).toBeLessThanOrEqual(rate.burst + Math.ceil(seconds * rate.perSecond) + 1);
      for (const answer of limited) expect(answer.error.retryAfter, family).toBeGreaterThan(0);
      // The limit is the hostile player's own: a friend's message goes through at once.
      if (family === 'chat') {
        expect((await f.request('textMessage', { message: 'still here', recipientId: '' })).ok).toBe(true);
      }
    }
    // After the retry time, the hostile player may speak again.
    await new Promise((r) => setTimeout(r, 1100));
    // (To the Storyteller: the seats burst may have left the player standing, and spectators do not write in public.)
    expect((await h.request('textMessage', { message: 'sorry', recipientId: st.user.id })).ok).toBe(true);
  });

  it('flooding every family until every cap is reached, with rates lifted, leaves the session under its stated size', async () => {
    // Rates lifted a thousandfold: only the engine's caps stand between the flood and the stored state.
    const fastDb = await freshDatabase('sqlite');
    const fast = await startTestServer(testConfig(fastDb, { socketRateFactor: 1000 }));
    try {
      const st = await register(fast, 'storyteller');
      const hostile = await register(fast, 'hostile');
      await api(fast, 'POST', '/backend/sessions', { name: 'flood', seats: 6 }, st.accessToken);
      const storyteller = connect('flood', st, fast);
      const h = connect('flood', hostile, fast);
      await h.until(() => true);
      expect((await h.request('claimSeat', { index: 0 })).ok).toBe(true);
      // Night, so that the hostile player may send signals to the Storyteller.
      expect((await storyteller.request('startGame', {})).ok).toBe(true);
      await storyteller.until((v) => v.hook === null, 5000);
      expect((await storyteller.request('toggleNight', {})).ok).toBe(true);
      const before = await storedSession(fast, 'flood');
      const long = 'x'.repeat(250);
      // At least 5 s, and on until the town's 500 messages are full (every cap reached).
      const started = Date.now();
      let sent = 0;
      let i = 0;
      const full = async () => (await storedSession(fast, 'flood')).state.chat.messages.length >= 500;
      while (Date.now() - started < 5000 || (!(await full()) && Date.now() - started < 30_000)) {
        const batch: Promise<unknown>[] = [];
        for (let k = 0; k < 20; k++, i++) {
          batch.push(
            h.request('textMessage', { message: `${i} ${long}`.slice(0, 250), recipientId: '' }),
            h.request('addReminder', { index: i % 6, role: 'custom', name: `${i}`.padEnd(30, 'n') }),
            h.request('signal', {
              message: [{ id: 'custom', description: long, data: Array(5).fill('y'.repeat(64)) }],
              recipients: [st.user.id],
            }),
            h.request('raiseHand', { icon: 'hand' }),
            h.request('claimSeat', { index: i % 2 === 0 ? -1 : 0 }),
            h.request('whisperRequest', { to: st.user.id }),
            h.request('requestStoryteller', {}),
          );
        }
        await Promise.all(batch);
        sent += batch.length;
      }
      const after = await storedSession(fast, 'flood');
      const added = after.bytes - before.bytes;
      console.log(
        `flood: ${sent} messages in ${((Date.now() - started) / 1000).toFixed(1)} s; the stored session grew from ${before.bytes} to ${after.bytes} bytes`,
      );
      expect(sent).toBeGreaterThan(2000);
      expect(added).toBeLessThan(ONE_PLAYER_BOUND_BYTES);
      // Each cap holds: 60 notes, 10 signals out, 500 messages in the town's stream.
      const notes = after.state.seats.reduce((n, seat) => n + (seat.notes[hostile.user.id]?.length ?? 0), 0);
      expect(notes).toBeLessThanOrEqual(60);
      expect(after.state.chat.signals.filter((s) => s.from === hostile.user.id).length).toBeLessThanOrEqual(10);
      expect(after.state.chat.messages.length).toBeLessThanOrEqual(500);
    } finally {
      for (const c of clients.splice(0)) c.close();
      await fast.close();
      await fastDb.drop();
    }
  }, 60_000);
});
