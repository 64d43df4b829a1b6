import type { AuthTokens } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { CONNECT_RATE } from '../src/sessions/buckets';
import { SOCKETS_PER_ACCOUNT, SOCKETS_PER_USER_IN_SESSION } from '../src/sessions/socketCaps';
import {
  api,
  freshDatabase,
  register,
  solveCaptcha,
  startTestServer,
  TestClient,
  testConfig,
  tryConnect,
} from './harness';

/**
 * Every input has a bound, sockets too (sessions/socketCaps.ts, apps/server README "On every socket"):
 * 5 sockets of one user in one session (a sixth ends the oldest), 25 of one account on a node (past
 * that a new one is closed), and handshakes per login at 30 at once, then one per 5 s. Without them
 * one account opened as many sockets as it liked, and each took a write of every change of its session.
 */
describe('sockets per account (issue 16: bounded under attack)', () => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let st: AuthTokens;
  const clients: TestClient[] = [];
  const connect = async (id: string, tokens: AuthTokens) => {
    const client = new TestClient(server.port, id, tokens.accessToken);
    clients.push(client);
    return client;
  };
  /** The codes of the `closed` events each client gets from now on. */
  const closedOf = (clients: TestClient[]) => {
    const codes = clients.map(() => 'none');
    clients.forEach((client, i) => client.socket.on('closed', (reason: { code: string }) => (codes[i] = reason.code)));
    return codes;
  };
  const until = async (done: () => boolean, what: string) => {
    for (let i = 0; !done(); i++) {
      if (i > 250) throw new Error(`not within 5 s: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const create = async (name: string) => {
    expect((await api(server, 'POST', '/backend/sessions', { name, seats: 5 }, st.accessToken)).status).toBe(201);
    await (await connect(name, st)).until(() => true);
    return name;
  };
  const online = (id: string, userId: string) => server.hub.state(id)?.users[userId]?.isOnline === true;

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(db));
    st = await register(server, 'storyteller');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await db.drop();
  });

  it('a sixth socket of one user in one session ends their oldest there; the user stays online', async () => {
    expect(SOCKETS_PER_USER_IN_SESSION).toBe(5);
    const id = await create('tabs');
    const player = await register(server, 'many-tabs');
    const tabs: TestClient[] = [];
    for (let i = 0; i < 5; i++) {
      tabs.push(await connect(id, player));
      await tabs.at(-1)!.until(() => true);
    }
    const closed = closedOf(tabs);
    const sixth = await connect(id, player);
    await sixth.until((view) => view.users[player.user.id]?.isOnline === true);
    await until(() => !tabs[0]!.socket.connected, 'the oldest let go');
    expect(closed).toEqual(['too_many_connections', 'none', 'none', 'none', 'none']);
    expect(tabs.map((tab) => tab.socket.connected)).toEqual([false, true, true, true, true]);
    expect(sixth.socket.connected).toBe(true);
    expect(online(id, player.user.id)).toBe(true);
    // The one ended went from the count: the session holds 5 of theirs, and a seventh ends the second.
    await (await connect(id, player)).until(() => true);
    await until(() => closed[1] !== 'none', 'the second closed');
    expect(closed).toEqual(['too_many_connections', 'too_many_connections', 'none', 'none', 'none']);
    expect(online(id, player.user.id)).toBe(true);
  });

  it('25 sockets of one account on a node; the 26th is closed with too_many_connections, unless it replaces one in its game; one more fits once one left', async () => {
    expect(SOCKETS_PER_ACCOUNT).toBe(25);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await create(`wide${i}`));
    const player = await register(server, 'wide');
    const held: TestClient[] = [];
    for (const id of ids.slice(0, 5)) {
      for (let i = 0; i < 5; i++) held.push(await connect(id, player));
    }
    await Promise.all(held.map((client) => client.until(() => true)));
    const over = await connect(ids[5]!, player);
    const closed = closedOf([over]);
    await until(() => closed[0] !== 'none', 'the 26th closed');
    expect(closed).toEqual(['too_many_connections']);
    await until(() => !over.socket.connected, 'the 26th let go');
    expect(over.view).toBeNull(); // it never joined: no view, and the session never saw the user
    expect(server.hub.state(ids[5]!)?.users[player.user.id]).toBeUndefined();
    expect(held.every((client) => client.socket.connected)).toBe(true);

    // A sixth in a game where the account holds five ends its oldest there, as below 25: it adds none.
    const closedThere = closedOf(held.slice(0, 5));
    const oldest = held[0]!.socket.id!;
    const sixth = await connect(ids[0]!, player);
    await sixth.until((view) => view.users[player.user.id]?.isOnline === true);
    await until(() => !held[0]!.socket.connected, 'the oldest there let go');
    expect(closedThere).toEqual(['too_many_connections', 'none', 'none', 'none', 'none']);
    expect(sixth.socket.connected).toBe(true);
    held[0] = sixth;

    await until(() => !server.io.sockets.sockets.has(oldest), 'the server saw the oldest go');

    const sockets = server.io.sockets.sockets.size;
    held[1]!.close();
    await until(() => server.io.sockets.sockets.size === sockets - 1, 'the server saw one go');
    const fits = await connect(ids[5]!, player);
    await fits.until((view) => view.users[player.user.id]?.isOnline === true);
    for (const client of [...held, fits]) client.close();
  });

  it('handshakes per login: 30 at once, then one per 5 s; refused ones are rate_limited before any lookup', async () => {
    expect(CONNECT_RATE).toEqual({ burst: 30, perSecond: 0.2 });
    const id = await create('knocking');
    const player = await register(server, 'knocker');
    const answers: string[] = [];
    for (let i = 0; i < 31; i++) answers.push(await tryConnect(server, id, player.accessToken));
    expect(answers.slice(0, 30).every((answer) => answer === 'connected')).toBe(true);
    expect(answers[30]).toBe('rate_limited');
    // Another account is not held back by this one's handshakes, nor another login of the same account
    // (the token of a login that ended still verifies for minutes: it must not lock the account out).
    const other = await register(server, 'neighbour');
    expect(await tryConnect(server, id, other.accessToken)).toBe('connected');
    const again = await api<AuthTokens>(server, 'POST', '/backend/auth/login', {
      email: player.user.email,
      password: 'secret-password',
      captcha: await solveCaptcha(server),
    });
    expect(again.status).toBe(200);
    expect(await tryConnect(server, id, again.body.accessToken)).toBe('connected');
    // Even a handshake that names no session costs a token (refused before the lookup).
    expect(await tryConnect(server, 'nosuchcode', player.accessToken)).toBe('rate_limited');
    await new Promise((resolve) => setTimeout(resolve, 5100));
    expect(await tryConnect(server, id, player.accessToken)).toBe('connected');
    expect(await tryConnect(server, id, player.accessToken)).toBe('rate_limited');
  }, 20_000);
});
