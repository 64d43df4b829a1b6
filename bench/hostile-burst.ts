/**
 * Issue 14: one hostile player sends every kind of message the protocol accepts, as fast as its socket
 * allows, for 60 s (BENCH_HOSTILE_SECONDS), at the server's real rates. Prints what got through per
 * family, what the buckets refused, the stored session's size before and after, and both sides' CPU.
 *
 *   npm run bench:hostile -w bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv, startServer } from '@belfry/server';
import type { Ack } from '@belfry/protocol';
import { registerUser } from './accounts';
import { sleep } from './timing';
import { ViewClient } from './view-client';

const SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 60);
/** Requests each family keeps in flight: a client that never waits for its answers. */
const IN_FLIGHT = 8;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-hostile-'));
const server = await startServer({
  ...configFromEnv({}),
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: undefined,
  redisUrl: undefined,
  webDist: undefined,
  logLevel: 'silent',
  accessTtlSeconds: 3600,
  refreshTtlSeconds: 3600,
});
const install = { port: server.port, dataDir };
const storyteller = await registerUser(install, 0);
const hostile = await registerUser(install, 1);
const created = await fetch(`http://127.0.0.1:${server.port}/backend/sessions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${storyteller.accessToken}` },
  body: JSON.stringify({ name: 'hostile', seats: 8 }),
});
if (!created.ok) throw new Error(`creating the session answered ${created.status}`);

const st = new ViewClient(server.port, 'hostile', storyteller.user.id, storyteller.accessToken);
const h = new ViewClient(server.port, 'hostile', hostile.user.id, hostile.accessToken);
while (!st.view || !h.view) await sleep(50);
const must = async (client: ViewClient, event: string, payload: unknown) => {
  const ack = await client.request(event, payload, 5000);
  if (!ack.ok) throw new Error(`${event}: ${ack.error.message}`);
};
await must(h, 'claimSeat', { index: 0 });
await must(st, 'startGame', {});
await sleep(1700);
await must(st, 'toggleNight', {});

const stored = async () => {
  const row = await server.db.kysely
    .selectFrom('sessions')
    .select('state')
    .where('id', '=', 'hostile')
    .executeTakeFirstOrThrow();
  return Buffer.byteLength(row.state);
};

const long = 'x'.repeat(250);
const families: Record<string, (i: number) => [string, unknown]> = {
  chat: (i) => ['textMessage', { message: `${i} ${long}`.slice(0, 250), recipientId: '' }],
  typing: (i) => ['textMessageIndicator', { recipientId: '', length: i % 250 }],
  reminders: (i) => ['addReminder', { index: i % 8, role: 'custom', name: `${i}`.padEnd(30, 'n') }],
  signals: () => [
    'signal',
    {
      message: [{ id: 'custom', description: long, data: Array(5).fill('y'.repeat(64)) }],
      recipients: [storyteller.user.id],
    },
  ],
  hands: () => ['raiseHand', { icon: 'hand' }],
  seats: (i) => ['claimSeat', { index: i % 2 === 0 ? -1 : 0 }],
  other: (i) => (i % 2 === 0 ? ['whisperRequest', { to: storyteller.user.id }] : ['requestStoryteller', {}]),
};

type Tally = { ok: number; limited: number; refused: number; timeouts: number };
const tallies: Record<string, Tally> = {};
const before = await stored();
const cpuBefore = process.cpuUsage();
const started = Date.now();
await Promise.all(
  Object.entries(families).map(async ([family, make]) => {
    const tally: Tally = (tallies[family] = { ok: 0, limited: 0, refused: 0, timeouts: 0 });
    let i = 0;
    const lane = async () => {
      while (Date.now() - started < SECONDS * 1000) {
        const [event, payload] = make(i++);
        let ack: Ack;
        try {
          ack = await h.request(event, payload, 10_000);
        } catch {
          tally.timeouts++;
          continue;
        }
        if (ack.ok) tally.ok++;
        else if (ack.error.code === 'rate_limited' && ack.error.retryAfter !== undefined) tally.limited++;
        else tally.refused++;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  }),
);
const seconds = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const after = await stored();

console.log(`\nOne hostile player, ${seconds.toFixed(1)} s, ${IN_FLIGHT} requests in flight per family`);
console.log('family      accepted   refused by the rate   refused by the rules   timeouts');
for (const [family, t] of Object.entries(tallies)) {
  console.log(
    `${family.padEnd(10)} ${String(t.ok).padStart(9)} ${String(t.limited).padStart(21)} ${String(t.refused).padStart(22)} ${String(t.timeouts).padStart(10)}`,
  );
}
console.log(`stored session: ${before} bytes before, ${after} bytes after (+${after - before})`);
console.log(
  `CPU of this process (server and the one client share it): ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over ${seconds.toFixed(1)} s`,
);
st.close();
h.close();
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
