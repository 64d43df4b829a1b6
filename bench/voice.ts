/**
 * `npm run bench:voice -w bench` (issue 17): rooms of 20 synthetic WebRTC peers (werift) on a real
 * chat server (apps/media) with its real Janus, inside a private network namespace. Prints the time
 * for 20 peers to connect, and for 1, 2, 4… rooms the forwarded packets per second, the CPU of Janus
 * and the chat server per room, the generator's CPU and the loss; then the rooms one core holds.
 * README "voice.ts" explains the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import { processSample, processShare } from './cpu';
import { progress, sleep } from './timing';
import { voiceConfig } from './voice-config';
import { measureWindow, type StepFigures } from './voice-measure';
import { VoicePool } from './voice-pool';
import { commandName, pinToCpu } from './voice-proc';
import {
  capacity,
  connectSummary,
  connectTable,
  generatorSaturated,
  goalLines,
  settingsLines,
  stepHeader,
  stepNotes,
  stepRow,
  table,
} from './voice-report';
import type { RoomConnect, RoomSpec } from './voice-room';
import { type ChatServer, startChatServer } from './voice-server';

const HOW = 'bash scripts/netns-run.sh npm run bench:voice -w bench';

/** The namespace scripts/netns-run.sh makes holds loopback and two test addresses of one /24, nothing else. */
const namespaceProblem = (ip: string | undefined): string | null => {
  if (!ip) return 'BELFRY_NETNS_IP is not set';
  const prefix = ip.split('.').slice(0, 3).join('.') + '.';
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
  if (!addresses.includes(ip)) return `no interface holds BELFRY_NETNS_IP ${ip}`;
  const foreign = addresses.filter((a) => !a.startsWith(prefix));
  return foreign.length ? `this network has other addresses (${foreign.join(', ')})` : null;
};

const ip = process.env.BELFRY_NETNS_IP;
const problem = namespaceProblem(ip);
if (problem || !ip) {
  console.error(
    `bench:voice refuses to run here (${problem}): its WebRTC traffic may go only to loopback or inside a network namespace the run creates; run: ${HOW}`,
  );
  process.exit(2);
}

const config = voiceConfig();
const RTP_PORTS: [number, number] = [20000, 29999];
let server: ChatServer | null = null;
let pool: VoicePool | null = null;
let cleaning: Promise<void> | null = null;
/** A signal or the hard limit ended the run: what fails after that is the stopping, not a finding. */
let stopping = false;

const cleanup = () =>
  (cleaning ??= (async () => {
    await pool?.close().catch((err: Error) => console.error(`closing the generator: ${err.message}`));
    const notes = (await server?.stop()) ?? [];
    const janus = fs
      .readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e) && commandName(Number(e)) === 'janus')
      .map(Number);
    notes.push(janus.length ? `other janus processes, not started by this run: ${janus.join(', ')}` : 'no janus left');
    console.log(`Cleanup: peers closed, generator threads ended, chat server stopped; ${notes.join('; ')}.`);
  })());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    console.log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

const run = async () => {
  const cores = os.availableParallelism();
  const quietUntil = Date.now() + config.waitQuietSeconds * 1000;
  let busyBefore: number | null;
  for (;;) {
    const before = processSample();
    await sleep(2_000);
    busyBefore = processShare(before, processSample()).otherProcesses;
    if ((busyBefore ?? 0) < 0.2 || Date.now() >= quietUntil) break;
    progress(`waiting for a quiet machine: other processes use ${busyBefore?.toFixed(2)} cores`);
  }
  if (config.pin && !pinToCpu(process.pid, config.pin.generator)) throw new Error('taskset could not pin this process');

  const out: string[] = [
    `Belfry voice benchmark (issue 17) — ${cores} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, werift 0.24.4, Debian Janus`,
    ...settingsLines(config),
    `network: a private namespace (BELFRY_NETNS_IP ${ip}); chat server on 127.0.0.1, Janus and the peers on ${ip}, RTP ports ${RTP_PORTS.join('-')}`,
    config.pin
      ? `pinned with taskset: the chat server and its Janus to core ${config.pin.server}, this generator (${config.threads} thread(s)) to core ${config.pin.generator}`
      : `not pinned: the chat server, Janus and the generator (${config.threads} thread(s)) share the cores`,
    `other processes kept ${busyBefore?.toFixed(2) ?? '?'} cores busy in the 2 s before the run` +
      ((busyBefore ?? 0) > 0.2 ? ' (NOTE: the machine was not quiet; figures are noisy)' : ''),
  ];
  for (const line of out) console.log(line);

  server = await startChatServer({ iceIp: ip, rtpPorts: RTP_PORTS, cpu: config.pin?.server ?? null });
  progress(`chat server pid ${server.mediaPid} at ${server.url}, its Janus pid ${server.janusPid}`);
  pool = await VoicePool.start(config.threads);
  const chat = server;
  const generator = pool;
  /** The cores the generator may use: its one core when pinned, else all of them. */
  const generatorCores = config.pin ? 1 : cores;

  const connects: { connect: RoomConnect; carried: number }[] = [];
  const addRoom = async () => {
    const r = connects.length;
    const roomId = `voice-${r}`;
    const userIds = Array.from({ length: config.roomSize }, (_, i) => `user-${r}-${i}`);
    await chat.policy(roomId, userIds);
    const spec: RoomSpec = {
      url: chat.url,
      roomId,
      ip,
      users: userIds.map((userId) => ({ userId, ticket: chat.ticket(roomId, userId) })),
      talkers: config.talkers,
      rotateMs: config.rotateMs,
      timeoutMs: config.connectTimeoutMs,
    };
    const connect = await generator.ask<RoomConnect>(
      r % generator.size,
      { type: 'connect', spec },
      config.connectTimeoutMs + 10_000,
    );
    connects.push({ connect, carried: r });
    progress(
      `${roomId} connected: audio from all others after ${(connect.allAudioMs / 1000).toFixed(2)} s (${r} room(s) already carried)`,
    );
  };

  const steps: StepFigures[] = [];
  let stopped = `the last step (${config.steps.at(-1)} rooms) was reached`;
  const began = Date.now();
  for (const rooms of config.steps) {
    const stepStart = Date.now();
    while (connects.length < rooms) await addRoom();
    await sleep(config.warmupSeconds * 1000);
    const f = await measureWindow(chat, generator, rooms, config.windowSeconds);
    steps.push(f);
    progress(
      `${rooms} room(s): ${f.forwardedPerSecond.toFixed(0)} packets/s forwarded, Janus + media ${(f.serverCores * 100).toFixed(1)} % of a core, ` +
        `generator ${(f.generatorCores * 100).toFixed(1)} %, lost ${f.lost}`,
    );
    const limit = generatorSaturated(f, generatorCores);
    if (f.lost > 0) {
      stopped = `loss appeared at ${rooms} rooms${limit ? ` (generator: ${limit})` : ''}`;
      break;
    }
    if (limit) {
      stopped = `the generator was saturated at ${rooms} rooms: ${limit}`;
      break;
    }
    if (f.serverCores > 1) {
      stopped = `the chat server needed more than one core at ${rooms} rooms`;
      break;
    }
    const stepSeconds = (Date.now() - stepStart) / 1000;
    if ((Date.now() - began) / 1000 + 2 * stepSeconds > config.hardLimitSeconds - 60) {
      stopped = `BENCH_HARD_LIMIT_SECONDS (${config.hardLimitSeconds}) would pass during the next step`;
      break;
    }
  }

  const first = connects.slice(0, config.connectRooms).map((c) => c.connect);
  const cap = capacity(steps, stopped, generatorCores, config.roomSize);
  const report = [
    '',
    `Connect: the ${config.roomSize} peers of a fresh room start at once (rooms one after another, the earlier ones still talking); ` +
      'times until the last peer of the room got there',
    connectTable(connects),
    connectSummary(`first ${first.length} room(s)`, first),
    connectSummary(
      'all rooms',
      connects.map((c) => c.connect),
    ),
    '("audio from all": every peer received a packet of every other one; a silent peer sends every 400 ms, so this',
    ' adds up to 0.4 s to "all streams up", when every receiving connection carries every other user and is connected)',
    '',
    `Load: ${config.windowSeconds} s windows; CPU as a share of one core (100 % = one core busy all the time); the ramp stopped: ${stopped}`,
    table([stepHeader, ...steps.map(stepRow)]),
    ...steps.flatMap((f) => {
      const notes = stepNotes(f);
      const limit = generatorSaturated(f, generatorCores);
      if (limit) notes.unshift(`the generator was saturated (${limit})`);
      return notes.length ? [`NOTE at ${f.rooms} room(s): ${notes.join('; ')}.`] : [];
    }),
    '',
    ...cap.lines,
    ...goalLines(cap, first),
  ];
  for (const line of report) console.log(line);
  fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  fs.writeFileSync(
    new URL('./results/voice.json', import.meta.url),
    JSON.stringify(
      { finishedAt: new Date().toISOString(), config, busyBefore, connects, steps, stopped, capacity: cap },
      null,
      1,
    ),
  );
};

const hardLimit = setTimeout(() => {
  stopping = true;
  console.error(`BENCH_HARD_LIMIT_SECONDS (${config.hardLimitSeconds}) passed: stopping`);
  void cleanup().finally(() => process.exit(1));
}, config.hardLimitSeconds * 1000);
hardLimit.unref();

try {
  await run();
} catch (error) {
  if (stopping) await new Promise(() => undefined); // the signal's handler exits when cleaned up
  console.error(`bench:voice failed: ${(error as Error).message}`);
  if (server) console.error(`chat server's last lines:\n${(server as ChatServer).output().slice(-10).join('\n')}`);
  process.exitCode = 1;
} finally {
  clearTimeout(hardLimit);
  await cleanup();
}
