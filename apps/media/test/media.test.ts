import { MEDIA_SOCKET_PATH, MEDIA_TOKEN_AUDIENCE } from '@belfry/protocol';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoadMeter } from '../src/loadMeter';
import { startMedia, type MediaServer } from '../src/media';

const SECRET = 'a-test-secret-of-some-length';
const TOWN = { publish: true, hears: [], sees: [] };
const NOTHING = { publish: false, hears: [], sees: [] };

const ticket = (userId: string, { secret = SECRET, audience = MEDIA_TOKEN_AUDIENCE, room = 'tower' } = {}) =>
  new SignJWT({ room })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(audience)
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

describe('a chat server (apps/media)', () => {
  let media: MediaServer;
  let base: string;
  const sockets: Socket[] = [];

  const connect = async (token: string | undefined): Promise<Socket> => {
    const socket = io(base, {
      path: MEDIA_SOCKET_PATH,
      auth: token === undefined ? {} : { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const putPolicy = async (policy: unknown) => {
    const res = await fetch(`${base}/rooms/${(policy as { sessionId: string }).sessionId}/policy`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${SECRET}` },
      body: JSON.stringify(policy),
    });
    expect(res.status).toBe(204);
  };
  const health = (authorization?: string) =>
    fetch(`${base}/health`, { headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    media = await startMedia({ port: 0, host: '127.0.0.1', secret: SECRET, sampleMs: 200 });
    base = `http://127.0.0.1:${media.port}`;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => media.close());

  it('refuses to start with a short secret', async () => {
    await expect(startMedia({ port: 0, host: '127.0.0.1', secret: 'short' })).rejects.toThrow(/at least 16/);
  });

  it('answers /health only to the bearer of the shared secret', async () => {
    expect((await health()).status).toBe(401);
    expect((await health('Bearer not-the-secret')).status).toBe(401);
    expect((await health(SECRET)).status).toBe(401);
    const res = await health(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { users: number; load: number; latency: number };
    expect(body.users).toBe(0);
    expect(body.load).toBeGreaterThanOrEqual(0);
    expect(body.latency).toBeGreaterThanOrEqual(0);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });

  it('lets in only users with a ticket signed with the secret, for this audience', async () => {
    await expect(connect(undefined)).rejects.toThrow('unauthorized');
    await expect(connect('not a token')).rejects.toThrow('unauthorized');
    await expect(connect(await ticket('u1', { secret: 'another-secret-of-some-length' }))).rejects.toThrow(
      'unauthorized',
    );
    await expect(connect(await ticket('u1', { audience: 'someone-else' }))).rejects.toThrow('unauthorized');
    await connect(await ticket('u1'));
    expect(media.health().users).toBe(1);
  });

  it('counts connected users in its health, and forgets those who leave', async () => {
    const three = await Promise.all(['a', 'b', 'c'].map(async (id) => connect(await ticket(id))));
    const body = (await (await health(`Bearer ${SECRET}`)).json()) as { users: number };
    expect(body.users).toBe(3);
    three[0]!.disconnect();
    await expect.poll(() => media.health().users).toBe(2);
  });

  it('creates, joins and leaves rooms; checks every request', async () => {
    await putPolicy({ sessionId: 'tower', version: 1, grants: { alice: TOWN, bob: TOWN } });
    const alice = await connect(await ticket('alice'));
    const bob = await connect(await ticket('bob'));
    expect(await alice.emitWithAck('createRoom', { roomId: '' })).toMatchObject({ error: { code: 'bad_request' } });
    expect(await alice.emitWithAck('createRoom', { roomId: 'tower', extra: 1 })).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await alice.emitWithAck('produce', {})).toMatchObject({ error: { code: 'bad_request' } });
    expect(await alice.emitWithAck('nonsense', {})).toMatchObject({ error: { code: 'unknown_event' } });
    expect(await alice.emitWithAck('createRoom', { roomId: 'other' })).toMatchObject({ error: { code: 'forbidden' } });
    expect(await alice.emitWithAck('createRoom', { roomId: 'tower' })).toEqual({ ok: true });
    expect(await alice.emitWithAck('join', { roomId: 'tower' })).toEqual({
      ok: true,
      grant: TOWN,
      producers: [],
      members: ['alice'],
    });

    const joined = new Promise((resolve) => alice.once('consumerJoined', resolve));
    expect(await bob.emitWithAck('join', { roomId: 'tower' })).toMatchObject({ ok: true, members: ['alice', 'bob'] });
    expect(await joined).toEqual({ userId: 'bob' });

    const left = new Promise((resolve) => alice.once('consumerLeft', resolve));
    expect(await bob.emitWithAck('exitRoom', {})).toEqual({ ok: true });
    expect(await left).toEqual({ userId: 'bob' });
  });

  it('takes policies only from the bearer of the secret, newer ones only, and refuses a room without one', async () => {
    const policy = { sessionId: 'keep', version: 5, grants: { alice: TOWN } };
    const put = (body: unknown, authorization = `Bearer ${SECRET}`, room = 'keep') =>
      fetch(`${base}/rooms/${room}/policy`, { method: 'PUT', headers: { authorization }, body: JSON.stringify(body) });
    expect((await put(policy, 'Bearer wrong')).status).toBe(401);
    expect((await put(policy, `Bearer ${SECRET}`, 'elsewhere')).status).toBe(400);
    expect((await put({ ...policy, grants: { alice: { publish: 'yes' } } })).status).toBe(400);
    expect((await put(policy)).status).toBe(204);
    const alice = await connect(await ticket('alice', { room: 'keep' }));
    const news = new Promise((resolve) => alice.once('grant', resolve));
    expect(await alice.emitWithAck('join', { roomId: 'keep' })).toMatchObject({ grant: TOWN });
    // An older version (a slower node's push) changes nothing; a newer one reaches the user at once.
    expect((await put({ ...policy, version: 4, grants: { alice: NOTHING } })).status).toBe(204);
    expect((await put({ ...policy, version: 6, grants: { alice: NOTHING } })).status).toBe(204);
    expect(await news).toEqual(NOTHING);
    const stranger = await connect(await ticket('alice', { room: 'no-policy-yet' }));
    expect(await stranger.emitWithAck('join', { roomId: 'no-policy-yet' })).toMatchObject({
      error: { code: 'not_found' },
    });
  });

  it('bounds each socket to 20 requests at once, then 5 a second: the rest are refused and change nothing', async () => {
    await putPolicy({ sessionId: 'flood-room', version: 1, grants: { flood: TOWN } });
    const flood = await connect(await ticket('flood', { room: 'flood-room' }));
    expect(await flood.emitWithAck('join', { roomId: 'flood-room' })).toMatchObject({ ok: true });
    const answers = (await Promise.all(
      Array.from({ length: 60 }, () => flood.emitWithAck('consume', { userIds: ['nobody'] })),
    )) as { ok: boolean; error: { code: string; retryAfter?: number } }[];
    const codes = answers.map((a) => a.error.code);
    expect(codes.filter((c) => c === 'forbidden')).toHaveLength(19);
    expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(41);
    expect(answers.at(-1)!.error.retryAfter).toBe(1);
    expect(media.rooms.receivingOf(flood.id!)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400)); // two tokens back
    expect(await flood.emitWithAck('exitRoom', {})).toEqual({ ok: true });
  });

  it('judges publish and receive requests by the policy before any media engine sees them', async () => {
    // A whisper pair (w1, w2) and two in the town square (t1, a spectator t2 who may not publish).
    await putPolicy({
      sessionId: 'tower',
      version: 10,
      grants: {
        w1: { publish: true, hears: ['w2'], sees: ['w2'] },
        w2: { publish: true, hears: ['w1'], sees: ['w1'] },
        t1: { publish: true, hears: [], sees: [] },
        t2: { publish: false, hears: ['t1'], sees: ['t1'] },
      },
    });
    const [w1, t1, t2] = await Promise.all(['w1', 't1', 't2'].map(async (id) => connect(await ticket(id))));
    for (const s of [w1!, t1!, t2!])
      expect(await s.emitWithAck('join', { roomId: 'tower' })).toMatchObject({ ok: true });
    const offer = { type: 'offer', sdp: 'v=0\r\n' };
    // Outside the caller's channels: refused, whatever the ids.
    for (const userIds of [['w1'], ['w2'], ['w1', 'w2'], ['t1', 'w2'], ['nobody']]) {
      expect(await t1!.emitWithAck('consume', { userIds })).toMatchObject({ error: { code: 'forbidden' } });
      expect(await t2!.emitWithAck('consume', { userIds })).toMatchObject({ error: { code: 'forbidden' } });
    }
    expect(await w1!.emitWithAck('consume', { userIds: ['t1'] })).toMatchObject({ error: { code: 'forbidden' } });
    expect(await t2!.emitWithAck('produce', { jsep: offer, audio: true, video: false })).toMatchObject({
      error: { code: 'forbidden' },
    });
    // Allowed requests get past the policy, to a chat server that has no media engine here.
    expect(await t2!.emitWithAck('consume', { userIds: ['t1'] })).toMatchObject({
      error: { code: 'chat_server_unavailable' },
    });
    expect(await t1!.emitWithAck('produce', { jsep: offer, audio: true, video: true })).toMatchObject({
      error: { code: 'chat_server_unavailable' },
    });
    expect(media.rooms.receivingOf(t2!.id!)).toEqual([]);
  });
});

describe('the load meter of a chat server', () => {
  it('reports the share of a core used since the last sample, and how late the event loop ran', async () => {
    const meter = new LoadMeter(60_000);
    // A quiet window, measured alongside: this process is not alone on the machine (and still closes
    // what earlier tests opened), so "quiet" is what the process itself used, not zero.
    const quietBefore = process.cpuUsage();
    const quietAt = performance.now();
    meter.sample();
    await new Promise((resolve) => setTimeout(resolve, 200));
    meter.sample();
    const quiet = process.cpuUsage(quietBefore);
    const quietShare = (quiet.user + quiet.system) / ((performance.now() - quietAt) * 1000);
    expect(Math.abs(meter.read().load - quietShare)).toBeLessThan(0.15);
    // The same window measured independently: on a loaded machine the busy loop gets less than a core,
    // and the meter must say what it got.
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    const end = Date.now() + 300;
    while (Date.now() < end) Math.sqrt(Math.random()); // the loop is blocked, a core busy
    await new Promise((resolve) => setTimeout(resolve, 30)); // the late timer reports its delay
    meter.sample();
    meter.stop();
    const used = process.cpuUsage(cpuBefore);
    const share = (used.user + used.system) / ((performance.now() - startedAt) * 1000);
    expect(share).toBeGreaterThan(0.2);
    expect(Math.abs(meter.read().load - share)).toBeLessThan(0.15);
    expect(meter.read().latency).toBeGreaterThan(20);
  });
});
