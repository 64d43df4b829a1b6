import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { startMedia, type MediaServer } from '@belfry/media';
import { type AuthTokens, MEDIA_SOCKET_PATH, type MediaTicketAnswer } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { type LocalChatServer, startLocalChatServer } from '../src/media/localChatServer';
import { MAX_FORWARDED_PER_ADDRESS } from '../src/media/mediaForward';
import { api, freshDatabase, register, startTestServer, testConfig } from './harness';

/** Janus here only listens on loopback: nothing is sent anywhere, no media flows in this suite. */
const LOOPBACK_MEDIA = { MEDIA_ICE_IP: '127.0.0.1', MEDIA_RTP_PORTS: '41000-41099' };
const JANUS = ['/usr/bin/janus', '/usr/local/bin/janus'].some((path) => existsSync(path));
if (!JANUS) console.warn('Local chat server with Janus skipped: janus is not installed (npm test installs it).');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Issue 17: `npm start` runs a chat server beside Belfry when none is configured. */
describe('the local chat server of a one-machine install (issue 17)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('without Janus there is none, and one line says how to get voice', async () => {
    const lines: string[] = [];
    const local = await startLocalChatServer({ ...process.env, JANUS_BINARY: '/nonexistent/janus' }, (line) =>
      lines.push(line),
    );
    expect(local).toBeNull();
    expect(lines).toEqual([expect.stringContaining('apt-get install janus')]);
  });

  it('configured chat servers (or LOCAL_CHAT_SERVER=off) start none', async () => {
    const said: string[] = [];
    expect(await startLocalChatServer({ CHAT_SERVERS: 'A=http://127.0.0.1:9' }, (l) => said.push(l))).toBeNull();
    expect(await startLocalChatServer({ LOCAL_CHAT_SERVER: 'off' }, (l) => said.push(l))).toBeNull();
    expect(said).toEqual([]);
  });

  // Needs Debian's janus (npm test installs it); without it the reason is printed above.
  it.skipIf(!JANUS)(
    'with Janus: players reach it through Belfry’s own address, and it stops with Belfry',
    { timeout: 60_000 },
    async () => {
      const local = (await startLocalChatServer(
        { ...process.env, ...LOOPBACK_MEDIA },
        () => undefined,
      )) as LocalChatServer | null;
      expect(local).not.toBeNull();
      cleanup.push(() => local!.stop());
      expect(new URL(local!.server.url).hostname).toBe('127.0.0.1');

      const db = await freshDatabase('sqlite');
      cleanup.push(() => db.drop());
      const server: BelfryServer = await startTestServer(
        testConfig(db, { chatServers: [local!.server], mediaSecret: local!.secret }),
      );
      cleanup.push(() => server.close());
      const owner: AuthTokens = await register(server, 'host');
      await api(server, 'POST', '/backend/sessions', { name: 'kitchen', seats: 5 }, owner.accessToken);
      const list = await api<{ host: string; health: { users: number } | null }[]>(
        server,
        'GET',
        '/backend/chat-servers',
        undefined,
        owner.accessToken,
      );
      expect(list.body).toEqual([expect.objectContaining({ host: new URL(local!.server.url).host })]);
      expect(list.body[0]!.health).not.toBeNull();

      const ticket = await api<MediaTicketAnswer>(
        server,
        'POST',
        '/backend/sessions/kitchen/media-ticket',
        {},
        owner.accessToken,
      );
      expect(ticket.status).toBe(200);
      expect(ticket.body.url).toBe(''); // the page's own origin
      const socket: Socket = io(`http://127.0.0.1:${server.port}`, {
        path: MEDIA_SOCKET_PATH,
        auth: { token: ticket.body.ticket },
        transports: ['websocket'],
        reconnection: false,
      });
      cleanup.push(async () => socket.disconnect());
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(await socket.emitWithAck('join', { roomId: 'kitchen' })).toMatchObject({
        ok: true,
        grant: expect.objectContaining({ hears: expect.any(Array) }),
      });

      await local!.stop();
      expect(alive(local!.pid)).toBe(false);
    },
  );

  it.skipIf(!JANUS)(
    'a parent killed with SIGKILL takes its chat server (and Janus) with it',
    { timeout: 60_000 },
    async () => {
      const parent = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fixtures/local-chat-parent.ts'], {
        env: { ...process.env, ...LOOPBACK_MEDIA },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      cleanup.push(async () => parent.kill('SIGKILL'));
      const { pid } = await new Promise<{ pid: number | null }>((resolve) => {
        let out = '';
        parent.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((l) => l.startsWith('{"pid"'));
          if (line) resolve(JSON.parse(line) as { pid: number | null });
        });
      });
      expect(pid).not.toBeNull();
      expect(alive(pid!)).toBe(true);
      parent.kill('SIGKILL');
      await expect.poll(() => alive(pid!), { timeout: 10_000 }).toBe(false);
    },
  );
});

/** A raw websocket upgrade to the chat media socket; resolves with the status line and the open socket. */
const upgrade = (port: number) =>
  new Promise<{ status: string; socket: net.Socket }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `GET ${MEDIA_SOCKET_PATH}?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n` +
          'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    const timer = setTimeout(() => resolve({ status: 'none', socket }), 2_000);
    socket.once('data', (data: Buffer) => {
      clearTimeout(timer);
      resolve({ status: data.toString().split('\r\n')[0]!, socket });
    });
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ status: 'closed', socket });
    });
  });

/** The pass-through from a hostile client's side: a way to the chat server, never around it. */
describe('the pass-through of /media/socket/ (issue 17)', () => {
  let media: MediaServer;
  let server: BelfryServer;
  let plain: BelfryServer;
  const drops: (() => Promise<void>)[] = [];
  const SECRET = 'pass-through-test-secret';

  afterAll(async () => {
    await server.close();
    await plain.close();
    await media.close();
    for (const drop of drops) await drop();
  });

  it('refuses forged tickets, caps sockets per address, and exists only for a local chat server', async () => {
    media = await startMedia({ port: 0, host: '127.0.0.1', secret: SECRET });
    const db = await freshDatabase('sqlite');
    drops.push(db.drop);
    const local = { name: 'Local', url: `http://127.0.0.1:${media.port}`, viaBelfry: true };
    server = await startTestServer(testConfig(db, { chatServers: [local], mediaSecret: SECRET }));

    // A ticket signed with another secret (or none) gets no further than the chat server's own check.
    const forged = io(`http://127.0.0.1:${server.port}`, {
      path: MEDIA_SOCKET_PATH,
      auth: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bm90LXNpZ25lZA' },
      transports: ['websocket'],
      reconnection: false,
    });
    const refused = await new Promise<string>((resolve) => {
      forged.once('connect', () => resolve('connected'));
      forged.once('connect_error', (err) => resolve(err.message));
    });
    forged.disconnect();
    expect(refused).not.toBe('connected');

    // 16 sockets from one address pass; the 17th is refused until one closes.
    const held = [];
    for (let i = 0; i < MAX_FORWARDED_PER_ADDRESS; i++) held.push(await upgrade(server.port));
    expect(held.map((h) => h.status)).toEqual(Array(16).fill('HTTP/1.1 101 Switching Protocols'));
    const extra = await upgrade(server.port);
    expect(extra.status).toBe('HTTP/1.1 429 Too Many Requests');
    held.pop()!.socket.destroy();
    await expect
      .poll(async () => {
        const again = await upgrade(server.port);
        again.socket.destroy();
        return again.status;
      })
      .toBe('HTTP/1.1 101 Switching Protocols');
    for (const h of held) h.socket.destroy();

    // A Belfry whose chat servers are reached directly passes nothing through.
    const db2 = await freshDatabase('sqlite');
    drops.push(db2.drop);
    plain = await startTestServer(
      testConfig(db2, { chatServers: [{ name: 'Far', url: local.url }], mediaSecret: SECRET }),
    );
    const direct = await upgrade(plain.port);
    direct.socket.destroy();
    expect(direct.status).not.toContain('101');
  });
});
