import os from 'node:os';
import type { BelfryResult, ClosedRun, IdleRun, OpenRun } from './belfry-run';
import type { Counters, Samples } from './client-messages';
import type { BenchConfig } from './config';
import type { ThreadShare } from './cpu';
import { STALL_MS } from './pauses';
import type { MeasuredSummary, ProbeResult } from './probes';
import type { RelayResult } from './relay-run';
import { roundSummary, type Summary, summarize } from './stats';
import type { CpuFigures } from './usage-window';

/** The goal of the issue, at 500 sessions × 16 sockets in the open loop. */
export const GOAL = { sessions: 500, sockets: 16, p99Ms: 50, relayRatio: 2 };

/** Everything written to results/*.json; the printed tables are a view of it. */
export interface BenchReport {
  finishedAt: string;
  command: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    /** Node and V8 flags of the run (the npm scripts set --no-parallel-scavenge, README "Garbage collection"). */
    nodeFlags: string[];
    platform: string;
    /** Cores other processes kept busy in the 2 s before the run began. */
    busyBefore: number | null;
    /** Which cores the threads ran on (pin.ts). */
    pinning: string;
  };
  config: BenchConfig;
  setup: {
    registerSeconds: number;
    users: number;
    createSeconds: number;
    connectSeconds: number;
    joinMs: Summary;
    fullViewBytesPerSocket: number;
    joinCpu: CpuFigures;
    belfryCloseMs: number;
  };
  idle: IdleRun | null;
  closed: { belfry: LoopFigures; relay: LoopFigures; ratio: Ratio };
  open: {
    seconds: number;
    offeredSeatPerSecond: number;
    offeredChatPerSecond: number;
    belfry: { seat: LoopFigures; chat: LoopFigures };
    relay: { seat: LoopFigures; chat: LoopFigures };
    ratio: Ratio;
    goalMet: boolean;
  } | null;
  probes: ProbeResult | null;
}

export interface LoopFigures {
  seconds: number;
  sent: number;
  completed: number;
  perSecond: number;
  refusals: Record<string, number>;
  ackTimeouts: number;
  updateTimeouts: number;
  ackMs: Summary;
  updateMs: Summary;
  /** The same without the samples a collection of the client thread overlapped; `noClientGcShare` of them. */
  updateNoClientGcMs: Summary;
  noClientGcShare: number;
  lateMs: Summary;
  counters: Counters;
  cpu: CpuFigures;
}

export interface Ratio {
  p50: number;
  p95: number;
  p99: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

const figures = (samples: Samples, run: Pick<ClosedRun, 'seconds' | 'counters' | 'cpu'>): LoopFigures => ({
  seconds: round(run.seconds),
  sent: samples.sent,
  completed: samples.updateMs.length,
  perSecond: round(samples.sent / run.seconds, 1),
  refusals: samples.refusals,
  ackTimeouts: samples.ackTimeouts,
  updateTimeouts: samples.updateTimeouts,
  ackMs: roundSummary(summarize(samples.ackMs)),
  updateMs: roundSummary(summarize(samples.updateMs)),
  updateNoClientGcMs: roundSummary(summarize(samples.updateNoClientGcMs)),
  noClientGcShare: round(samples.updateMs.length ? samples.updateNoClientGcMs.length / samples.updateMs.length : 0, 3),
  lateMs: roundSummary(summarize(samples.lateMs)),
  counters: run.counters,
  cpu: run.cpu,
});

const ratio = (belfry: Summary, relay: Summary): Ratio => ({
  p50: round(belfry.p50 / relay.p50),
  p95: round(belfry.p95 / relay.p95),
  p99: round(belfry.p99 / relay.p99),
});

export const buildReport = (input: {
  command: string;
  config: BenchConfig;
  registerSeconds: number;
  users: number;
  belfry: BelfryResult;
  relay: RelayResult;
  belfryCloseMs: number;
  probes: ProbeResult | null;
  busyBefore: number | null;
  pinning: string;
}): BenchReport => {
  const { config, belfry, relay } = input;
  const closedBelfry = figures(belfry.closed.samples, belfry.closed);
  const closedRelay = figures(relay.closed.samples, relay.closed);
  let open: BenchReport['open'] = null;
  if (belfry.open && relay.open) {
    const run = (side: OpenRun) => ({ seat: figures(side.seat, side), chat: figures(side.chat, side) });
    const b = run(belfry.open);
    const r = run(relay.open);
    const openRatio = ratio(b.seat.updateMs, r.seat.updateMs);
    open = {
      seconds: belfry.open.seconds,
      offeredSeatPerSecond: belfry.open.offeredSeatPerSecond,
      offeredChatPerSecond: belfry.open.offeredChatPerSecond,
      belfry: b,
      relay: r,
      ratio: openRatio,
      goalMet: b.seat.updateMs.p99 <= GOAL.p99Ms && openRatio.p99 <= GOAL.relayRatio,
    };
  }
  const joinCounters = belfry.joinCounters;
  return {
    finishedAt: new Date().toISOString(),
    command: input.command,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      nodeFlags: process.execArgv.filter(
        (flag) => /^--[a-z-]+(=[\w.]+)?$/.test(flag) && !['--import', '--require', '--loader'].includes(flag),
      ),
      platform: `${os.platform()} ${os.arch()}`,
      busyBefore: input.busyBefore,
      pinning: input.pinning,
    },
    config,
    setup: {
      registerSeconds: round(input.registerSeconds),
      users: input.users,
      createSeconds: round(belfry.createSeconds),
      connectSeconds: round(belfry.connectSeconds),
      joinMs: roundSummary(summarize(belfry.joinMs)),
      fullViewBytesPerSocket: round(
        joinCounters.sessionFrames ? joinCounters.sessionBytes / joinCounters.sessionFrames : 0,
        0,
      ),
      joinCpu: belfry.joinCpu,
      belfryCloseMs: round(input.belfryCloseMs),
    },
    idle: belfry.idle,
    closed: { belfry: closedBelfry, relay: closedRelay, ratio: ratio(closedBelfry.updateMs, closedRelay.updateMs) },
    open,
    probes: input.probes,
  };
};

const table = (rows: string[][]): string => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    '| ' +
    widths
      .map((width, column) => {
        const cell = row[column] ?? '';
        return column === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join(' | ') +
    ' |';
  const rule = '|' + widths.map((width) => '-'.repeat(width + 2)).join('|') + '|';
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
};

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const three = (s: Summary) => `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)}`;
const pct = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);
const x = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)}x` : '–');
const kb = (bytes: number) => (bytes >= 10_000 ? `${(bytes / 1024).toFixed(1)} KB` : `${Math.round(bytes)} B`);

const refusals = (f: LoopFigures) => {
  const total = Object.values(f.refusals).reduce((sum, n) => sum + n, 0);
  if (total === 0) return '0';
  return `${total} (${Object.entries(f.refusals)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ')})`;
};

/** A thread's "on a core / waiting for a core / event loop busy", each as a share of wall time. */
const share = (s: ThreadShare) => `${pct(s.core)} / ${pct(s.waiting)} / ${pct(s.busy)}`;
const SHARE = 'on a core / waiting for one / loop busy';
const cores = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(2));

/** GC pauses (count / total / longest, majors) and loop stalls of STALL_MS or more (count / longest). */
const held = (s: ThreadShare) =>
  `${s.pauses.gcCount} / ${s.pauses.gcMs.toFixed(0)} / ${s.pauses.gcLongestMs.toFixed(1)} (${s.pauses.majorCount}); ` +
  `${s.pauses.stallCount} / ${s.pauses.stallLongestMs.toFixed(0)}`;
const HELD = `GC pauses n / ms / longest (major n); stalls >= ${STALL_MS} ms n / longest`;

const cpuRows = (belfry: CpuFigures, relay: CpuFigures | null): string[][] => {
  const rows: string[][] = [[`server thread: ${SHARE}`, share(belfry.server), relay ? share(relay.server) : '']];
  rows.push([`server thread: ${HELD}`, held(belfry.server), relay ? held(relay.server) : '']);
  rows.push([
    'server thread: heap in use at the end (MB)',
    belfry.server.heapMb.toFixed(0),
    relay ? relay.server.heapMb.toFixed(0) : '',
  ]);
  belfry.clients.forEach((client, t) => {
    const other = relay?.clients[t];
    rows.push([`client thread ${t + 1}: ${SHARE}`, share(client), other ? share(other) : '']);
    rows.push([`client thread ${t + 1}: ${HELD}`, held(client), other ? held(other) : '']);
  });
  rows.push(
    ['main thread: on a core', pct(belfry.main.core), relay ? pct(relay.main.core) : ''],
    [
      'other threads of this process (GC, libuv pool), cores',
      cores(belfry.otherCores),
      relay ? cores(relay.otherCores) : '',
    ],
    ['this process in all, cores', cores(belfry.process.cores), relay ? cores(relay.process.cores) : ''],
    [
      'other processes on the machine, cores',
      cores(belfry.process.otherProcesses),
      relay ? cores(relay.process.otherProcesses) : '',
    ],
    [
      `whole machine busy (${os.cpus().length} cores)`,
      pct(belfry.process.machineBusy),
      relay ? pct(relay.process.machineBusy) : '',
    ],
  );
  return rows;
};

const loopRows = (b: LoopFigures, r: LoopFigures, open: boolean): string[][] => [
  ['sent / seen by every client', `${b.sent} / ${b.completed}`, `${r.sent} / ${r.completed}`, ''],
  ['refused', refusals(b), '', ''],
  ['ack timeouts / update timeouts', `${b.ackTimeouts} / ${b.updateTimeouts}`, `– / ${r.updateTimeouts}`, ''],
  ['ack p50 / p95 / p99 (ms)', three(b.ackMs), '', ''],
  [
    'emit -> last client p50 / p95 / p99 (ms)',
    three(b.updateMs),
    three(r.updateMs),
    `${x(b.updateMs.p50 / r.updateMs.p50)} / ${x(b.updateMs.p95 / r.updateMs.p95)} / ${x(b.updateMs.p99 / r.updateMs.p99)}`,
  ],
  ['emit -> last client max (ms)', ms(b.updateMs.max), ms(r.updateMs.max), ''],
  // In the closed loop every intent waits behind others long enough to overlap some collection.
  ...(open
    ? [
        [
          'the same, samples with no GC on the client thread meanwhile (share kept)',
          `${three(b.updateNoClientGcMs)} (${pct(b.noClientGcShare)})`,
          `${three(r.updateNoClientGcMs)} (${pct(r.noClientGcShare)})`,
          `${x(b.updateNoClientGcMs.p50 / r.updateNoClientGcMs.p50)} / ${x(b.updateNoClientGcMs.p95 / r.updateNoClientGcMs.p95)} / ${x(b.updateNoClientGcMs.p99 / r.updateNoClientGcMs.p99)}`,
        ],
      ]
    : []),
];

const trafficRows = (b: LoopFigures, r: LoopFigures): string[][] => [
  [
    'frames received per client per second',
    (b.counters.patchFrames / b.counters.sockets / b.seconds).toFixed(2),
    (r.counters.relayMessages / r.counters.sockets / r.seconds).toFixed(2),
    '',
  ],
  [
    'average frame size',
    kb(b.counters.patchFrames ? b.counters.patchBytes / b.counters.patchFrames : 0),
    kb(r.counters.relayMessages ? r.counters.relayBytes / r.counters.relayMessages : 0),
    '',
  ],
  ['version gaps / failed patches (client resyncs)', `${b.counters.versionGaps} / ${b.counters.failedPatches}`, '', ''],
];

const generatorWarning = (cpu: CpuFigures[], late: Summary[]): string | null => {
  const busiest = Math.max(...cpu.flatMap((c) => c.clients.map((t) => t.busy)));
  const machine = Math.max(...cpu.map((c) => c.process.machineBusy ?? 0));
  const others = Math.max(...cpu.map((c) => c.process.otherProcesses ?? 0));
  const lateP99 = Math.max(0, ...late.map((l) => (Number.isNaN(l.p99) ? 0 : l.p99)));
  const notes: string[] = [];
  if (busiest > 0.85) notes.push(`a client thread was ${pct(busiest)} busy`);
  if (lateP99 > 10) notes.push(`the generator sent up to ${ms(lateP99)} ms late (p99)`);
  if (machine > 0.9) notes.push(`the machine was ${pct(machine)} busy (server and clients competed for cores)`);
  if (others > 0.2) notes.push(`other processes used up to ${others.toFixed(2)} cores meanwhile`);
  return notes.length
    ? `NOTE: ${notes.join('; ')}: the load generator or other load on the machine may have limited these figures (README: "Reading the CPU rows").`
    : null;
};

const measuredRows = (label: string, m: MeasuredSummary): string[][] => [
  [`${label}: server time per message p50 / max (ms)`, `${ms(m.serverMs.p50)} / ${ms(m.serverMs.max)}`],
  [`${label}: ack p50 / max (ms)`, `${ms(m.ackMs.p50)} / ${ms(m.ackMs.max)}`],
  [`${label}: emit -> last client p50 / max (ms)`, `${ms(m.lastClientMs.p50)} / ${ms(m.lastClientMs.max)}`],
  [
    `${label}: patch bytes per client (average / Storyteller / a player)`,
    `${kb(m.bytesPerClient)} / ${kb(m.storytellerBytes)} / ${kb(m.playerBytes)}`,
  ],
];

export const formatReport = (report: BenchReport): string => {
  const { config: c, setup: s } = report;
  const out: string[] = [];
  const flags = report.machine.nodeFlags.length > 0 ? ` ${report.machine.nodeFlags.join(' ')}` : '';
  const machine = `${report.machine.cpus} CPUs (${report.machine.cpuModel}), Node ${report.machine.node}${flags}, ${report.machine.platform}`;
  out.push(
    `Belfry load benchmark — ${machine}`,
    `${c.sessions} sessions x ${c.sockets} sockets (${c.sessions * c.sockets} in all), ${c.clientThreads} client thread(s) + 1 server thread, ` +
      `socketRateFactor ${c.rateFactor}, seed ${c.seed}`,
    `threads: ${report.machine.pinning}`,
    `Belfry's load clients: ${c.client === 'wire' ? "Socket.IO's protocol over bare WebSockets (wire-client.ts)" : 'socket.io-client (view-client.ts)'}; the relay's: bare WebSockets`,
    `command: ${report.command}`,
    `other processes kept ${report.machine.busyBefore?.toFixed(2) ?? '?'} cores busy in the 2 s before the run` +
      ((report.machine.busyBefore ?? 0) > 0.2 ? ' (NOTE: the machine was not quiet)' : ''),
    'Before/after: run the same command on both commits (a git worktree per commit) on the same machine and compare the two',
    'tables; one run compares nothing over time. Times in ms; p50 / p95 / p99 are nearest-rank percentiles.',
  );

  const cb = report.closed.belfry;
  const cr = report.closed.relay;
  out.push(
    '',
    `Closed loop: one seat intent in flight per session, all sessions at once (${c.rounds} rounds, at most ${c.maxLoadSeconds} s)`,
    table([
      ['', 'Belfry', 'ws relay', 'Belfry / relay'],
      ['throughput (intents per second)', cb.perSecond.toFixed(0), cr.perSecond.toFixed(0), ''],
      ...loopRows(cb, cr, false),
      ...trafficRows(cb, cr),
      ...cpuRows(cb.cpu, cr.cpu).map((row) => [...row, '']),
    ]),
  );
  const closedNote = generatorWarning([cb.cpu, cr.cpu], []);
  if (closedNote) out.push(closedNote);

  const open = report.open;
  if (open) {
    const b = open.belfry;
    const r = open.relay;
    out.push(
      '',
      `Open loop: every session sends a seat intent every ${c.openRateMs} ms` +
        (c.openChatMs > 0 ? ` and its Storyteller a message every ${c.openChatMs} ms` : '') +
        ` for ${open.seconds} s: ${open.offeredSeatPerSecond.toFixed(0)} seat intents/s + ${open.offeredChatPerSecond.toFixed(0)} messages/s offered`,
      table([
        ['seat intents', 'Belfry', 'ws relay', 'Belfry / relay'],
        ...loopRows(b.seat, r.seat, true),
        [
          'sent late by the generator p50 / p99 (ms)',
          `${ms(b.seat.lateMs.p50)} / ${ms(b.seat.lateMs.p99)}`,
          `${ms(r.seat.lateMs.p50)} / ${ms(r.seat.lateMs.p99)}`,
          '',
        ],
        ...(c.openChatMs > 0 ? [['chat messages', '', '', ''], ...loopRows(b.chat, r.chat, true)] : []),
        ['all traffic', '', '', ''],
        ...trafficRows(b.seat, r.seat),
        ...cpuRows(b.seat.cpu, r.seat.cpu).map((row) => [...row, '']),
      ]),
    );
    const atGoalShape = c.sessions === GOAL.sessions && c.sockets === GOAL.sockets;
    out.push(
      `goal (${GOAL.sessions} x ${GOAL.sockets}, open loop): seat intent -> last client p99 <= ${GOAL.p99Ms} ms and <= ${GOAL.relayRatio}x the relay: ` +
        `${ms(b.seat.updateMs.p99)} ms, ${x(open.ratio.p99)} -> ${open.goalMet ? 'met' : 'NOT met'}` +
        (atGoalShape ? '' : ` (this run is ${c.sessions} x ${c.sockets}, not the goal's shape)`) +
        `; without the samples the client thread's GC overlapped: ${ms(b.seat.updateNoClientGcMs.p99)} ms, ` +
        x(b.seat.updateNoClientGcMs.p99 / r.seat.updateNoClientGcMs.p99),
    );
    const openNote = generatorWarning([b.seat.cpu, r.seat.cpu], [b.seat.lateMs, r.seat.lateMs]);
    if (openNote) out.push(openNote);
  }

  const idle = report.idle;
  if (idle) {
    const perMinute = (n: number) => (n / idle.sockets / idle.seconds) * 60;
    out.push(
      '',
      `Idle: ${idle.sockets} sockets connected, nobody acting, ${idle.seconds.toFixed(0)} s ` +
        (idle.seconds >= 60
          ? "(Socket.IO's heartbeat every 60 s measures the round trips, and each client sends its own ping when it arrives, as the web app does)"
          : '(shorter than the 60 s ping interval: only some clients pinged)'),
      table([
        ['', 'value'],
        [`server thread: ${SHARE}`, share(idle.cpu.server)],
        // Socket work rather than JavaScript; on loopback partly the receivers' side (README).
        ['server thread: in the kernel, share of a core (its socket calls: README)', pct(idle.cpu.server.kernel)],
        [
          'server thread event loop active per 1000 sockets (ms/s)',
          ((idle.cpu.server.activeMs / idle.seconds / idle.sockets) * 1000).toFixed(1),
        ],
        [
          'client pings answered (per socket per minute)',
          `${idle.counters.clientPings} (${perMinute(idle.counters.clientPings).toFixed(2)})`,
        ],
        ['patches received per socket per minute', perMinute(idle.counters.patchFrames).toFixed(2)],
        ['patch bytes received per socket per minute', kb(perMinute(idle.counters.patchBytes))],
        ...idle.cpu.clients.map((t, i) => [`client thread ${i + 1}: ${SHARE}`, share(t)]),
        ['other processes on the machine, cores', cores(idle.cpu.process.otherProcesses)],
      ]),
    );
  }

  const p = report.probes;
  if (p) {
    const n = p.neighbour;
    out.push(
      '',
      `Chat cost: one session, a full table (Storyteller + 20 players, ${p.sockets} sockets, roles handed out), quiet server; ` +
        `medians of ${p.chatLow.count} messages each`,
      table([
        ['', 'value'],
        ...measuredRows(`${p.lowKept[0]}–${p.lowKept[1]} kept`, p.chatLow),
        ...measuredRows('500 kept', p.chatFull),
        ['filling the chat to 500 (all 21 users writing)', `${p.fillSeconds.toFixed(1)} s`],
      ]),
      '',
      `A neighbour's latency: session B (${n.sockets} sockets) sends ${n.intentsPerSecond} seat intents/s for ${c.chatSeconds} s, ` +
        `first while the table above is quiet, then while it chats at ${c.chatPerSecond} messages/s with 500 kept`,
      table([
        ['', 'B alone', `B beside the chat`],
        [
          'B ack p50 / p95 / p99 (ms)',
          three(roundSummary(summarize(n.alone.seat.ackMs))),
          three(roundSummary(summarize(n.besideChat.seat.ackMs))),
        ],
        [
          'B emit -> last client p50 / p95 / p99 (ms)',
          three(roundSummary(summarize(n.alone.seat.updateMs))),
          three(roundSummary(summarize(n.besideChat.seat.updateMs))),
        ],
        ['B intents sent / refused / timeouts', neighbourCounts(n.alone.seat), neighbourCounts(n.besideChat.seat)],
        ['chat ack p50 / p95 / p99 (ms)', '', three(roundSummary(summarize(n.besideChat.chat.ackMs)))],
        [
          'chat emit -> last client p50 / p95 / p99 (ms)',
          '',
          three(roundSummary(summarize(n.besideChat.chat.updateMs))),
        ],
        [`server thread: ${SHARE}`, share(n.alone.cpu.server), share(n.besideChat.cpu.server)],
        [`B's client thread: ${SHARE}`, share(n.alone.cpu.clients[0]!), share(n.besideChat.cpu.clients[0]!)],
        [
          "main thread (the chatting table's clients): on a core",
          pct(n.alone.cpu.main.core),
          pct(n.besideChat.cpu.main.core),
        ],
        [
          'other processes on the machine, cores',
          cores(n.alone.cpu.process.otherProcesses),
          cores(n.besideChat.cpu.process.otherProcesses),
        ],
      ]),
      '',
      `Bytes per vote step (the table above, 500 messages kept; "a player" took no part in the step) and per join`,
      table([
        ['', 'average per client', 'Storyteller', 'a player', 'server time (ms)'],
        ...p.vote.map(({ step, measured: m }) => [
          step,
          kb(m.bytesPerClient),
          kb(m.storytellerBytes),
          kb(m.playerBytes),
          ms(m.serverMs),
        ]),
        [
          `full view on join: 20 seats, roles, ${p.joinRoles.messages} messages`,
          '',
          kb(p.joinRoles.storytellerBytes),
          kb(p.joinRoles.playerBytes),
          '',
        ],
        [
          `full view on join: 20 seats, roles, ${p.joinFull.messages} messages`,
          '',
          kb(p.joinFull.storytellerBytes),
          kb(p.joinFull.playerBytes),
          '',
        ],
      ]),
      `(roles are made up, about ${p.roleBytes} bytes of JSON each like a catalogue character; README: roles.ts)`,
    );
  }

  out.push(
    '',
    `Setup: ${s.users} users registered in ${s.registerSeconds.toFixed(1)} s; ${c.sessions} sessions created in ${s.createSeconds.toFixed(1)} s; ` +
      `${c.sessions * c.sockets} sockets joined and settled in ${s.connectSeconds.toFixed(1)} s ` +
      `(open -> first full view p50 ${ms(s.joinMs.p50)} ms, p99 ${ms(s.joinMs.p99)} ms; full view ${kb(s.fullViewBytesPerSocket)} on average; ` +
      `server thread ${share(s.joinCpu.server)} meanwhile, ${SHARE}, its heap then ${s.joinCpu.server.heapMb.toFixed(0)} MB); ` +
      `Belfry closed in ${(s.belfryCloseMs / 1000).toFixed(1)} s`,
  );
  return out.join('\n');
};

const neighbourCounts = (samples: Samples) => {
  const refused = Object.values(samples.refusals).reduce((sum, n) => sum + n, 0);
  return `${samples.sent} / ${refused} / ${samples.ackTimeouts + samples.updateTimeouts}`;
};
