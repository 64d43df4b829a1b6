/**
 * Runs in a worker thread (client-pool.ts): its share of the client sockets, whole sessions (or relay
 * rooms) at a time, so that an intent's emit and the arrivals at every client of its session are timed
 * on one thread. Each command is answered when done; usage and progress are answered while a loop runs.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { PING_INTERVAL_MS } from '@belfry/engine';
import type { ClientCommand, ClientReply, ClientRequest, Counters, Progress, SessionSpec } from './client-messages';
import type { LoadClient } from './config';
import { threadSample } from './cpu';
import {
  belfryClosedLoop,
  belfryOpenLoop,
  type LocalRoom,
  type LocalSession,
  relayClosedLoop,
  relayOpenLoop,
} from './load-loops';
import { RelayClient } from './relay-client';
import { inBatches, now, sleep } from './timing';
import { SharedMessages } from './patch-in-place';
import { ViewClient } from './view-client';
import type { ViewCore } from './view-core';
import { WireClient } from './wire-client';

const port = parentPort;
if (!port) throw new Error('client-thread.ts runs as a worker thread (see client-pool.ts).');

let sessions: LocalSession[] = [];
let rooms: LocalRoom[] = [];
const progress: Progress = { sent: 0, done: 0 };
const relayBase = { messages: 0, bytes: 0 };

const connectBelfry = async (serverPort: number, specs: SessionSpec[], batch: number, kind: LoadClient) => {
  const Client = kind === 'wire' ? WireClient : ViewClient;
  const slots = specs.flatMap((spec, s) => spec.users.map((user, u) => ({ spec, s, u, user })));
  sessions = specs.map((spec) => ({ index: spec.index, clients: [] }));
  const shared = specs.map(() => new SharedMessages());
  const joinMs: number[] = [];
  await inBatches(slots, batch, async ({ spec, s, u, user }) => {
    const began = now();
    const client = new Client(serverPort, spec.sessionId, user.userId, user.token, {
      inPlace: true,
      shared: shared[s],
      pingEveryMs: PING_INTERVAL_MS,
    });
    sessions[s]!.clients[u] = client;
    await client.joined(30_000);
    joinMs.push(now() - began);
  });
  return joinMs;
};

const connectRelay = async (serverPort: number, indexes: number[], sockets: number, batch: number) => {
  rooms = indexes.map((index) => ({ index, clients: [] }));
  const slots = rooms.flatMap((room) => Array.from({ length: sockets }, () => room));
  await inBatches(slots, batch, async (room) => {
    const client = new RelayClient(serverPort, `room-${room.index}`);
    room.clients.push(client);
    await client.opened(30_000);
  });
  return rooms.length * sockets;
};

/** Every client of every session sees all of its users online (views are numbered per socket, not compared). */
const settle = async (users: number, ms: number) => {
  const isSettled = (session: LocalSession) =>
    session.clients.every((client) => {
      const view = client.view;
      return view !== null && Object.values(view.users).filter((user) => user.isOnline).length === users;
    });
  const deadline = now() + ms;
  while (!sessions.every(isSettled)) {
    if (now() > deadline) {
      const behind = sessions.filter((session) => !isSettled(session)).length;
      throw new Error(`${behind} sessions did not settle after joining within ${ms} ms`);
    }
    await sleep(100);
  }
};

const counters = (reset: boolean): Counters => {
  const clients = sessions.flatMap((session) => session.clients);
  const relays = rooms.flatMap((room) => room.clients);
  const sum = (pick: (client: ViewCore) => number) => clients.reduce((total, client) => total + pick(client), 0);
  const relayMessages = relays.reduce((total, client) => total + client.received, 0);
  const relayBytes = relays.reduce((total, client) => total + client.bytes, 0);
  const out: Counters = {
    sockets: clients.length + relays.length,
    patchFrames: sum((c) => c.patchFrames),
    patchBytes: sum((c) => c.patchBytes),
    sessionFrames: sum((c) => c.sessionFrames),
    sessionBytes: sum((c) => c.sessionBytes),
    pings: sum((c) => c.pings),
    clientPings: sum((c) => c.clientPings),
    versionGaps: sum((c) => c.versionGaps),
    failedPatches: sum((c) => c.failedPatches),
    relayMessages: relayMessages - relayBase.messages,
    relayBytes: relayBytes - relayBase.bytes,
  };
  if (reset) {
    for (const client of clients) {
      client.patchFrames = 0;
      client.patchBytes = 0;
      client.sessionFrames = 0;
      client.sessionBytes = 0;
      client.pings = 0;
      client.clientPings = 0;
      client.versionGaps = 0;
      client.failedPatches = 0;
    }
    relayBase.messages = relayMessages;
    relayBase.bytes = relayBytes;
  }
  return out;
};

/**
 * A full collection of this thread's heap. The clients' heap (thousands of views) grows through the
 * join and the closed loop; a major collection of it in the middle of an open loop stopped the thread
 * for hundreds of ms (its incremental marking runs on this thread while the other core is busy), and
 * the late arrivals of that one moment were the whole p99 of the window.
 */
const collectFully = () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const began = now();
  gc();
  return now() - began;
};

const run = async (command: ClientCommand): Promise<unknown> => {
  switch (command.type) {
    case 'connectBelfry':
      return connectBelfry(command.port, command.sessions, command.batch, command.client);
    case 'connectRelay':
      return connectRelay(command.port, command.rooms, command.sockets, command.batch);
    case 'settle':
      return settle(command.users, command.ms);
    case 'closedLoop':
      progress.sent = progress.done = 0;
      return command.stepsByRoom
        ? relayClosedLoop(rooms, command.stepsByRoom, command.timeoutMs, progress)
        : belfryClosedLoop(sessions, command.rounds, command.deadlineAt, command.timeoutMs, progress);
    case 'openLoop':
      progress.sent = progress.done = 0;
      return rooms.length > 0
        ? relayOpenLoop(rooms, command.plan, progress)
        : belfryOpenLoop(sessions, command.plan, progress);
    case 'collect':
      return collectFully();
    case 'counters':
      return counters(command.reset);
    case 'usage':
      return threadSample();
    case 'progress':
      return { ...progress };
    case 'disconnect':
      for (const session of sessions) for (const client of session.clients) client.close();
      for (const room of rooms) for (const client of room.clients) client.close();
      sessions = [];
      rooms = [];
      return null;
  }
};

port.on('message', ({ id, command }: ClientRequest) => {
  run(command).then(
    (result) => port.postMessage({ id, ok: true, result } satisfies ClientReply),
    (error: unknown) =>
      port.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies ClientReply),
  );
});
port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies ClientReply);
