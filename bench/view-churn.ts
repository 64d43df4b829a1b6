import { apply, createSession, type Actor, type Intent, type SessionState, view } from '@belfry/engine';
import { diffJson, type DiffMemo } from '@belfry/protocol';
import { pausesSoFar } from './pauses';
import { now as clock } from './timing';

/**
 * The engine's share of a change, in process and without sockets: SESSIONS sessions of SOCKETS viewers,
 * CHANGES seat claims and town-square messages in random sessions, each followed by what the server's
 * fanout does (every viewer's view before and after, the diff, each operation's JSON once). Prints the
 * time per change and the scavenges of the last two thirds: what a change keeps until its session's
 * next one is what they copy (issue 16). One process, one thread, nothing else to wait for, so two
 * commits compare run against run (README: "Before and after").
 */
const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SESSIONS = int('BENCH_SESSIONS', 500);
const SOCKETS = int('BENCH_SOCKETS', 16);
const CHANGES = int('BENCH_CHANGES', 60_000);
const T0 = 1_700_000_000_000;
const SYSTEM: Actor = { userId: '', level: 'none', isSystem: true };

const profile = (id: string) => ({ id, username: id, pronouns: '', level: 'none' as const, flags: [], createdAt: T0 });
const applied = (state: SessionState, intent: Intent, actor: Actor, now: number) => {
  const result = apply(state, intent, actor, now);
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.message}`);
  return result.state;
};

interface Table {
  state: SessionState;
  /** The state each viewer was last sent, as the server's sockets keep it. */
  sent: SessionState[];
  seated: boolean[];
}

let now = T0;
const tables: Table[] = [];
for (let s = 0; s < SESSIONS; s++) {
  let state = createSession({ sessionId: `s${s}`, owner: profile('u0'), seats: 20, now });
  for (let u = 0; u < SOCKETS; u++) {
    state = applied(
      state,
      { type: 'presence', user: profile(`u${u}`), isOnline: true, isSubscribed: false },
      SYSTEM,
      now,
    );
  }
  tables.push({ state, sent: Array<SessionState>(SOCKETS).fill(state), seated: Array<boolean>(SOCKETS).fill(false) });
}

let bytes = 0;
const fanOut = (table: Table) => {
  const memo: DiffMemo = new Map();
  const json = new Map<unknown, string>();
  for (let u = 0; u < SOCKETS; u++) {
    const ops = diffJson(view(table.sent[u]!, `u${u}`), view(table.state, `u${u}`), '', [], memo);
    if (ops.length === 0) continue;
    for (const op of ops) {
      let text = json.get(op);
      if (text === undefined) json.set(op, (text = JSON.stringify(op)));
      bytes += text.length;
    }
    table.sent[u] = table.state;
  }
};

pausesSoFar(); // starts recording this thread's GC pauses

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const started = clock();
let measuredFrom = started;
for (let c = 0; c < CHANGES; c++) {
  if (c === Math.floor(CHANGES / 3)) measuredFrom = clock();
  now += 3;
  const table = tables[Math.floor(random() * SESSIONS)]!;
  if (c % 6 === 5) {
    // The Storyteller writes to the town square (a message a sixth of the time, as the open loop's mix).
    table.state = applied(
      table.state,
      { type: 'textMessage', message: `note ${c}`, recipientId: '' },
      { userId: 'u0', level: 'none' },
      now,
    );
  } else {
    const p = 1 + Math.floor(random() * (SOCKETS - 1));
    table.state = applied(
      table.state,
      { type: 'claimSeat', index: table.seated[p] ? -1 : p - 1 },
      { userId: `u${p}`, level: 'none' },
      now,
    );
    table.seated[p] = !table.seated[p];
  }
  fanOut(table);
}
const ended = clock();
await new Promise((resolve) => setTimeout(resolve, 50)); // the last gc entries arrive asynchronously

const measured = Math.ceil((CHANGES * 2) / 3);
const late = pausesSoFar().filter((p) => p.kind === 'minor-gc' && p.at >= measuredFrom && p.at <= ended);
const pauseMs = late.reduce((sum, s) => sum + s.ms, 0);
console.log(
  `view churn: ${SESSIONS} sessions x ${SOCKETS} viewers, ${CHANGES} changes (seat claims, every sixth a message)`,
);
console.log(
  `| all changes: time per change (apply, views before and after, diff, JSON) | ${(((ended - started) * 1000) / CHANGES).toFixed(1)} us |`,
);
console.log(`| last ${measured}: time per change | ${(((ended - measuredFrom) * 1000) / measured).toFixed(1)} us |`);
console.log(
  `| last ${measured}: scavenges / total pause / mean pause | ${late.length} / ${pauseMs.toFixed(0)} ms / ${(pauseMs / Math.max(1, late.length)).toFixed(2)} ms |`,
);
console.log(`| patch JSON per change (all viewers) | ${(bytes / CHANGES).toFixed(0)} B |`);
