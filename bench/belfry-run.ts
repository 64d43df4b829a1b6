import { registerUsers } from './accounts';
import { performance } from 'node:perf_hooks';
import type { Ack, AuthTokens } from '@belfry/protocol';
import type { BenchConfig } from './config';
import { type HostThread, utilization } from './host-thread';
import { summarize } from './stats';
import { inBatches, progress, sleep, withTimeout } from './timing';
import { seatStep, stepsPerSession } from './traffic';
import { ViewClient } from './view-client';

export interface BelfryResult {
  registerSeconds: number;
  createSeconds: number;
  connectSeconds: number;
  loadSeconds: number;
  /** The load stopped at BENCH_MAX_LOAD_SECONDS before every session finished its rounds. */
  stoppedEarly: boolean;
  /** Intents emitted per session, so the relay can carry exactly the same traffic. */
  stepsBySession: number[];
  intentsSent: number;
  /** Acknowledged ok and seen by every client of the session. */
  intentsCompleted: number;
  ackMs: number[];
  updateMs: number[];
  refusals: Record<string, number>;
  ackTimeouts: number;
  updateTimeouts: number;
  versionGaps: number;
  failedPatches: number;
  patchFrames: number;
  patchBytes: number;
  serverBusy: number;
  clientBusy: number;
}

const SESSION_SEATS = 20;

const post = async <T>(port: number, url: string, body: unknown, token?: string): Promise<T> => {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
};

/** Resolves when every client holds the same version and sees all of its session's users online. */
const settled = async (sessions: ViewClient[][], users: number, ms: number) => {
  const isSettled = (clients: ViewClient[]) => {
    const first = clients[0]?.view;
    if (!first) return false;
    const online = Object.values(first.users).filter((user) => user.isOnline).length;
    return online === users && clients.every((client) => client.view?.version === first.version);
  };
  const deadline = performance.now() + ms;
  while (!sessions.every(isSettled)) {
    if (performance.now() > deadline) {
      const behind = sessions.filter((clients) => !isSettled(clients)).length;
      throw new Error(`${behind} sessions did not settle after joining within ${ms} ms`);
    }
    await sleep(100);
  }
};

export const runBelfry = async (config: BenchConfig, server: HostThread, dataDir: string): Promise<BelfryResult> => {
  const { port } = server;
  let began = performance.now();

  // Registration (captcha, mailed code, argon2) is slow on purpose: M users serve every session.
  const users: AuthTokens[] = await registerUsers({ port, dataDir }, config.sockets);
  const registerSeconds = (performance.now() - began) / 1000;
  progress(`belfry: registered ${users.length} users in ${registerSeconds.toFixed(1)} s`);

  const [storyteller] = users;
  if (!storyteller) throw new Error('no users registered');
  began = performance.now();
  const names = Array.from({ length: config.sessions }, (_, i) => `bench-${i}`);
  const sessionIds = await inBatches(names, 20, async (name) => {
    const created = await post<{ sessionId: string }>(
      port,
      '/backend/sessions',
      { name, seats: Math.max(SESSION_SEATS, config.sockets - 1) },
      storyteller.accessToken,
    );
    return created.sessionId;
  });
  const createSeconds = (performance.now() - began) / 1000;
  progress(`belfry: created ${sessionIds.length} sessions in ${createSeconds.toFixed(1)} s`);

  began = performance.now();
  const slots = sessionIds.flatMap((sessionId) => users.map((user) => ({ sessionId, user })));
  const clients: ViewClient[] = [];
  try {
    await inBatches(
      slots,
      config.connectBatch,
      async ({ sessionId, user }, index) => {
        const client = new ViewClient(port, sessionId, user.user.id, user.accessToken);
        clients[index] = client;
        await client.joined(30_000);
      },
      (done) => {
        if (done % 250 === 0 || done === slots.length) progress(`belfry: ${done}/${slots.length} sockets joined`);
      },
    );
    // Slots run session by session, user by user.
    const bySession = sessionIds.map((_, s) => clients.slice(s * users.length, (s + 1) * users.length));
    await settled(bySession, config.sockets, 60_000);
    const connectSeconds = (performance.now() - began) / 1000;
    progress(`belfry: all ${clients.length} sockets joined and settled in ${connectSeconds.toFixed(1)} s`);

    for (const client of clients) {
      client.patchFrames = 0;
      client.patchBytes = 0;
    }
    const result = await load(config, server, bySession);
    return { ...result, registerSeconds, createSeconds, connectSeconds };
  } finally {
    for (const client of clients) client.close();
  }
};

const load = async (config: BenchConfig, server: HostThread, bySession: ViewClient[][]) => {
  const steps = stepsPerSession(config.sockets, config.rounds);
  const total = steps * bySession.length;
  const ackMs: number[] = [];
  const updateMs: number[] = [];
  const refusals: Record<string, number> = {};
  let ackTimeouts = 0;
  let updateTimeouts = 0;
  let sent = 0;
  const stepsBySession = bySession.map(() => 0);

  const serverBefore = await server.loopTime();
  const clientBefore = performance.eventLoopUtilization();
  const began = performance.now();
  const deadline = began + config.maxLoadSeconds * 1000;
  let stoppedEarly = false;

  const ticker = setInterval(() => {
    const seconds = (performance.now() - began) / 1000;
    const p50 = summarize(updateMs).p50;
    progress(
      `belfry: ${sent}/${total} intents, ${(sent / seconds).toFixed(0)}/s, update p50 so far ${p50.toFixed(1)} ms`,
    );
  }, 5000);

  // One intent in flight per session (a closed loop), all sessions at once.
  const runSession = async (clients: ViewClient[], s: number) => {
    for (let step = 0; step < steps; step++) {
      if (performance.now() > deadline) {
        stoppedEarly = true;
        return;
      }
      const { player, seat } = seatStep(step, config.sockets);
      const actor = clients[player];
      if (!actor?.view) throw new Error(`socket ${player} of session ${s} has no view`);
      // Claim or vacate by what the actor sees, so that one refused intent does not put it out of step.
      const seated = actor.view.seats[seat]?.id === actor.userId;
      const expected = seated ? '' : actor.userId;
      const watches = clients.map((client) =>
        client.watch((view) => view.seats[seat]?.id === expected, config.intentTimeoutMs),
      );
      stepsBySession[s] = step + 1;
      sent++;
      const emitted = performance.now();
      let ack: Ack;
      try {
        ack = await actor.request('claimSeat', { index: seated ? -1 : seat }, config.intentTimeoutMs);
      } catch {
        ackTimeouts++;
        for (const watch of watches) watch.cancel();
        continue;
      }
      const acked = performance.now();
      if (!ack.ok) {
        refusals[ack.error.code] = (refusals[ack.error.code] ?? 0) + 1;
        for (const watch of watches) watch.cancel();
        continue;
      }
      ackMs.push(acked - emitted);
      const arrivals = await Promise.allSettled(watches.map((watch) => watch.arrived));
      const times = arrivals.flatMap((arrival) => (arrival.status === 'fulfilled' ? [arrival.value] : []));
      if (times.length < arrivals.length) updateTimeouts++;
      else updateMs.push(Math.max(...times) - emitted);
    }
  };

  try {
    await withTimeout(
      Promise.all(bySession.map(runSession)),
      (config.maxLoadSeconds + (2 * config.intentTimeoutMs) / 1000 + 10) * 1000,
      'the Belfry load phase',
    );
  } finally {
    clearInterval(ticker);
  }
  const loadSeconds = (performance.now() - began) / 1000;
  const clientBusy = performance.eventLoopUtilization(clientBefore).utilization;
  const serverBusy = utilization(serverBefore, await server.loopTime());
  const clients = bySession.flat();
  const sum = (pick: (client: ViewClient) => number) => clients.reduce((total, client) => total + pick(client), 0);
  progress(
    `belfry: ${sent} intents in ${loadSeconds.toFixed(1)} s${stoppedEarly ? ' (stopped at the time limit)' : ''}`,
  );
  return {
    loadSeconds,
    stoppedEarly,
    stepsBySession,
    intentsSent: sent,
    intentsCompleted: updateMs.length,
    ackMs,
    updateMs,
    refusals,
    ackTimeouts,
    updateTimeouts,
    versionGaps: sum((c) => c.versionGaps),
    failedPatches: sum((c) => c.failedPatches),
    patchFrames: sum((c) => c.patchFrames),
    patchBytes: sum((c) => c.patchBytes),
    serverBusy,
    clientBusy,
  };
};
