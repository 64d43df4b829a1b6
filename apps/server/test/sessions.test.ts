import type { AuthTokens } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import {
  api,
  DIALECTS,
  freshDatabase,
  register,
  startTestServer,
  storedState,
  TestClient,
  testConfig,
  tryConnect,
} from './harness';

const HEARTBEAT_MS = 500;

describe.each(DIALECTS)('live sessions over Socket.IO (%s)', (dialect) => {
  let server: BelfryServer;
  let drop: () => Promise<void>;
  let storyteller: AuthTokens;
  let player: AuthTokens;
  const clients: TestClient[] = [];
  const connect = (sessionId: string, tokens: AuthTokens) => {
    const client = new TestClient(server.port, sessionId, tokens.accessToken);
    clients.push(client);
    return client;
  };
  const create = async (name: string, seats = 5) => {
    const res = await api<{ sessionId: string }>(
      server,
      'POST',
      '/backend/sessions',
      { name, seats },
      storyteller.accessToken,
    );
    expect(res.status).toBe(201);
    return res.body.sessionId;
  };

  beforeAll(async () => {
    const db = await freshDatabase(dialect);
    drop = db.drop;
    // This suite sends many malformed messages in a row; the message rates have their own suite (hostile.test.ts).
    // The transport's heartbeat every 0.5 s instead of 25, so a test sees the round trips it measures.
    server = await startTestServer(testConfig(db, { socketRateFactor: 10, socketPingIntervalMs: HEARTBEAT_MS }));
    storyteller = await register(server, 'storyteller');
    player = await register(server, 'player');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await drop();
  });

  it('creates a session whose code is trimmed and lower-cased, and refuses a taken code', async () => {
    const res = await api<{ sessionId: string }>(
      server,
      'POST',
      '/backend/sessions',
      { name: '  Tower ' },
      storyteller.accessToken,
    );
    expect(res.body.sessionId).toBe('tower');
    const again = await api<{ error: { code: string } }>(
      server,
      'POST',
      '/backend/sessions',
      { name: 'TOWER' },
      storyteller.accessToken,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('session_exists');
  });

  it('the live path: a player claims a seat and the Storyteller sees it at once', async () => {
    const id = await create('live-path');
    const st = connect(id, storyteller);
    await st.until((v) => v.viewer.role === 'storyteller');
    const p = connect(id, player);
    await p.until((v) => v.users[player.user.id]?.isOnline === true);

    const ack = await p.request('claimSeat', { index: 2 });
    expect(ack).toEqual({ ok: true });
    // Acknowledged means stored: the database already holds the claim.
    expect((await storedState(server, id))!.seats[2]!.id).toBe(player.user.id);

    const seen = await st.until((v) => v.seats[2]?.id === player.user.id);
    expect(seen.users[player.user.id]!.username).toBe('player');
    expect(st.patches).toBeGreaterThan(0); // updates after the first view are patches
    expect((await p.until((v) => v.viewer.seat === 2)).viewer.role).toBe('player');

    const refused = await p.request('claimSeat', { index: 3 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'already_seated' } });
    const vacate = await p.request('claimSeat', { index: -1 });
    expect(vacate.ok).toBe(true);
    await st.until((v) => v.seats[2]?.id === '');
  });

  it('a seated player who disconnects keeps the seat and is shown offline', async () => {
    const id = await create('offline-keep');
    const st = connect(id, storyteller);
    const p = connect(id, player);
    await p.until((v) => v.seats.length === 5);
    expect((await p.request('claimSeat', { index: 0 })).ok).toBe(true);
    p.close();
    const seen = await st.until((v) => v.users[player.user.id]?.isOnline === false);
    expect(seen.seats[0]!.id).toBe(player.user.id);
  });

  it('only the Storyteller changes the seats; at most 20', async () => {
    const id = await create('gather', 19);
    const st = connect(id, storyteller);
    const p = connect(id, player);
    await p.until((v) => v.seats.length === 19);
    expect(await p.request('updateSeats', { op: 'add', count: 19 })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect((await st.request('updateSeats', { op: 'add', count: 19 })).ok).toBe(true);
    await p.until((v) => v.seats.length === 20);
    expect(await st.request('updateSeats', { op: 'add', count: 20 })).toMatchObject({
      ok: false,
      error: { code: 'max_players' },
    });
  });

  it('malformed messages get an error ack or are dropped; nothing changes and the server keeps serving', async () => {
    const id = await create('malformed');
    const st = connect(id, storyteller);
    const p = connect(id, player);
    await p.until((v) => v.users[player.user.id]?.isOnline === true);
    const before = (await storedState(server, id))!;

    expect(await p.request('claimSeat', { index: 'two' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await p.request('claimSeat', { index: 1, sneaky: true })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await p.request('claimSeat', null)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await p.request('becomeGod', {})).toMatchObject({ ok: false, error: { code: 'unknown_event' } });
    expect(await p.request('claimSeat', { index: 1, pad: 'x'.repeat(100_000) })).toMatchObject({
      ok: false,
      error: { code: 'payload_too_large' },
    });
    p.socket.emit('claimSeat', { index: 1 }); // no ack callback: dropped with a logged reason

    // A message beyond the transport limit (1 MB) closes that one connection only.
    const huge = connect(id, player);
    await huge.until(() => true);
    const closed = new Promise<string>((resolve) => huge.socket.on('disconnect', (reason) => resolve(reason)));
    huge.socket.emit('claimSeat', { index: 1, pad: 'x'.repeat(2_000_000) }, () => undefined);
    expect(await closed).toBeTruthy();

    await new Promise((r) => setTimeout(r, 100));
    const after = (await storedState(server, id))!;
    expect(after.seats).toEqual(before.seats);
    expect(after.storytellers).toEqual(before.storytellers);
    // Still serving: a good request works afterwards.
    expect((await st.request('updateSeats', { op: 'add', count: 5 })).ok).toBe(true);
    expect((await api(server, 'GET', '/backend/version')).status).toBe(200);
  });

  it('publishes the custom-script JSON Schema at /script-schema.json (spec 3 §5: 5 to 151 entries)', async () => {
    const res = await api(server, 'GET', '/script-schema.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'array', minItems: 5, maxItems: 151 });
  });

  it('refuses sockets without a valid token or for an unknown session', async () => {
    expect(await tryConnect(server, 'live-path', 'forged')).toBe('unauthorized');
    expect(await tryConnect(server, 'no-such-game', player.accessToken)).toBe('not_found');
  });

  /** The latency the server stored with the newest event of the session, when `p` claimed or left seat 0. */
  const latencyCarried = async (sessionId: string, p: TestClient, i: number) => {
    expect((await p.request('claimSeat', { index: i % 2 === 0 ? 0 : -1 })).ok).toBe(true);
    const event = await server.db.kysely
      .selectFrom('session_events')
      .select('actor')
      .where('session_id', '=', sessionId)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    return event ? (JSON.parse(event.actor) as { latency?: number }).latency : undefined;
  };

  it("answers ping with the server time; the server measures each socket's latency itself, and keeps it out of the session", async () => {
    const id = await create('pinger');
    const p = connect(id, player);
    await p.until(() => true);
    const ack = await p.request<{ serverTime: number }>('ping', { sentAt: Date.now(), latency: 999 });
    expect(ack.ok && typeof ack.serverTime).toBe('number');
    // The next intent carries what the server measured (for the vote's grace), not what the client said.
    let latency: number | undefined;
    for (let i = 0; i < 5 && latency === undefined; i++) {
      await new Promise((r) => setTimeout(r, 50));
      latency = await latencyCarried(id, p, i);
    }
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(999);
    expect(JSON.stringify(p.view!.users)).not.toContain('"ping"');
  });

  it("after connecting, the transport's own heartbeat measures the round trip: no serverPing needed", async () => {
    const id = await create('heartbeat');
    const p = connect(id, player);
    // This client never answers the server's serverPing, so only the heartbeat can give a figure.
    p.socket.off('serverPing');
    await p.until(() => true);
    expect(await latencyCarried(id, p, 0)).toBeUndefined();
    let latency: number | undefined;
    for (let i = 1; i < 8 && latency === undefined; i++) {
      await new Promise((r) => setTimeout(r, HEARTBEAT_MS / 2));
      latency = await latencyCarried(id, p, i);
    }
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(HEARTBEAT_MS);
  });

  it('the lobby lists public sessions and the private ones the user is in', async () => {
    await api(server, 'POST', '/backend/sessions', { name: 'open-table', isPublic: true }, storyteller.accessToken);
    await api(server, 'POST', '/backend/sessions', { name: 'hidden-table', isPublic: false }, storyteller.accessToken);
    const outsider = await register(server, 'outsider');
    const list = await api<{ name: string }[]>(server, 'GET', '/backend/sessions', undefined, outsider.accessToken);
    const names = list.body.map((s) => s.name);
    expect(names).toContain('open-table');
    expect(names).not.toContain('hidden-table');
    const own = await api<{ name: string }[]>(server, 'GET', '/backend/sessions', undefined, storyteller.accessToken);
    expect(own.body.map((s) => s.name)).toContain('hidden-table');
  });
});
