import type { Socket as NetSocket } from 'node:net';
import type { AuthTokens } from '@belfry/protocol';
import type { Socket as ServerSocket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { BACKLOG_GRACE_MS, backlogOf, HARD_BACKLOG_BYTES, SOFT_BACKLOG_BYTES } from '../src/sessions/backlog';
import { api, freshDatabase, register, startTestServer, TestClient, testConfig } from './harness';

/**
 * A client that stops reading must not make the server keep what is meant for it (sessions/backlog.ts):
 * past 8 MiB waiting its connection is cut at once, past 1 MiB after 10 s, whichever transport it came
 * by, and the session goes on. The hostile client asks for full views (`getGamestate`, ~40 KB each
 * here) and reads none.
 */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The socket's disconnect reason, or 'still connected' after 15 s. */
const disconnectOf = (socket: ServerSocket) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), 15_000);
    socket.on('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** engine.io-client's WebSocket transport in Node is ws's, which can stop reading (ws 8: pause()). */
const wsOf = (client: TestClient) =>
  (client.socket.io.engine.transport as unknown as { ws: { pause(): void; resume(): void } }).ws;

describe('a socket that does not read what it is sent (issue 16: memory bounded under attack)', () => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let st: AuthTokens;
  let hostile: AuthTokens;
  let friend: AuthTokens;
  const clients: TestClient[] = [];
  const connect = (id: string, tokens: AuthTokens) => {
    const client = new TestClient(server.port, id, tokens.accessToken);
    clients.push(client);
    return client;
  };
  /** The server's side of a user's socket in a session. */
  const serverSocketOf = (userId: string, sessionId: string): ServerSocket => {
    type Data = { member: { actor: { userId: string } }; sessionId: string };
    const mine = (s: ServerSocket) => {
      const data = s.data as Data;
      return data.member.actor.userId === userId && data.sessionId === sessionId;
    };
    return [...server.io.sockets.sockets.values()].find(mine)!;
  };

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    // Rates lifted: the flood reaches the cap in a second instead of a minute; the cap is the same.
    server = await startTestServer(testConfig(db, { socketRateFactor: 100 }));
    st = await register(server, 'storyteller');
    hostile = await register(server, 'hostile');
    friend = await register(server, 'friend');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await db.drop();
  });

  /** A session whose full view is large, so that each unread request leaves much behind. */
  const bigSession = async (id: string) => {
    await api(server, 'POST', '/backend/sessions', { name: id, seats: 12 }, st.accessToken);
    const storyteller = connect(id, st);
    await storyteller.until(() => true);
    const roles = Array.from({ length: 120 }, (_, i) => ({
      id: `custom${i}`,
      name: `Custom ${i}`,
      team: 'townsfolk',
      ability: `${'A long ability text. '.repeat(11)}${i}`,
    }));
    const edition = { id: 'custom', name: 'Big', author: 'Tests', isOfficial: false, level: 'veteran' };
    const set = await storyteller.request('edition', { edition, roles });
    expect(set).toEqual({ ok: true });
    await storyteller.until((v) => JSON.stringify(v).includes('custom119'));
    return storyteller;
  };

  /** Sends getGamestate without waiting for answers until the server cut the socket or `max` were sent. */
  const flood = async (client: TestClient, serverSocket: ServerSocket, max: number) => {
    let sent = 0;
    let largest = 0;
    while (sent < max && serverSocket.connected) {
      client.socket.emit('getGamestate', {}, () => undefined);
      sent += 1;
      await tick();
      largest = Math.max(largest, backlogOf(serverSocket));
    }
    return { sent, largest };
  };

  it('a WebSocket client that stops reading is cut past 8 MiB unsent at once; the others go on', async () => {
    const storyteller = await bigSession('unread');
    const viewBytes = Buffer.byteLength(JSON.stringify(storyteller.view));
    expect(viewBytes).toBeGreaterThan(30_000);
    const h = connect('unread', hostile);
    const f = connect('unread', friend);
    await h.until(() => true);
    await f.until(() => true);
    const hostileSide = serverSocketOf(hostile.user.id, 'unread');
    const disconnected = disconnectOf(hostileSide);
    const tcp = (hostileSide.conn.transport as unknown as { socket: { _socket: NetSocket } }).socket._socket;
    const engineClients = server.io.engine.clientsCount;

    wsOf(h).pause();
    const { sent, largest } = await flood(h, hostileSide, 2000);
    console.log(`cut after ${sent} requests of ${viewBytes} B; largest backlog seen ${largest} B`);
    expect(hostileSide.connected).toBe(false);
    expect(await disconnected).toBe('forced close');
    // Never more than the cap and the one full view that crossed it, well within the 10 s of grace.
    expect(largest).toBeLessThanOrEqual(HARD_BACKLOG_BYTES + viewBytes * 2);
    // (What it had sent before the cut is answered from the kernel's buffers: more than the cap alone.)
    expect(sent * viewBytes).toBeGreaterThan(HARD_BACKLOG_BYTES);
    // What waited is let go at once: the TCP socket destroyed, engine.io's client gone.
    expect(tcp.destroyed).toBe(true);
    expect(server.io.engine.clientsCount).toBe(engineClients - 1);
    // The Storyteller sees the hostile user leave; the friend, who read everything, is still there.
    await storyteller.until((v) => v.users[hostile.user.id]?.isOnline === false);
    expect(f.socket.connected).toBe(true);
    // (A spectator writes to the Storyteller, not in public.)
    expect((await f.request('textMessage', { message: 'still here', recipientId: st.user.id })).ok).toBe(true);

    // Reading again, the client finds its connection closed, and a new one gets the whole view.
    const closed = new Promise<string>((resolve) => h.socket.on('disconnect', resolve));
    wsOf(h).resume();
    expect(await closed).toBe('transport close');
    const again = connect('unread', hostile);
    await again.until((v) => v.users[hostile.user.id]?.isOnline === true);
    expect(again.fullViews).toBe(1);
  });

  it('a long-polling client that stops polling is cut past 8 MiB queued in engine.io', async () => {
    const storyteller = await bigSession('unpolled');
    const viewBytes = Buffer.byteLength(JSON.stringify(storyteller.view));
    // engine.io's protocol by hand (v4): a handshake, Socket.IO's connect with the token, one poll for
    // its answer, then requests only, never a poll again: everything meant for it waits in engine.io.
    const base = `http://127.0.0.1:${server.port}/backend/socket/?EIO=4&transport=polling&session=unpolled`;
    const open = await (await fetch(base)).text();
    const sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
    const url = `${base}&sid=${sid}`;
    const post = (body: string) => fetch(url, { method: 'POST', body });
    expect((await post(`40${JSON.stringify({ token: hostile.accessToken })}`)).status).toBe(200);
    expect(await (await fetch(url)).text()).toMatch(/^40/);
    await storyteller.until((v) => v.users[hostile.user.id]?.isOnline === true);
    const hostileSide = serverSocketOf(hostile.user.id, 'unpolled');
    const disconnected = disconnectOf(hostileSide);

    let sent = 0;
    let largest = 0;
    let refused = 0;
    while (sent < 600 && refused === 0) {
      // Ten requests a POST, engine.io's record separator between them.
      const batch = Array.from({ length: 10 }, (_, i) => `42${sent + i}["getGamestate",{}]`).join('\x1e');
      const answer = await post(batch);
      if (answer.status !== 200) refused = answer.status;
      sent += 10;
      largest = Math.max(largest, backlogOf(hostileSide));
    }
    console.log(`polling: cut after ${sent} requests of ${viewBytes} B; largest queue seen ${largest} B`);
    expect(await disconnected).toBe('forced close');
    // The POST after the cut finds no such engine.io session.
    expect(refused).toBe(400);
    expect(largest).toBeLessThanOrEqual(HARD_BACKLOG_BYTES + viewBytes * 10);
    expect(sent * viewBytes).toBeGreaterThan(HARD_BACKLOG_BYTES);
    await storyteller.until((v) => v.users[hostile.user.id]?.isOnline === false);
  });

  it('past 1 MiB behind, a client that catches up within 10 s stays; one that does not is cut at the next send', async () => {
    const storyteller = await bigSession('behind');
    const slow = connect('behind', hostile);
    const late = connect('behind', friend);
    await slow.until(() => true);
    await late.until(() => true);
    const slowSide = serverSocketOf(hostile.user.id, 'behind');
    const lateSide = serverSocketOf(friend.user.id, 'behind');
    const lateCut = disconnectOf(lateSide);
    /** Unread full views until more than 1 MiB waits in the server for the socket. */
    const fallBehind = async (client: TestClient, side: ServerSocket) => {
      wsOf(client).pause();
      while (side.connected && backlogOf(side) <= SOFT_BACKLOG_BYTES) {
        client.socket.emit('getGamestate', {}, () => undefined);
        await tick();
      }
    };
    await fallBehind(slow, slowSide);
    await fallBehind(late, lateSide);
    const behindSince = Date.now();
    /** A change of the session: a patch to every socket, and with it the check. */
    let said = 0;
    const change = async () =>
      expect(await storyteller.request('textMessage', { message: `note ${++said}`, recipientId: '' })).toEqual({
        ok: true,
      });
    // One of them reads again and catches up; the other does not.
    wsOf(slow).resume();
    while (backlogOf(slowSide) > SOFT_BACKLOG_BYTES) await new Promise((resolve) => setTimeout(resolve, 10));
    await change();
    expect(backlogOf(slowSide)).toBeLessThanOrEqual(SOFT_BACKLOG_BYTES);
    await new Promise((resolve) => setTimeout(resolve, BACKLOG_GRACE_MS / 2));
    await change();
    expect(lateSide.connected).toBe(true); // behind for 5 s: still within its grace
    await new Promise((resolve) => setTimeout(resolve, behindSince + BACKLOG_GRACE_MS + 200 - Date.now()));
    expect(lateSide.connected).toBe(true); // nothing sent to it since: nothing checked
    await change();
    expect(await lateCut).toBe('forced close');
    expect(slowSide.connected).toBe(true);
    // Behind again, 10 s after it first was: a new grace, since it had caught up in between.
    await fallBehind(slow, slowSide);
    expect(slowSide.connected).toBe(true);
    wsOf(slow).resume();
    await slow.until((v) => JSON.stringify(v).includes(`note ${said}`));
  }, 30_000);

  it('a client more than 1 MiB behind that the Storyteller kicks is let go at once, not after the heartbeat', async () => {
    const storyteller = await bigSession('kicked');
    const h = connect('kicked', hostile);
    await h.until(() => true);
    const hostileSide = serverSocketOf(hostile.user.id, 'kicked');
    const disconnected = disconnectOf(hostileSide);
    const tcp = (hostileSide.conn.transport as unknown as { socket: { _socket: NetSocket } }).socket._socket;
    const engineClients = server.io.engine.clientsCount;
    wsOf(h).pause();
    while (backlogOf(hostileSide) <= SOFT_BACKLOG_BYTES) {
      h.socket.emit('getGamestate', {}, () => undefined);
      await tick();
    }
    // Within its 10 s of grace, so only the kick ends it.
    expect(hostileSide.connected).toBe(true);
    expect((await storyteller.request('kickUser', { id: hostile.user.id })).ok).toBe(true);
    // A close would wait for the 1 MiB ahead of it to be read, i.e. for the heartbeat (70 s): what
    // waited is let go at once instead.
    const reason = await disconnected;
    expect(tcp.destroyed).toBe(true);
    expect(server.io.engine.clientsCount).toBe(engineClients - 1);
    expect(reason).toBe('forced close');
    await storyteller.until(
      (v) => v.users[hostile.user.id] === undefined || v.users[hostile.user.id]?.isOnline === false,
    );
  });

  it('a client that reads is never cut by the same flood', async () => {
    const storyteller = await bigSession('reader');
    const f = connect('reader', friend);
    await f.until(() => true);
    const friendSide = serverSocketOf(friend.user.id, 'reader');
    const { sent } = await flood(f, friendSide, 300);
    expect(sent).toBe(300);
    expect(friendSide.connected).toBe(true);
    await storyteller.until((v) => v.users[friend.user.id]?.isOnline === true);
  });
});
