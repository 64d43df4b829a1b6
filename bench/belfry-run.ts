import type { AuthTokens } from '@belfry/protocol';
import { createSession } from './api';
import type { ClientPool } from './client-pool';
import {
  type ClosedLoopResult,
  type Counters,
  mergeSamples,
  type OpenLoopPlan,
  type OpenLoopResult,
  type Progress,
  type Samples,
  type SessionSpec,
} from './client-messages';
import type { BenchConfig } from './config';
import type { HostThread } from './host-thread';
import { inBatches, now, progress, sleep, withTimeout } from './timing';
import { type CpuFigures, cpuWindow } from './usage-window';

/** Seats of every load session: a full table, however few players the run has. */
export const SESSION_SEATS = 20;

export interface ClosedRun {
  seconds: number;
  stoppedEarly: boolean;
  samples: Samples;
  counters: Counters;
  cpu: CpuFigures;
}

export interface OpenRun {
  seconds: number;
  /** Intents per second the schedule asked for (seat, chat). */
  offeredSeatPerSecond: number;
  offeredChatPerSecond: number;
  seat: Samples;
  chat: Samples;
  counters: Counters;
  cpu: CpuFigures;
}

export interface IdleRun {
  seconds: number;
  sockets: number;
  counters: Counters;
  cpu: CpuFigures;
}

export interface BelfryResult {
  createSeconds: number;
  connectSeconds: number;
  /** Per socket: from opening it to its first full view. */
  joinMs: number[];
  /** Traffic while joining and settling (full views, the patches of others joining). */
  joinCounters: Counters;
  joinCpu: CpuFigures;
  idle: IdleRun | null;
  closed: ClosedRun;
  /** Steps each session took in the closed loop, by session index: the relay carries the same. */
  stepsBySession: number[];
  open: OpenRun | null;
}

const sumCounters = (parts: Counters[]): Counters => {
  const out: Counters = {
    sockets: 0,
    patchFrames: 0,
    patchBytes: 0,
    sessionFrames: 0,
    sessionBytes: 0,
    pings: 0,
    clientPings: 0,
    versionGaps: 0,
    failedPatches: 0,
    relayMessages: 0,
    relayBytes: 0,
  };
  for (const part of parts) for (const key of Object.keys(out) as (keyof Counters)[]) out[key] += part[key];
  return out;
};

export const readCounters = async (pool: ClientPool, reset: boolean) =>
  sumCounters(await pool.all<Counters>({ type: 'counters', reset }));

/** Prints how far a loop has come every 5 s, from what the client threads report. */
export const ticker = (pool: ClientPool, label: string, total?: number) => {
  const began = now();
  const timer = setInterval(() => {
    void pool.all<Progress>({ type: 'progress' }).then(
      (parts) => {
        const sent = parts.reduce((sum, part) => sum + part.sent, 0);
        const done = parts.reduce((sum, part) => sum + part.done, 0);
        const seconds = (now() - began) / 1000;
        progress(
          `${label}: ${sent}${total ? `/${total}` : ''} sent, ${done} seen by all, ${(sent / seconds).toFixed(0)}/s`,
        );
      },
      () => undefined,
    );
  }, 5000);
  return () => clearInterval(timer);
};

/** The closed loop, then the same machinery for the open loop; both on the sessions already connected. */
export const closedLoop = async (
  config: BenchConfig,
  host: HostThread,
  pool: ClientPool,
  label: string,
  stepsByRoom?: number[],
): Promise<ClosedRun & { stepsBySession: number[] }> => {
  await readCounters(pool, true);
  const cpu = await cpuWindow(host, pool, `${label.replace(/ /g, '-')}-closed`);
  const began = now();
  const total = stepsByRoom?.reduce((sum, steps) => sum + steps, 0);
  const stop = ticker(pool, label, total);
  let parts: ClosedLoopResult[];
  try {
    parts = await withTimeout(
      pool.all<ClosedLoopResult>({
        type: 'closedLoop',
        rounds: config.rounds,
        deadlineAt: began + config.maxLoadSeconds * 1000,
        timeoutMs: config.intentTimeoutMs,
        ...(stepsByRoom ? { stepsByRoom } : {}),
      }),
      (config.maxLoadSeconds + (2 * config.intentTimeoutMs) / 1000 + 30) * 1000,
      `the ${label} closed loop`,
    );
  } finally {
    stop();
  }
  const seconds = (now() - began) / 1000;
  const figures = await cpu.end();
  const stepsBySession: number[] = Array.from({ length: config.sessions }, () => 0);
  for (const part of parts)
    for (const [index, steps] of Object.entries(part.stepsBySession)) stepsBySession[Number(index)] = steps;
  const samples = mergeSamples(parts.map((part) => part.samples));
  const stoppedEarly = parts.some((part) => part.stoppedEarly);
  progress(
    `${label}: closed loop, ${samples.sent} sent in ${seconds.toFixed(1)} s${stoppedEarly ? ' (stopped at the time limit)' : ''}`,
  );
  return { seconds, stoppedEarly, samples, counters: await readCounters(pool, true), cpu: figures, stepsBySession };
};

export const openLoop = async (
  config: BenchConfig,
  host: HostThread,
  pool: ClientPool,
  label: string,
): Promise<OpenRun> => {
  await readCounters(pool, true);
  // The load generator's threads start with their heaps collected (client-thread.ts collectFully);
  // the server's heap is left as the phases before left it.
  const collectMs = await pool.all<number>({ type: 'collect' });
  progress(`${label}: client threads collected their heaps in ${collectMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  // Every thread starts the same schedule at the same moment, a little ahead so that all have it.
  const plan: OpenLoopPlan = {
    startAt: now() + 500,
    seconds: config.openSeconds,
    rateMs: config.openRateMs,
    chatMs: config.openChatMs,
    timeoutMs: config.intentTimeoutMs,
    seed: config.seed,
  };
  const cpu = await cpuWindow(host, pool, `${label.replace(/ /g, '-')}-open`);
  const stop = ticker(pool, `${label} open loop`);
  let parts: OpenLoopResult[];
  try {
    parts = await withTimeout(
      pool.all<OpenLoopResult>({ type: 'openLoop', plan }),
      (config.openSeconds + config.intentTimeoutMs / 1000 + 30) * 1000,
      `the ${label} open loop`,
    );
  } finally {
    stop();
  }
  const figures = await cpu.end();
  const seat = mergeSamples(parts.map((part) => part.seat));
  const chat = mergeSamples(parts.map((part) => part.chat));
  progress(`${label}: open loop, ${seat.sent} seat intents and ${chat.sent} messages in ${config.openSeconds} s`);
  return {
    seconds: config.openSeconds,
    offeredSeatPerSecond: (config.sessions * 1000) / config.openRateMs,
    offeredChatPerSecond: config.openChatMs > 0 ? (config.sessions * 1000) / config.openChatMs : 0,
    seat,
    chat,
    counters: await readCounters(pool, true),
    cpu: figures,
  };
};

const idle = async (config: BenchConfig, host: HostThread, pool: ClientPool): Promise<IdleRun> => {
  progress(`belfry: idle for ${config.idleSeconds} s, every socket connected, nobody acting`);
  await readCounters(pool, true);
  const cpu = await cpuWindow(host, pool, 'belfry-idle');
  await sleep(config.idleSeconds * 1000);
  const figures = await cpu.end();
  const counters = await readCounters(pool, true);
  return { seconds: figures.seconds, sockets: counters.sockets, counters, cpu: figures };
};

export const runBelfry = async (
  config: BenchConfig,
  host: HostThread,
  pool: ClientPool,
  users: AuthTokens[],
): Promise<BelfryResult> => {
  const [storyteller] = users;
  if (!storyteller || users.length < config.sockets) throw new Error(`${config.sockets} users are needed`);
  let began = now();
  const names = Array.from({ length: config.sessions }, (_, i) => `bench-${i}`);
  const sessionIds = await inBatches(names, 20, (name) =>
    createSession(host.port, storyteller.accessToken, name, Math.max(SESSION_SEATS, config.sockets - 1)),
  );
  const createSeconds = (now() - began) / 1000;
  progress(`belfry: created ${sessionIds.length} sessions in ${createSeconds.toFixed(1)} s`);

  const specs: SessionSpec[] = sessionIds.map((sessionId, index) => ({
    index,
    sessionId,
    users: users.slice(0, config.sockets).map((user) => ({ userId: user.user.id, token: user.accessToken })),
  }));
  began = now();
  await readCounters(pool, true);
  const joinCpu = await cpuWindow(host, pool, 'belfry-join');
  const batch = Math.max(1, Math.ceil(config.connectBatch / pool.size));
  const joins = await pool.all<number[]>((t) => ({
    type: 'connectBelfry',
    port: host.port,
    sessions: specs.filter((spec) => pool.threadOf(spec.index) === t),
    batch,
    client: config.client,
  }));
  const joinMs = joins.flat();
  progress(`belfry: ${joinMs.length} sockets have their first view after ${((now() - began) / 1000).toFixed(1)} s`);
  await pool.all({ type: 'settle', users: config.sockets, ms: 120_000 });
  const connectSeconds = (now() - began) / 1000;
  const joinFigures = await joinCpu.end();
  const joinCounters = await readCounters(pool, true);
  progress(`belfry: all ${joinMs.length} sockets joined and settled in ${connectSeconds.toFixed(1)} s`);
  // The server's first round trip measurement of each socket (at connect) is written by now.
  await sleep(2000);

  const idleRun = config.idleSeconds > 0 ? await idle(config, host, pool) : null;
  const closed = await closedLoop(config, host, pool, 'belfry');
  const open = config.openSeconds > 0 ? await openLoop(config, host, pool, 'belfry') : null;
  const { stepsBySession, ...closedRun } = closed;
  return {
    createSeconds,
    connectSeconds,
    joinMs,
    joinCounters,
    joinCpu: joinFigures,
    idle: idleRun,
    closed: closedRun,
    stepsBySession,
    open,
  };
};
