/**
 * Single-session figures, measured on an otherwise quiet server before the load connects: what one
 * chat message costs with 5 and with 500 messages kept, what a chatting session does to its
 * neighbour's latency, the bytes of each vote step and of a full view on joining. The full table's
 * 21 sockets run on the main thread, the neighbour's on a client thread.
 */
import type { SessionView } from '@belfry/engine';
import type { AuthTokens } from '@belfry/protocol';
import { createSession } from './api';
import type { ClientPool } from './client-pool';
import { emptySamples, type OpenLoopResult, type Samples } from './client-messages';
import type { BenchConfig } from './config';
import type { HostThread } from './host-thread';
import { belfryOpenLoop, type LocalSession } from './load-loops';
import { benchRoles } from './roles';
import { roundSummary, type Summary, summarize } from './stats';
import { now, progress, sleep, withTimeout } from './timing';
import { type CpuFigures, cpuWindow } from './usage-window';
import { ViewClient } from './view-client';

/** A full table: the Storyteller and 20 seated players. */
export const TABLE_SEATS = 20;
const STEP_TIMEOUT_MS = 30_000;
/** The client thread that runs the neighbour session (the load's sockets are not connected yet). */
const NEIGHBOUR_THREAD = 0;
/** Messages timed one by one at each fill level. */
const MEASURED_MESSAGES = 10;
/** After the last client has a change: room for anything else the change sets off (a system message). */
const TRAILING_MS = 100;

/** One change timed alone: server work, latency and what it put on the wire. */
export interface Measured {
  /** Server thread event loop active time from the emit to TRAILING_MS after the last client had it. */
  serverMs: number;
  ackMs: number;
  lastClientMs: number;
  /** Patch bytes a client received for it, on average over the session's clients. */
  bytesPerClient: number;
  storytellerBytes: number;
  /** A player who took no part in it. */
  playerBytes: number;
}

export interface MeasuredSummary {
  count: number;
  serverMs: Summary;
  ackMs: Summary;
  lastClientMs: Summary;
  bytesPerClient: number;
  storytellerBytes: number;
  playerBytes: number;
}

export interface JoinSize {
  /** Messages in the town's stream of the view. */
  messages: number;
  storytellerBytes: number;
  playerBytes: number;
}

export interface NeighbourRun {
  seat: Samples;
  chat: Samples;
  cpu: CpuFigures;
}

export interface ProbeResult {
  sockets: number;
  /** Kept messages before the first and the last timed message of the low fill level. */
  lowKept: [number, number];
  chatLow: MeasuredSummary;
  chatFull: MeasuredSummary;
  fillSeconds: number;
  joinRoles: JoinSize;
  joinFull: JoinSize;
  vote: { step: string; measured: Measured }[];
  neighbour: { sockets: number; alone: NeighbourRun; besideChat: NeighbourRun; intentsPerSecond: number };
  roleBytes: number;
}

const viewWhen = async (client: ViewClient, check: (view: SessionView) => boolean, ms = STEP_TIMEOUT_MS) => {
  await client.watch(check, ms).arrived;
  if (!client.view) throw new Error('no view');
  return client.view;
};

const must = async (client: ViewClient, event: string, payload: unknown) => {
  const ack = await client.request(event, payload, STEP_TIMEOUT_MS);
  if (!ack.ok) throw new Error(`${event} ${JSON.stringify(payload).slice(0, 80)} was refused: ${ack.error.code}`);
};

const connect = async (port: number, sessionId: string, users: AuthTokens[]) => {
  const clients = users.map(
    (user) => new ViewClient(port, sessionId, user.user.id, user.accessToken, { inPlace: true }),
  );
  await Promise.all(clients.map((client) => client.joined(STEP_TIMEOUT_MS)));
  await Promise.all(
    clients.map((client) =>
      viewWhen(client, (view) => Object.values(view.users).filter((u) => u.isOnline).length === users.length),
    ),
  );
  return clients;
};

const townMessages = (view: SessionView) =>
  view.chat.messages.filter((m) => m.recipientId !== 'spectator' && m.recipientId !== 'private').length;

/**
 * Times one change: `send` emits it and resolves with the ack; `seen` tells when a view has it.
 * `bystander` is a client that took no part in it.
 */
const measure = async (
  host: HostThread,
  clients: ViewClient[],
  bystander: ViewClient,
  actor: ViewClient,
  event: string,
  payload: unknown,
  seen: (view: SessionView) => boolean,
): Promise<Measured> => {
  await sleep(200);
  for (const client of clients) client.patchBytes = 0;
  const watches = clients.map((client) => client.watch(seen, STEP_TIMEOUT_MS));
  const before = await host.usage();
  const emitted = now();
  const ack = await actor.request(event, payload, STEP_TIMEOUT_MS);
  const acked = now();
  if (!ack.ok) throw new Error(`${event} was refused: ${ack.error.code}`);
  const last = Math.max(...(await Promise.all(watches.map((watch) => watch.arrived))));
  await sleep(TRAILING_MS);
  const after = await host.usage();
  const [storyteller] = clients;
  return {
    serverMs: after.active - before.active,
    ackMs: acked - emitted,
    lastClientMs: last - emitted,
    bytesPerClient: clients.reduce((sum, client) => sum + client.patchBytes, 0) / clients.length,
    storytellerBytes: storyteller?.patchBytes ?? 0,
    playerBytes: bystander.patchBytes,
  };
};

const summarizeMeasured = (runs: Measured[]): MeasuredSummary => {
  const mean = (pick: (m: Measured) => number) => runs.reduce((sum, m) => sum + pick(m), 0) / runs.length;
  return {
    count: runs.length,
    serverMs: roundSummary(summarize(runs.map((m) => m.serverMs))),
    ackMs: roundSummary(summarize(runs.map((m) => m.ackMs))),
    lastClientMs: roundSummary(summarize(runs.map((m) => m.lastClientMs))),
    bytesPerClient: Math.round(mean((m) => m.bytesPerClient)),
    storytellerBytes: Math.round(mean((m) => m.storytellerBytes)),
    playerBytes: Math.round(mean((m) => m.playerBytes)),
  };
};

/** A second tab of the Storyteller and of a player: the size of the full view each gets on joining. */
const joinSize = async (port: number, sessionId: string, storyteller: AuthTokens, player: AuthTokens) => {
  const tabs = [storyteller, player].map(
    (user) => new ViewClient(port, sessionId, user.user.id, user.accessToken, { inPlace: true }),
  );
  try {
    await Promise.all(tabs.map((tab) => tab.joined(STEP_TIMEOUT_MS)));
    const [st, pl] = tabs;
    return {
      messages: st?.view ? townMessages(st.view) : 0,
      storytellerBytes: st?.lastSessionBytes ?? 0,
      playerBytes: pl?.lastSessionBytes ?? 0,
    };
  } finally {
    for (const tab of tabs) tab.close();
    await sleep(300);
  }
};

const chatMessages = async (
  host: HostThread,
  clients: ViewClient[],
  writer: ViewClient,
  bystander: ViewClient,
  label: string,
) => {
  const runs: Measured[] = [];
  for (let k = 0; k < MEASURED_MESSAGES; k++) {
    const message = `${label} ${k}: I am the Chef and I learned a zero.`;
    runs.push(
      await measure(host, clients, bystander, writer, 'textMessage', { message, recipientId: '' }, (view) =>
        view.chat.messages.slice(-4).some((m) => m.message === message),
      ),
    );
  }
  return runs;
};

/** Fills the town's stream to `kept` messages, every user writing (each has its own chat bucket). */
const fillChat = async (clients: ViewClient[], kept: number) => {
  const [storyteller] = clients;
  if (!storyteller?.view) throw new Error('no Storyteller view');
  const missing = kept - townMessages(storyteller.view);
  let next = 0;
  const writer = async (client: ViewClient, w: number) => {
    for (let k = next++; k < missing; k = next++) {
      await must(client, 'textMessage', { message: `filler ${k} from ${w}: the Empath got a one.`, recipientId: '' });
    }
  };
  await Promise.all(clients.map(writer));
  await Promise.all(clients.map((client) => viewWhen(client, (view) => townMessages(view) >= kept)));
};

/**
 * The neighbour's seat intents at `intentsPerSecond` (the load's seat traffic, on a client thread of
 * its own, so that the chatting table's clients on this thread cannot delay its figures), while the
 * table is quiet or chats at `chatPerSecond`.
 */
const neighbour = async (
  config: BenchConfig,
  host: HostThread,
  pool: ClientPool,
  chatter: LocalSession,
  intentsPerSecond: number,
  chatting: boolean,
): Promise<NeighbourRun> => {
  const plan = {
    startAt: now() + 300,
    seconds: config.chatSeconds,
    timeoutMs: config.intentTimeoutMs,
    seed: config.seed,
  };
  const cpu = await cpuWindow(host, pool);
  const [other, chat] = await Promise.all([
    pool.ask<OpenLoopResult>(NEIGHBOUR_THREAD, {
      type: 'openLoop',
      plan: { ...plan, rateMs: 1000 / intentsPerSecond, chatMs: 0 },
    }),
    chatting
      ? belfryOpenLoop([chatter], { ...plan, rateMs: 0, chatMs: 1000 / config.chatPerSecond }, { sent: 0, done: 0 })
      : Promise.resolve(null),
  ]);
  return { seat: other.seat, chat: chat?.chat ?? emptySamples(), cpu: await cpu.end() };
};

export const runProbes = async (
  config: BenchConfig,
  host: HostThread,
  pool: ClientPool,
  users: AuthTokens[],
): Promise<ProbeResult> => {
  const table = users.slice(0, TABLE_SEATS + 1);
  const [storytellerUser, firstPlayer] = table;
  if (table.length < TABLE_SEATS + 1 || !storytellerUser || !firstPlayer) {
    throw new Error(`the probes need ${TABLE_SEATS + 1} users`);
  }
  const port = host.port;
  const tableId = await createSession(port, storytellerUser.accessToken, 'probe-table', TABLE_SEATS);
  const neighbourId = await createSession(port, storytellerUser.accessToken, 'probe-neighbour', TABLE_SEATS);
  const clients = await connect(port, tableId, table);
  const neighbours = users.slice(0, config.sockets);
  try {
    await pool.ask(NEIGHBOUR_THREAD, {
      type: 'connectBelfry',
      port,
      client: config.client,
      sessions: [
        {
          index: 0,
          sessionId: neighbourId,
          users: neighbours.map((user) => ({ userId: user.user.id, token: user.accessToken })),
        },
      ],
      batch: neighbours.length,
    });
    await pool.ask(NEIGHBOUR_THREAD, { type: 'settle', users: neighbours.length, ms: STEP_TIMEOUT_MS });
    const [storyteller, ...players] = clients;
    if (!storyteller || players.length < 4) throw new Error('the table is not complete');
    // Seated by the Storyteller: claiming would leave a system message in the chat for 300 s.
    for (const [i, player] of players.entries()) {
      await must(storyteller, 'updatePlayer', { index: i, property: 'id', value: player.userId });
    }
    const roles = benchRoles(TABLE_SEATS);
    await must(storyteller, 'distributeRoles', { roles: roles.map((role) => ({ role, alignment: null })) });
    // Handing out shows every player their role for 2.5 s (receive-role); the table is ready after it.
    await Promise.all(
      clients.map((client) => viewWhen(client, (view) => view.hook === null && view.seats.every((s) => s.id !== ''))),
    );
    progress(`probes: ${clients.length} sockets at a full table (20 seats, roles handed out)`);

    const joinRoles = await joinSize(port, tableId, storytellerUser, firstPlayer);
    for (let k = 0; k < 5; k++) await must(storyteller, 'textMessage', { message: `welcome ${k}`, recipientId: '' });
    await Promise.all(clients.map((client) => viewWhen(client, (view) => townMessages(view) >= 5)));
    const writer = players[0]!;
    const bystander = players[3]!;
    const lowBefore = townMessages(storyteller.view!);
    const chatLow = await chatMessages(host, clients, writer, bystander, 'low');
    const lowKept: [number, number] = [lowBefore, lowBefore + MEASURED_MESSAGES - 1];
    progress(`probes: ${MEASURED_MESSAGES} messages timed with ${lowKept[0]}–${lowKept[1]} kept; filling to 500`);

    const fillBegan = now();
    await withTimeout(fillChat(clients, 500), 180_000, 'filling the chat to 500 messages');
    const fillSeconds = (now() - fillBegan) / 1000;
    await sleep(500);
    const chatFull = await chatMessages(host, clients, writer, bystander, 'full');
    const joinFull = await joinSize(port, tableId, storytellerUser, firstPlayer);
    progress(`probes: chat filled in ${fillSeconds.toFixed(1)} s, ${MEASURED_MESSAGES} messages timed with 500 kept`);

    const voter = players[2]!;
    const vote: ProbeResult['vote'] = [];
    const step = async (
      name: string,
      actor: ViewClient,
      event: string,
      payload: unknown,
      seen: (v: SessionView) => boolean,
    ) => vote.push({ step: name, measured: await measure(host, clients, bystander, actor, event, payload, seen) });
    await step(
      'nomination',
      storyteller,
      'nomination',
      { nominator: 0, nominee: 1 },
      (v) => v.vote.nomination !== null,
    );
    await step('voteControl start', storyteller, 'voteControl', { action: 'start' }, (v) => v.vote.isInProgress);
    // `at` is server time; server and clients share this machine's clock.
    await step(
      'vote (a hand raised)',
      voter,
      'vote',
      { index: 2, value: 1, at: Date.now() },
      (v) => v.vote.votes[2] === 1,
    );
    await step(
      'voteControl finish',
      storyteller,
      'voteControl',
      { action: 'finish' },
      (v) => v.vote.nomination === null,
    );
    progress('probes: vote steps measured');

    const intentsPerSecond = 5;
    const chatter: LocalSession = { index: 1, clients };
    progress(`probes: neighbour alone for ${config.chatSeconds} s (${intentsPerSecond} seat intents/s)`);
    const alone = await neighbour(config, host, pool, chatter, intentsPerSecond, false);
    progress(`probes: neighbour beside a session chatting at ${config.chatPerSecond}/s with 500 kept`);
    const besideChat = await neighbour(config, host, pool, chatter, intentsPerSecond, true);

    return {
      sockets: clients.length,
      lowKept,
      chatLow: summarizeMeasured(chatLow),
      chatFull: summarizeMeasured(chatFull),
      fillSeconds,
      joinRoles,
      joinFull,
      vote,
      neighbour: { sockets: neighbours.length, alone, besideChat, intentsPerSecond },
      roleBytes: Math.round(roles.reduce((sum, role) => sum + JSON.stringify(role).length, 0) / roles.length),
    };
  } finally {
    for (const client of clients) client.close();
    await pool.ask(NEIGHBOUR_THREAD, { type: 'disconnect' });
    await sleep(1000);
  }
};
