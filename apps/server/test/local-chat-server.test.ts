import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type AuthTokens, MEDIA_SOCKET_PATH, type MediaTicketAnswer } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { type LocalChatServer, startLocalChatServer } from '../src/media/localChatServer';
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
