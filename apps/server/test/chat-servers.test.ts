import net from 'node:net';
import { startMedia, type MediaServer } from '@belfry/media';
import { type AuthTokens, type ChatServerInfo, MEDIA_SOCKET_PATH, MEDIA_TOKEN_AUDIENCE } from '@belfry/protocol';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { configFromEnv, parseChatServers } from '../src/config';
import { ChatServers } from '../src/media/chatServers';
import { api, freshDatabase, register, startTestServer, TestClient, testConfig } from './harness';

const SECRET = 'chat-server-test-secret';
const key = new TextEncoder().encode(SECRET);

const ticket = (userId: string) =>
  new SignJWT({ room: 'crowd' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(MEDIA_TOKEN_AUDIENCE)
    .sign(key);

/** `count` users connected to a chat server, as voice and video will connect them. */
const connectUsers = async (media: MediaServer, count: number, prefix: string): Promise<Socket[]> => {
  const token = await ticket(prefix);
  return Promise.all(
    Array.from({ length: count }, () => {
      const socket = io(`http://127.0.0.1:${media.port}`, {
        path: MEDIA_SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      return new Promise<Socket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    }),
  );
};

/** A port nothing listens on: a chat server that is down. */
const closedPort = async (): Promise<number> => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

const silentLog = { warn: () => undefined } as unknown as ConstructorParameters<typeof ChatServers>[2];

describe('chat servers (spec 2 §3, §5, §7)', () => {
  let full: MediaServer;
  let berlin: MediaServer;
  let calgary: MediaServer;
  let downPort: number;
  let server: BelfryServer;
  let drop: () => Promise<void>;
  let storyteller: AuthTokens;
  let player: AuthTokens;
  const sockets: Socket[] = [];
  const clients: TestClient[] = [];
  const host = (media: MediaServer | number) => `127.0.0.1:${typeof media === 'number' ? media : media.port}`;

  beforeAll(async () => {
    [full, berlin, calgary] = (await Promise.all(
      [0, 0, 0].map(() => startMedia({ port: 0, host: '127.0.0.1', secret: SECRET })),
    )) as [MediaServer, MediaServer, MediaServer];
    downPort = await closedPort();
    // Spec 2 §9 "Chat server full: 200 users": 200 connected before Belfry first asks.
    sockets.push(...(await connectUsers(full, 200, 'crowd')));
    const db = await freshDatabase('sqlite');
    drop = db.drop;
    server = await startTestServer(
      testConfig(db, {
        chatServers: parseChatServers(
          `Full=http://${host(full)}, Berlin=http://${host(berlin)},Calgary=http://${host(calgary)},Down=http://${host(downPort)}`,
        ),
        mediaSecret: SECRET,
      }),
    );
    storyteller = await register(server, 'storyteller');
    player = await register(server, 'player');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const c of clients) c.close();
    await server.close();
    await Promise.all([full, berlin, calgary].map((m) => m.close()));
    await drop();
  });

  it('lists the configured chat servers with their health and colour; a server that is down has none', async () => {
    expect((await api(server, 'GET', '/backend/chat-servers')).status).toBe(401);
    const { status, body } = await api<ChatServerInfo[]>(
      server,
      'GET',
      '/backend/chat-servers',
      undefined,
      player.accessToken,
    );
    expect(status).toBe(200);
    expect(body.map((s) => [s.name, s.host])).toEqual([
      ['Full', host(full)],
      ['Berlin', host(berlin)],
      ['Calgary', host(calgary)],
      ['Down', host(downPort)],
    ]);
    expect(body[0]!.health?.users).toBe(200);
    expect(body[1]!.health).toMatchObject({ users: 0 });
    expect(body[1]!.health?.color).toMatch(/^hsl\(\d+, 70%, 42%\)$/);
    expect(body[3]!.health).toBeNull();
  });

  it('refuses to create a session on a chat server with 200 users, or one that is down or unknown', async () => {
    const create = (name: string, chatServer?: string) =>
      api<{ sessionId?: string; error?: { code: string } }>(
        server,
        'POST',
        '/backend/sessions',
        { name, ...(chatServer === undefined ? {} : { chatServer }) },
        storyteller.accessToken,
      );
    expect((await create('crowded', host(full))).body.error?.code).toBe('chat_server_full');
    expect((await create('silent', host(downPort))).body.error?.code).toBe('chat_server_unavailable');
    expect((await create('nowhere', 'nowhere.example:443')).body.error?.code).toBe('chat_server_unavailable');
    expect((await create('berlin-game', host(berlin))).status).toBe(201);
    // "Automatic" takes a chat server that can be chosen: never the full one, never the one that is down.
    expect((await create('auto-game')).status).toBe(201);
    const auto = await server.hub.peek('auto-game');
    expect([host(berlin), host(calgary)]).toContain(auto?.meta.chatServer);
    expect((await server.hub.peek('berlin-game'))?.meta.chatServer).toBe(host(berlin));
  });

  it('lets only the Storyteller move a session to another chat server, never to the current or a full one', async () => {
    const st = new TestClient(server.port, 'berlin-game', storyteller.accessToken);
    const pl = new TestClient(server.port, 'berlin-game', player.accessToken);
    clients.push(st, pl);
    await st.until((v) => v.meta.chatServer === host(berlin));
    await pl.until((v) => v.meta.chatServer === host(berlin));
    const code = async (client: TestClient, payload: unknown) => {
      const ack = await client.request('updateServer', payload);
      return ack.ok ? 'ok' : ack.error.code;
    };
    expect(await code(pl, { host: host(calgary) })).toBe('forbidden');
    expect(await code(st, { host: host(berlin) })).toBe('chat_server_current');
    expect(await code(st, { host: host(full) })).toBe('chat_server_full');
    expect(await code(st, { host: host(downPort) })).toBe('chat_server_unavailable');
    expect(await code(st, { host: '' })).toBe('bad_request');
    expect(await code(st, { host: host(calgary), users: 0 })).toBe('bad_request');
    expect((await server.hub.peek('berlin-game'))?.meta.chatServer).toBe(host(berlin));
    expect(await code(st, { host: host(calgary) })).toBe('ok');
    await pl.until((v) => v.meta.chatServer === host(calgary));
  });

  it('asks a chat server for its health at most once per 180 s', async () => {
    let now = 1_000_000;
    const servers = new ChatServers(parseChatServers(`Berlin=http://${host(berlin)}`), SECRET, silentLog, () => now);
    const before = (await servers.check(host(berlin)))?.health?.users ?? -1;
    sockets.push(...(await connectUsers(berlin, 3, 'late')));
    now += 179_999;
    expect((await servers.check(host(berlin)))?.health?.users).toBe(before);
    now += 1;
    expect((await servers.check(host(berlin)))?.health?.users).toBe(before + 3);
    expect(await servers.check('elsewhere:1')).toBeNull();
  });

  it('reads CHAT_SERVERS strictly', () => {
    expect(parseChatServers(undefined)).toEqual([]);
    expect(parseChatServers('Europe=https://eu.example.org/, http://127.0.0.1:8090')).toEqual([
      { name: 'Europe', url: 'https://eu.example.org' },
      { name: '127.0.0.1:8090', url: 'http://127.0.0.1:8090' },
    ]);
    expect(() => parseChatServers('Europe=not a url')).toThrow(/no valid URL/);
    expect(() => parseChatServers('Europe=ftp://eu.example.org')).toThrow(/http or https/);
    expect(() => parseChatServers('A=http://x.example,B=http://x.example/')).toThrow(/listed twice/);
    expect(() => new ChatServers(parseChatServers('A=http://x.example'), undefined, silentLog)).toThrow(/MEDIA_SECRET/);
  });

  // Not a chat server setting, but read as strictly: Socket.IO's heartbeat, 60 s unless set.
  it('reads SOCKET_PING_SECONDS strictly', () => {
    expect(configFromEnv({}).socketPingIntervalMs).toBe(60_000);
    expect(configFromEnv({ SOCKET_PING_SECONDS: '25' }).socketPingIntervalMs).toBe(25_000);
    for (const bad of ['0', '2.5', 'soon', '3601']) {
      expect(() => configFromEnv({ SOCKET_PING_SECONDS: bad })).toThrow(/SOCKET_PING_SECONDS/);
    }
  });
});
