import os from 'node:os';
import { VOTE_GRACE_MS, VOTE_MAX_ONE_WAY_MS } from '@belfry/engine';
import { roundSummary, type Summary, summarize } from './stats';
import type { VoteConfig } from './vote-config';
import { shownRtt } from './vote-player';
import type { JudgedChange, RoundResult } from './vote-round';
import type { VoteTable } from './vote-table';

/** Everything the run measured, before it is summarised. */
export interface VoteRun {
  config: VoteConfig;
  table: VoteTable;
  rounds: RoundResult[];
  stoppedEarly: boolean;
  voteSeconds: number;
  serverBusy: number;
  clientBusy: number;
  /** How late the client thread's event loop ran (ms), while voting. */
  clientLoopDelayMs: { p99: number; max: number };
}

/** A change the server judged otherwise than the shared clock: the cases worth reading one by one. */
export interface Misjudged {
  round: number;
  seat: number;
  position: number;
  delayMs: number;
  offsetMs: number;
  /** Relative to the seat's lock moment (ms): when it truly left, what it claimed, when it reached the server. */
  sentMinusLock: number;
  claimedMinusLock: number;
  arrivalMinusLock: number;
  /** 300 ms + half the server's round trip figure for the player (believed up to 1000 ms). */
  graceMs: number;
  /** voteEnd − lock: after this the server has stopped the clock and judges by the stored counter. */
  voteEndMinusLock: number;
  refusal: string | null;
}

interface Share {
  total: number;
  counted: number;
  percent: number;
}

export interface VoteFairnessReport {
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  config: VoteConfig;
  roundsRun: number;
  stoppedEarly: boolean;
  registerSeconds: number;
  setupSeconds: number;
  voteSeconds: number;
  goals: { inTimeCounted: boolean; lateCounted: boolean; handSpread: boolean };
  inTime: Share & { refusals: Record<string, number> };
  late: Share;
  /** Misjudged changes sent within 1 ms of the lock: below the resolution of Date.now(), not unfairness. */
  misjudgedAtResolution: number;
  /**
   * In-time changes whose (estimated) arrival, sent + one-way delay, is after the vote's end: only the
   * nominee's seat locks at the end, and the server stops the clock right then.
   */
  inTimeArrivingAfterVoteEnd: Share;
  ackViewDisagreements: number;
  scheduledLate: number;
  lockMismatches: number;
  handSpreadMs: Summary;
  handErrorMs: Summary;
  naiveHandSpreadMs: Summary;
  clientsWithoutTimer: number;
  offsetErrorMs: Summary;
  naiveOffsetErrorMs: Summary;
  /** Best ping round trip a client measured minus 2 × its proxy delay. */
  clientRttExcessMs: Summary;
  /** The round trip the server holds for a player minus 2 × its proxy delay. */
  serverRttExcessMs: Summary;
  proxyLatenessMs: Summary;
  serverThreadBusy: number;
  clientThreadBusy: number;
  clientLoopDelayMs: { p99: number; max: number };
  misjudged: Misjudged[];
  /** offsetMs is the one the player acted on (BENCH_VOTE_CLOCK). */
  players: {
    seat: number;
    delayMs: number;
    offsetMs: number;
    ntpOffsetMs: number;
    naiveOffsetMs: number;
    rttMs: number;
  }[];
  rounds: { round: number; nominator: number; nominee: number; voteTimer: number; voteEnd: number }[];
  changes: JudgedChange[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const counted = (change: JudgedChange) => change.accepted && change.inFinalView;

const share = (changes: JudgedChange[]): Share => {
  const hits = changes.filter(counted).length;
  return { total: changes.length, counted: hits, percent: changes.length ? round2((100 * hits) / changes.length) : 0 };
};

const misjudged = (change: JudgedChange): Misjudged => ({
  round: change.round,
  seat: change.seat,
  position: change.position,
  delayMs: change.delayMs,
  offsetMs: round2(change.offsetMs),
  sentMinusLock: change.sentAt - change.lock,
  claimedMinusLock: round2(change.claimedAt - change.lock),
  arrivalMinusLock: change.sentAt + change.delayMs - change.lock,
  graceMs: VOTE_GRACE_MS + Math.min(Math.max(0, (change.serverRttMs ?? 0) / 2), VOTE_MAX_ONE_WAY_MS),
  voteEndMinusLock: change.voteEnd - change.lock,
  refusal: change.refusal,
});

export const buildVoteReport = (run: VoteRun): VoteFairnessReport => {
  const { config, table, rounds } = run;
  const changes = rounds.flatMap((r) => r.changes);
  const spreads = rounds.flatMap((r) => r.spreads);
  const inTime = changes.filter((c) => c.inTime);
  const late = changes.filter((c) => !c.inTime);
  const refusals: Record<string, number> = {};
  for (const change of inTime) {
    if (change.refusal) refusals[change.refusal] = (refusals[change.refusal] ?? 0) + 1;
  }
  const players = table.players.map((player) => {
    const estimate = player.estimate!;
    return {
      seat: player.seat,
      delayMs: player.proxy.delayMs,
      offsetMs: round2(player.offset),
      ntpOffsetMs: round2(estimate.offset),
      naiveOffsetMs: round2(estimate.naiveOffset),
      rttMs: estimate.rtt,
    };
  });
  const serverRtt = table.players.flatMap((player) => {
    const ping = shownRtt(table.storyteller.view, player.client.userId);
    return ping === null ? [] : [ping - 2 * player.proxy.delayMs];
  });
  const handSpread = summarize(spreads.map((s) => s.spreadMs).filter(Number.isFinite));
  const inTimeShare = share(inTime);
  const lateShare = share(late);
  return {
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '?',
      node: process.version,
      platform: os.platform(),
    },
    config,
    roundsRun: rounds.length,
    stoppedEarly: run.stoppedEarly,
    registerSeconds: round2(table.registerSeconds),
    setupSeconds: round2(table.setupSeconds),
    voteSeconds: round2(run.voteSeconds),
    goals: {
      inTimeCounted: inTimeShare.counted === inTimeShare.total,
      lateCounted: lateShare.counted === 0,
      handSpread: handSpread.max <= 50,
    },
    inTime: { ...inTimeShare, refusals },
    late: lateShare,
    misjudgedAtResolution: changes.filter((c) => c.inTime !== counted(c) && Math.abs(c.sentAt - c.lock) <= 1).length,
    inTimeArrivingAfterVoteEnd: share(inTime.filter((c) => c.sentAt + c.delayMs > c.voteEnd)),
    ackViewDisagreements: changes.filter((c) => c.accepted !== c.inFinalView).length,
    scheduledLate: changes.filter((c) => c.scheduledLate).length,
    lockMismatches: rounds.reduce((sum, r) => sum + r.lockMismatches, 0),
    handSpreadMs: roundSummary(handSpread),
    handErrorMs: roundSummary(summarize(spreads.map((s) => s.maxErrorMs).filter(Number.isFinite))),
    naiveHandSpreadMs: roundSummary(summarize(spreads.map((s) => s.naiveSpreadMs).filter(Number.isFinite))),
    clientsWithoutTimer: spreads.reduce((sum, s) => sum + s.clientsWithoutTimer, 0),
    offsetErrorMs: roundSummary(summarize(players.map((p) => Math.abs(p.offsetMs)))),
    naiveOffsetErrorMs: roundSummary(summarize(players.map((p) => Math.abs(p.naiveOffsetMs)))),
    clientRttExcessMs: roundSummary(summarize(players.map((p) => p.rttMs - 2 * p.delayMs))),
    serverRttExcessMs: roundSummary(summarize(serverRtt)),
    proxyLatenessMs: roundSummary(summarize(table.players.flatMap((player) => player.proxy.lateness))),
    serverThreadBusy: round2(run.serverBusy),
    clientThreadBusy: round2(run.clientBusy),
    clientLoopDelayMs: { p99: round2(run.clientLoopDelayMs.p99), max: round2(run.clientLoopDelayMs.max) },
    misjudged: changes.filter((c) => c.inTime !== counted(c)).map(misjudged),
    players,
    rounds: rounds.map(({ round, nominator, nominee, voteTimer, voteEnd }) => ({
      round,
      nominator,
      nominee,
      voteTimer,
      voteEnd,
    })),
    changes,
  };
};

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export const formatVoteReport = (report: VoteFairnessReport): string => {
  const { config } = report;
  const lines = [
    `Vote fairness — ${config.players} players, one-way delay 0–${config.maxDelayMs} ms each way, ` +
      `speed ${config.speedMs} ms, changes within ±${config.windowMs} ms of the lock, ${config.clock} clock, seed ${config.seed}`,
    `${report.roundsRun}/${config.rounds} rounds${report.stoppedEarly ? ' (stopped at BENCH_VOTE_MAX_SECONDS)' : ''}, ` +
      `${report.inTime.total + report.late.total} changes, ${report.voteSeconds.toFixed(1)} s of voting ` +
      `(server thread ${Math.round(report.serverThreadBusy * 100)} % busy, clients ${Math.round(report.clientThreadBusy * 100)} %)`,
    '',
    `in-time changes counted   ${report.inTime.counted}/${report.inTime.total} = ${report.inTime.percent} %   ` +
      `(goal 100 %: ${mark(report.goals.inTimeCounted)})` +
      (Object.keys(report.inTime.refusals).length ? `  refused: ${JSON.stringify(report.inTime.refusals)}` : ''),
    `late changes counted      ${report.late.counted}/${report.late.total} = ${report.late.percent} %   ` +
      `(goal 0 %: ${mark(report.goals.lateCounted)})`,
    `hand position spread      p50 ${ms(report.handSpreadMs.p50)}, max ${ms(report.handSpreadMs.max)}   ` +
      `(goal ≤ 50 ms: ${mark(report.goals.handSpread)}; ${report.handSpreadMs.count} moments)`,
    `hand error vs true        p50 ${ms(report.handErrorMs.p50)}, max ${ms(report.handErrorMs.max)}`,
    `offset estimate error     p50 ${ms(report.offsetErrorMs.p50)}, max ${ms(report.offsetErrorMs.max)}   ` +
      (config.clock === 'ntp'
        ? `(NTP style, fastest of ${config.pingSamples} pings)`
        : '(naive: serverTime − arrival)'),
    '',
    'diagnostics',
    `  without RTT correction  offset error p50 ${ms(report.naiveOffsetErrorMs.p50)}, max ${ms(report.naiveOffsetErrorMs.max)}; ` +
      `hand spread p50 ${ms(report.naiveHandSpreadMs.p50)}, max ${ms(report.naiveHandSpreadMs.max)}`,
    `  client RTT − 2×delay    p50 ${ms(report.clientRttExcessMs.p50)}, max ${ms(report.clientRttExcessMs.max)}`,
    report.serverRttExcessMs.count > 0
      ? `  server RTT − 2×delay    p50 ${ms(report.serverRttExcessMs.p50)}, max ${ms(report.serverRttExcessMs.max)}   ` +
        '(the figure the grace uses)'
      : '  server RTT − 2×delay    – (the server keeps the round trips the grace uses to itself: no view shows them)',
    `  proxy timer lateness    p50 ${ms(report.proxyLatenessMs.p50)}, p99 ${ms(report.proxyLatenessMs.p99)}, ` +
      `max ${ms(report.proxyLatenessMs.max)} over ${report.proxyLatenessMs.count} chunks while voting`,
    `  client loop delay       p99 ${ms(report.clientLoopDelayMs.p99)}, max ${ms(report.clientLoopDelayMs.max)}   ` +
      '(stalls of the thread running the proxies and players)',
    `  in time, arriving after the vote end (nominee's seat): counted ${report.inTimeArrivingAfterVoteEnd.counted}/` +
      `${report.inTimeArrivingAfterVoteEnd.total}`,
    `  ack/view disagreements ${report.ackViewDisagreements}, sent late by the scheduler ${report.scheduledLate}, ` +
      `lock moment mismatches ${report.lockMismatches}, clients without voteTimer at a sample ${report.clientsWithoutTimer}`,
  ];
  if (report.misjudged.length) {
    lines.push(
      '',
      `misjudged changes (ms relative to the seat’s lock moment; ${report.misjudgedAtResolution} of them ` +
        'sent within the 1 ms resolution of Date.now())',
    );
    lines.push('  round seat pos/N delay  sent  claimed arrival  grace  voteEnd  verdict');
    for (const m of report.misjudged) {
      lines.push(
        `  ${String(m.round).padStart(5)} ${String(m.seat).padStart(4)} ` +
          `${`${m.position}/${config.players}`.padStart(5)} ${String(m.delayMs).padStart(5)} ` +
          `${String(m.sentMinusLock).padStart(5)} ${m.claimedMinusLock.toFixed(1).padStart(8)} ` +
          `${String(m.arrivalMinusLock).padStart(7)} ${m.graceMs.toFixed(0).padStart(6)} ` +
          `${String(m.voteEndMinusLock).padStart(8)}  ${m.refusal ? `refused ${m.refusal}` : 'counted although late'}`,
      );
    }
  }
  return lines.join('\n');
};
