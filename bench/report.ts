import os from 'node:os';
import type { BelfryResult } from './belfry-run';
import type { BenchConfig } from './config';
import type { RelayResult } from './relay-run';
import { roundSummary, type Summary, summarize } from './stats';

/** Everything written to results/seat-latency.json; the printed table is a view of it. */
export interface SeatLatencyReport {
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  config: BenchConfig;
  belfry: {
    sessions: number;
    socketsPerSession: number;
    registerSeconds: number;
    createSeconds: number;
    connectSeconds: number;
    loadSeconds: number;
    closeMs: number;
    stoppedEarly: boolean;
    intentsSent: number;
    intentsCompleted: number;
    refusals: Record<string, number>;
    ackTimeouts: number;
    updateTimeouts: number;
    versionGaps: number;
    failedPatches: number;
    intentsPerSecond: number;
    ackMs: Summary;
    intentToLastClientMs: Summary;
    patchesReceived: number;
    avgPatchBytes: number;
    serverThreadBusy: number;
    clientThreadBusy: number;
  };
  wsRelay: {
    messagesSent: number;
    messagesCompleted: number;
    timeouts: number;
    loadSeconds: number;
    messagesPerSecond: number;
    emitToLastClientMs: Summary;
    avgMessageBytes: number;
    serverThreadBusy: number;
    clientThreadBusy: number;
  };
  /** Belfry intent→last client over ws relay emit→last client. */
  ratio: { p50: number; p99: number };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export const buildReport = (
  config: BenchConfig,
  belfry: BelfryResult,
  relay: RelayResult,
  closeMs: number,
): SeatLatencyReport => {
  const update = summarize(belfry.updateMs);
  const relayed = summarize(relay.relayMs);
  return {
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
    },
    config,
    belfry: {
      sessions: config.sessions,
      socketsPerSession: config.sockets,
      registerSeconds: round(belfry.registerSeconds),
      createSeconds: round(belfry.createSeconds),
      connectSeconds: round(belfry.connectSeconds),
      loadSeconds: round(belfry.loadSeconds),
      closeMs: round(closeMs),
      stoppedEarly: belfry.stoppedEarly,
      intentsSent: belfry.intentsSent,
      intentsCompleted: belfry.intentsCompleted,
      refusals: belfry.refusals,
      ackTimeouts: belfry.ackTimeouts,
      updateTimeouts: belfry.updateTimeouts,
      versionGaps: belfry.versionGaps,
      failedPatches: belfry.failedPatches,
      intentsPerSecond: round(belfry.intentsSent / belfry.loadSeconds, 1),
      ackMs: roundSummary(summarize(belfry.ackMs)),
      intentToLastClientMs: roundSummary(update),
      patchesReceived: belfry.patchFrames,
      avgPatchBytes: round(belfry.patchFrames ? belfry.patchBytes / belfry.patchFrames : 0, 1),
      serverThreadBusy: round(belfry.serverBusy, 3),
      clientThreadBusy: round(belfry.clientBusy, 3),
    },
    wsRelay: {
      messagesSent: relay.messagesSent,
      messagesCompleted: relay.messagesCompleted,
      timeouts: relay.timeouts,
      loadSeconds: round(relay.loadSeconds),
      messagesPerSecond: round(relay.messagesSent / relay.loadSeconds, 1),
      emitToLastClientMs: roundSummary(relayed),
      avgMessageBytes: round(relay.messagesReceived ? relay.bytesReceived / relay.messagesReceived : 0, 1),
      serverThreadBusy: round(relay.serverBusy, 3),
      clientThreadBusy: round(relay.clientBusy, 3),
    },
    ratio: { p50: round(update.p50 / relayed.p50), p99: round(update.p99 / relayed.p99) },
  };
};

const table = (rows: string[][]): string => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    '| ' +
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join(' | ') +
    ' |';
  const rule = '|' + widths.map((width) => '-'.repeat(width + 2)).join('|') + '|';
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
};

const ms = (value: number) => `${value.toFixed(2)} ms`;
const pct = (share: number) => `${Math.round(share * 100)} %`;

export const formatReport = (report: SeatLatencyReport): string => {
  const { belfry: b, wsRelay: r } = report;
  const refused = Object.values(b.refusals).reduce((sum, count) => sum + count, 0);
  const refusedBy = Object.entries(b.refusals)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  const summary = table([
    ['figure', 'value'],
    ['sessions', String(b.sessions)],
    [
      'sockets per session (1 Storyteller + players)',
      `${b.socketsPerSession} (${b.sessions * b.socketsPerSession} in all)`,
    ],
    ['seat intents sent', `${b.intentsSent}${b.stoppedEarly ? ' (stopped at the time limit)' : ''}`],
    ['  completed (ack ok, every client updated)', String(b.intentsCompleted)],
    ['  refused', refused ? `${refused} (${refusedBy})` : '0'],
    ['  ack timeouts / update timeouts', `${b.ackTimeouts} / ${b.updateTimeouts}`],
    ['  version gaps / failed patches (client resyncs)', `${b.versionGaps} / ${b.failedPatches}`],
    ['Belfry ack p50 / p99', `${ms(b.ackMs.p50)} / ${ms(b.ackMs.p99)}`],
    [
      'Belfry intent -> last client updated p50 / p99',
      `${ms(b.intentToLastClientMs.p50)} / ${ms(b.intentToLastClientMs.p99)}`,
    ],
    ['ws relay emit -> last client p50 / p99', `${ms(r.emitToLastClientMs.p50)} / ${ms(r.emitToLastClientMs.p99)}`],
    ['ratio Belfry / ws relay p50 / p99', `${report.ratio.p50.toFixed(1)}x / ${report.ratio.p99.toFixed(1)}x`],
    ['Belfry intents per second', b.intentsPerSecond.toFixed(0)],
    ['ws relay messages per second', r.messagesPerSecond.toFixed(0)],
    ['average patch size received by a client', `${b.avgPatchBytes.toFixed(0)} bytes (${b.patchesReceived} patches)`],
    ['average ws relay message size', `${r.avgMessageBytes.toFixed(0)} bytes`],
    ['server thread busy: Belfry / ws relay', `${pct(b.serverThreadBusy)} / ${pct(r.serverThreadBusy)}`],
    ['client thread busy: Belfry / ws relay', `${pct(b.clientThreadBusy)} / ${pct(r.clientThreadBusy)}`],
  ]);
  const spread = table([
    ['latency (ms)', 'count', 'mean', 'p50', 'p90', 'p99', 'max'],
    ...(
      [
        ['Belfry ack', b.ackMs],
        ['Belfry intent -> last client', b.intentToLastClientMs],
        ['ws relay emit -> last client', r.emitToLastClientMs],
      ] as const
    ).map(([name, s]) => [name, String(s.count), ...[s.mean, s.p50, s.p90, s.p99, s.max].map((v) => v.toFixed(2))]),
  ]);
  const setup =
    `setup: ${b.registerSeconds.toFixed(1)} s registering, ${b.createSeconds.toFixed(1)} s creating sessions, ` +
    `${b.connectSeconds.toFixed(1)} s joining; load ${b.loadSeconds.toFixed(1)} s (ws relay ${r.loadSeconds.toFixed(1)} s); ` +
    `Belfry closed in ${(b.closeMs / 1000).toFixed(1)} s`;
  const machine = `${report.machine.cpus} CPUs (${report.machine.cpuModel}), Node ${report.machine.node}, ${report.machine.platform}`;
  return [`Belfry seat latency benchmark — ${machine}`, '', summary, '', spread, '', setup].join('\n');
};
