import type { VoiceConfig } from './voice-config';
import type { StepFigures } from './voice-measure';
import type { RoomConnect } from './voice-room';

/** The goals (issue 17): at least 5 rooms of 20 per core, 20 peers connected within 2 s. */
export const VOICE_GOAL = { roomsPerCore: 5, connectMs: 2_000 };

/** The generator is saturated when it runs this share of the time it may (its core when pinned). */
const SATURATED = 0.85;
/** One packet interval: a clock later than this at p99 could not keep its 20 ms pace. */
const LATE_LIMIT_MS = 20;
/** Other processes busier than this (cores) make the figures noisy. */
const OTHERS_LIMIT = 0.2;

export const table = (rows: string[][]): string => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    '| ' + widths.map((w, c) => (c === 0 ? (row[c] ?? '').padEnd(w) : (row[c] ?? '').padStart(w))).join(' | ') + ' |';
  const rule = '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|';
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
};

const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');
const pct = (share: number | null) =>
  share === null || !Number.isFinite(share) ? '–' : `${(share * 100).toFixed(1)} %`;
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};
const max = (values: number[]) => Math.max(...values.filter(Number.isFinite));

const refused = (c: RoomConnect) =>
  Object.entries(c.refusals)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ') || '0';

export const connectTable = (rooms: { connect: RoomConnect; carried: number }[]): string =>
  table([
    [
      'room (rooms already carried)',
      'all joined',
      'all publishing',
      'all streams up',
      'audio from all',
      'requests',
      'refused',
    ],
    ...rooms.map(({ connect: c, carried }) => [
      `${c.roomId} (${carried})`,
      s(c.joinedMs),
      s(c.publishingMs),
      s(c.allStreamsMs),
      s(c.allAudioMs),
      String(c.requests),
      refused(c),
    ]),
  ]);

export const connectSummary = (label: string, rooms: RoomConnect[]): string => {
  const audio = rooms.map((c) => c.allAudioMs);
  const streams = rooms.map((c) => c.allStreamsMs);
  return (
    `${label}: audio from all others median ${s(median(audio))}, max ${s(max(audio))} ` +
    `(all streams up: median ${s(median(streams))}, max ${s(max(streams))}; ${rooms.length} room(s))`
  );
};

/**
 * Whether the generator itself ran out of CPU (then the ramp stops: more rooms would measure the
 * generator): a thread on a core most of the time, the process using most of what it may, or packets
 * dropped at its own sockets because it read them too late.
 */
export const generatorSaturated = (f: StepFigures, cores: number): string | null => {
  const notes: string[] = [];
  const busiest = Math.max(...f.threads.map((t) => t.core ?? 0));
  if (busiest > SATURATED) notes.push(`a generator thread ran on a core ${pct(busiest)} of the time`);
  if (f.generatorCores > SATURATED * cores) notes.push(`the generator used ${pct(f.generatorCores)} of a core`);
  if (f.drops.generator > 0) notes.push(`${f.drops.generator} packets dropped at the generator's sockets`);
  return notes.length ? notes.join('; ') : null;
};

/** What else may have shaped a step's figures: other load on the machine, a late generator clock. */
export const stepNotes = (f: StepFigures): string[] => {
  const notes: string[] = [];
  const waiting = Math.max(...f.threads.map((t) => t.waiting ?? 0));
  if ((f.otherCores ?? 0) > OTHERS_LIMIT) notes.push(`other processes used ${f.otherCores!.toFixed(2)} cores`);
  if (waiting > 0.1) notes.push(`a generator thread waited for its core ${pct(waiting)} of the time`);
  if (f.janusWaiting > 1) {
    notes.push(
      `on average ${f.janusWaiting.toFixed(1)} of Janus's threads were waiting for a core (for each other or others)`,
    );
  }
  if (f.lateP99Ms > LATE_LIMIT_MS) {
    notes.push(`the generator's clock ran ${f.lateP99Ms} ms late at p99 (its packets went out in bursts)`);
  }
  return notes;
};

export const stepHeader = [
  'rooms',
  'forwarded packets/s',
  'sent/s',
  'Janus + media, of one core',
  'per room',
  'Janus / media',
  'Janus threads waiting (avg)',
  'generator (process)',
  'generator thread(s) busy / on a core / waiting',
  'lost (%)',
  'drops Janus / generator',
  'delay p50 / p99 ms',
  'clock late p99 / max ms',
  'other load, cores',
];

export const stepRow = (f: StepFigures): string[] => [
  String(f.rooms),
  f.forwardedPerSecond.toFixed(0),
  f.sentPerSecond.toFixed(0),
  pct(f.serverCores),
  pct(f.serverCoresPerRoom),
  `${pct(f.janusCores)} / ${pct(f.mediaCores)}`,
  Number.isFinite(f.janusWaiting) ? f.janusWaiting.toFixed(2) : '–',
  pct(f.generatorCores),
  f.threads.map((t) => `${pct(t.busy)} / ${pct(t.core)} / ${pct(t.waiting)}`).join('; '),
  `${f.lost} (${(f.lossShare * 100).toFixed(3)} %)`,
  `${f.drops.janus} / ${f.drops.generator}`,
  `${ms(f.delayP50Ms)} / ${ms(f.delayP99Ms)}`,
  `${f.lateP99Ms} / ${f.lateMaxMs}`,
  f.otherCores === null ? '–' : f.otherCores.toFixed(2),
];

export interface Capacity {
  lines: string[];
  roomsPerCore: number;
  extrapolated: boolean;
}

/**
 * Rooms one core holds with no loss: the most rooms measured with no loss and the chat server under
 * one core. When the ramp ended before the server was full (the generator or the step list ended it),
 * also 1 ÷ the CPU per room of the last such step the generator kept up with, marked EXTRAPOLATED,
 * with a least-squares line through those steps beside it.
 */
export const capacity = (steps: StepFigures[], stopped: string, generatorCores: number, size: number): Capacity => {
  const clean = steps.filter((f) => f.lost <= 0 && f.serverCores <= 1);
  const best = clean.at(-1);
  if (!best) {
    return { lines: ['No step ran without loss: no capacity can be given.'], roomsPerCore: 0, extrapolated: false };
  }
  const lines = [
    `Measured: ${best.rooms} room(s) of ${size} with no loss, the chat server and its Janus using ${pct(best.serverCores)} of one core ` +
      `(${pct(best.serverCoresPerRoom)} per room).`,
  ];
  const keptUp = (f: StepFigures) => generatorSaturated(f, generatorCores) === null;
  const lossAfter = steps.find((f) => f.rooms > best.rooms && f.lost > 0 && keptUp(f));
  const fullAfter = steps.find((f) => f.rooms > best.rooms && f.serverCores > 1);
  if (lossAfter || fullAfter) {
    const why = lossAfter
      ? `loss appeared at ${lossAfter.rooms} rooms with the generator keeping up`
      : `the chat server needed more than one core at ${fullAfter!.rooms} rooms`;
    lines.push(`${why[0]!.toUpperCase()}${why.slice(1)}: one core holds ${best.rooms}.`);
    return { lines, roomsPerCore: best.rooms, extrapolated: false };
  }
  const basis = clean.filter(keptUp);
  const base = basis.at(-1) ?? best;
  const estimate = Math.floor(1 / base.serverCoresPerRoom);
  const fit = linearFit(basis);
  if (fit) {
    lines.push(
      `A line through the ${basis.length} steps without loss that the generator kept up with: ${pct(fit.fixed)} fixed + ` +
        `${pct(fit.perRoom)} per room` +
        (fit.perRoom > 0 ? `, which reaches one core at ${Math.floor((1 - fit.fixed) / fit.perRoom)} rooms.` : '.'),
    );
  }
  lines.push(
    `The ramp ended before the chat server was full (${stopped}); EXTRAPOLATED from ${pct(base.serverCoresPerRoom)} ` +
      `per room at ${base.rooms} rooms: one core holds about ${estimate} rooms of ${size} (1 ÷ CPU per room, rounded down; ` +
      'that per-room figure carries a share of the fixed cost, the line above separates the two).',
  );
  return { lines, roomsPerCore: Math.max(best.rooms, estimate), extrapolated: estimate > best.rooms };
};

/** Least squares of server cores over rooms: the fixed cost and the cost per room; null with < 2 room counts. */
const linearFit = (steps: StepFigures[]): { fixed: number; perRoom: number } | null => {
  const points = steps.filter((f) => Number.isFinite(f.serverCores));
  if (new Set(points.map((f) => f.rooms)).size < 2) return null;
  const n = points.length;
  const mx = points.reduce((sum, f) => sum + f.rooms, 0) / n;
  const my = points.reduce((sum, f) => sum + f.serverCores, 0) / n;
  const sxy = points.reduce((sum, f) => sum + (f.rooms - mx) * (f.serverCores - my), 0);
  const sxx = points.reduce((sum, f) => sum + (f.rooms - mx) ** 2, 0);
  const perRoom = sxy / sxx;
  return { fixed: my - perRoom * mx, perRoom };
};

export const goalLines = (cap: Capacity, connects: RoomConnect[]): string[] => {
  const audio = connects.map((c) => c.allAudioMs);
  const worst = max(audio);
  return [
    `goal >= ${VOICE_GOAL.roomsPerCore} rooms of 20 per core: ${cap.roomsPerCore}${cap.extrapolated ? ' (extrapolated)' : ''} -> ` +
      (cap.roomsPerCore >= VOICE_GOAL.roomsPerCore ? 'met' : 'NOT met'),
    `goal 20 peers connected <= ${s(VOICE_GOAL.connectMs)} (first ${connects.length} room(s), audio from all): ` +
      `median ${s(median(audio))}, max ${s(worst)} -> ` +
      (worst <= VOICE_GOAL.connectMs
        ? 'met'
        : median(audio) <= VOICE_GOAL.connectMs
          ? 'met at the median only'
          : 'NOT met'),
  ];
};

export const settingsLines = (config: VoiceConfig): string[] => [
  `rooms of ${config.roomSize} users, every user publishes one Opus track and receives all the others; at most ` +
    `${config.talkers} talk at once (an 80-byte packet every 20 ms), the next ones take over every ${config.rotateMs / 1000} s, ` +
    'the rest send what Opus DTX sends (3 bytes every 400 ms)',
  `each step: ${config.warmupSeconds} s warm-up after its rooms connected, then a ${config.windowSeconds} s window; ` +
    'loss = packets the publishers sent in the window x subscribers − packets the subscribers received (exact: every ' +
    "payload carries its publisher's packet number), counted 1 s after the window ends",
];
