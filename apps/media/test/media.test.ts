import { MEDIA_SOCKET_PATH, MEDIA_TOKEN_AUDIENCE } from '@belfry/protocol';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoadMeter } from '../src/loadMeter';
import { startMedia, type MediaServer } from '../src/media';

const SECRET = 'a-test-secret-of-some-length';

const ticket = (userId: string, { secret = SECRET, audience = MEDIA_TOKEN_AUDIENCE } = {}) =>
  new SignJWT({})
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
    const alice = await connect(await ticket('alice'));
    const bob = await connect(await ticket('bob'));
    expect(await alice.emitWithAck('join', { roomId: 'tower', channel: 0 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await alice.emitWithAck('createRoom', { roomId: '' })).toMatchObject({ error: { code: 'bad_request' } });
    expect(await alice.emitWithAck('createRoom', { roomId: 'tower', extra: 1 })).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect(await alice.emitWithAck('produce', {})).toMatchObject({ error: { code: 'unknown_event' } });
    expect(await alice.emitWithAck('createRoom', { roomId: 'tower' })).toEqual({ ok: true });
    expect(await alice.emitWithAck('join', { roomId: 'tower', channel: 0 })).toEqual({ ok: true, peers: [] });

    const joined = new Promise((resolve) => alice.once('consumerJoined', resolve));
    expect(await bob.emitWithAck('join', { roomId: 'tower', channel: 0 })).toEqual({
      ok: true,
      peers: [{ userId: 'alice', channel: 0 }],
    });
    expect(await joined).toEqual({ userId: 'bob', channel: 0 });

    const moved = new Promise((resolve) => alice.once('channelChange', resolve));
    await bob.emitWithAck('join', { roomId: 'tower', channel: 2 });
    expect(await moved).toEqual({ userId: 'bob', channel: 2 });

    const left = new Promise((resolve) => alice.once('consumerLeft', resolve));
    expect(await bob.emitWithAck('exitRoom', {})).toEqual({ ok: true });
    expect(await left).toEqual({ userId: 'bob', channel: 2 });
  });
});

describe('the load meter of a chat server', () => {
  it('reports the share of a core used since the last sample, and how late the event loop ran', async () => {
    const meter = new LoadMeter(60_000);
    meter.sample();
    await new Promise((resolve) => setTimeout(resolve, 200));
    meter.sample();
    expect(meter.read().load).toBeLessThan(0.5);
    const end = Date.now() + 300;
    while (Date.now() < end) Math.sqrt(Math.random()); // the loop is blocked, a core busy
    await new Promise((resolve) => setTimeout(resolve, 30)); // the late timer reports its delay
    meter.sample();
    meter.stop();
    expect(meter.read().load).toBeGreaterThan(0.5);
    expect(meter.read().latency).toBeGreaterThan(20);
  });
});
