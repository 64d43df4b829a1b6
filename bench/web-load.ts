/**
 * What a cold browser pays to open Belfry: for the Login, Lobby and Grimoire routes, the bytes of
 * JavaScript and CSS it transfers (as sent, compressed or not) and how long until the route shows
 * what it is for; for the Grimoire above all, the seat circle with its seats.
 *
 * It builds nothing: run `npm run build` first. It starts the production server
 * (`node apps/server/dist/main.js`) on a free loopback port with a temporary DATA_DIR, registers one
 * user through the real flow (accounts.ts), creates a game with seats and Trouble Brewing characters
 * on them, then opens each route in Debian's Chromium, a fresh browser context each time (empty HTTP
 * cache, no service worker), several times, and prints medians.
 *
 *   npm run bench:web -w bench
 *   BENCH_WEB_RUNS=11 npm run bench:web -w bench
 *   BENCH_WEB_FILES=1 npm run bench:web -w bench    # also each route's scripts by gzipped size
 *   BENCH_WEB_ROOTS=/tmp/old-checkout,. npm run bench:web -w bench   # two builds, loads taken in turns
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { AuthTokens } from '@belfry/protocol';
import { type Browser, chromium, type Page, type Request } from 'playwright-core';
import { io } from 'socket.io-client';
import { registerUser } from './accounts';
import { sleep, withTimeout } from './timing';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Checkouts to compare (each built), relative to the repository; their loads alternate, so a busy machine slows all alike. */
const ROOTS = (process.env.BENCH_WEB_ROOTS ?? '.').split(',').map((root) => path.resolve(repository, root.trim()));
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
/** BENCH_WEB_FILES=1 also lists each route's scripts with their gzipped sizes. */
const LIST_FILES = process.env.BENCH_WEB_FILES === '1';
const SEATS = Number(process.env.BENCH_WEB_SEATS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The network counts as settled once no request has started or finished for this long. */
const QUIET_MS = 1000;
const ROUTE_TIMEOUT_MS = 30_000;
/** Chromium's network emulation (DevTools' presets), or none: loopback as it is. */
const NETWORKS = {
  none: null,
  fast4g: { latency: 40, downloadThroughput: (9_000_000 / 8) | 0, uploadThroughput: (1_500_000 / 8) | 0 },
  slow4g: { latency: 150, downloadThroughput: (1_600_000 / 8) | 0, uploadThroughput: (750_000 / 8) | 0 },
} as const;
const NETWORK = (process.env.BENCH_WEB_NETWORK ?? 'none') as keyof typeof NETWORKS;
if (!(NETWORK in NETWORKS)) throw new Error(`BENCH_WEB_NETWORK: one of ${Object.keys(NETWORKS).join(', ')}`);

for (const root of ROOTS) {
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(path.join(root, file)))
      throw new Error(`Run \`npm run build\` in ${root} first: ${file} is missing.`);
  }
}

/** Trouble Brewing characters for the seats, as the Storyteller's client would send them. */
const SEAT_ROLES = [
  { id: 'washerwoman', name: 'Washerwoman', team: 'townsfolk' },
  { id: 'librarian', name: 'Librarian', team: 'townsfolk' },
  { id: 'investigator', name: 'Investigator', team: 'townsfolk' },
  { id: 'chef', name: 'Chef', team: 'townsfolk' },
  { id: 'empath', name: 'Empath', team: 'townsfolk' },
  { id: 'fortuneteller', name: 'Fortune Teller', team: 'townsfolk' },
  { id: 'butler', name: 'Butler', team: 'outsider' },
  { id: 'drunk', name: 'Drunk', team: 'outsider' },
  { id: 'poisoner', name: 'Poisoner', team: 'minion' },
  { id: 'imp', name: 'Imp', team: 'demon' },
  { id: 'monk', name: 'Monk', team: 'townsfolk' },
  { id: 'slayer', name: 'Slayer', team: 'townsfolk' },
] as const;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const startBelfry = async (root: string, port: number, dataDir: string) => {
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The server alone: no local chat server beside it.
      LOCAL_CHAT_SERVER: 'off',
      // The run must not outlive an access token: a refresh would rotate the token every context shares.
      ACCESS_TTL_SECONDS: '7200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/backend/version`)).ok) break;
    } catch {
      // not answering yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(25);
  }
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await withTimeout(new Promise((resolve) => child.once('exit', resolve)), 10_000, 'server exit').catch(() =>
        child.kill('SIGKILL'),
      );
    },
  };
};

/** A game of the user's with `SEATS` seats, each holding a character (so the tokens draw icons). */
const createGame = async (base: string, tokens: AuthTokens): Promise<string> => {
  const created = await fetch(`${base}/backend/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
    body: JSON.stringify({ name: 'webload', seats: SEATS }),
  });
  if (created.status !== 201) throw new Error(`creating the game answered ${created.status}: ${await created.text()}`);
  const { sessionId } = (await created.json()) as { sessionId: string };
  const socket = io(base, {
    path: '/backend/socket/',
    query: { session: sessionId },
    auth: { token: tokens.accessToken },
    transports: ['websocket'],
    reconnection: false,
  });
  try {
    socket.on('serverPing', (_: number, ack: (now: number) => void) => ack(Date.now()));
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once('session', () => resolve());
        socket.once('connect_error', reject);
      }),
      10_000,
      'joining the game',
    );
    for (let index = 0; index < SEATS; index++) {
      const role = SEAT_ROLES[index % SEAT_ROLES.length]!;
      const ack = (await socket.emitWithAck('updatePlayer', { index, property: 'role', value: role })) as {
        ok: boolean;
      };
      if (!ack.ok) throw new Error(`seat ${index}: ${JSON.stringify(ack)}`);
    }
  } finally {
    socket.disconnect();
  }
  return sessionId;
};

interface Load {
  /** Milliseconds from navigation start to the route's content being on screen. */
  readyMs: number;
  /** Grimoire only: to every seat's character icon being drawn. */
  iconsMs?: number;
  /** Long tasks (≥ 50 ms) of the main thread until ready: their sum and the longest. */
  longTasksMs: number;
  longestTaskMs: number;
  jsBytes: number;
  jsDecodedBytes: number;
  /** The same scripts gzipped (zlib's default level), whatever encoding the server chose. */
  jsGzipBytes: number;
  jsFiles: number;
  /** Each script's file name and gzipped size, to see what a route's bytes are made of. */
  scripts: { file: string; gzip: number }[];
  cssBytes: number;
  otherBytes: number;
}

interface Route {
  name: string;
  path: string;
  storage: (tokens: AuthTokens, game: string) => Record<string, string>;
  /** The body of a page function: true once the route shows its content. */
  ready: string;
  icons?: string;
}

const ROUTES: Route[] = [
  {
    name: 'login',
    path: '/login',
    storage: () => ({}),
    // The form is usable once its captcha checkbox is there.
    ready: `return shown('[data-testid="email"]') && shown('[data-testid="captcha"] input[type=checkbox]');`,
  },
  {
    name: 'lobby',
    path: '/',
    storage: (tokens) => ({ 'belfry.auth': JSON.stringify(tokens) }),
    ready: `return shown('[data-testid="lobby-table"] tbody tr');`,
  },
  {
    name: 'grimoire',
    path: '/play',
    storage: (tokens, game) => ({ 'belfry.auth': JSON.stringify(tokens), 'belfry.session': game }),
    ready: `
      const circle = document.querySelector('[data-testid="seat-circle"]');
      if (!circle || circle.getAttribute('data-seats') !== '${SEATS}' || !shown('[data-testid="seat-circle"]')) return false;
      for (let i = 0; i < ${SEATS}; i++) if (!shown('[data-testid="seat-' + i + '"]')) return false;
      return true;`,
    icons: `
      const icons = document.querySelectorAll('[data-testid="seat-circle"] .role-token__icon');
      return icons.length === ${SEATS} && [...icons].every((icon) => icon.childElementCount > 0);`,
  },
];

/**
 * Runs in the page before its own scripts (an injected script, so the page's CSP, which forbids eval,
 * does not apply): the route's conditions are checked on every animation frame and the first frame
 * each holds is noted as performance.now(), milliseconds since navigation start; long tasks are noted too.
 */
const pageProbe = (route: Route, storage: Record<string, string>) => `
  ${Object.entries(storage)
    .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
    .join('\n')}
  const find = (selector, root = document) => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot) {
      const inner = find(selector, host.shadowRoot);
      if (inner) return inner;
    }
    return null;
  };
  const shown = (selector) => {
    const el = find(selector);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const checks = {
    ready: () => { ${route.ready} },
    ${route.icons ? `icons: () => { ${route.icons} },` : ''}
  };
  window.__marks = {};
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const frame = () => {
    let open = false;
    for (const [name, check] of Object.entries(checks)) {
      if (name in window.__marks) continue;
      if (check()) window.__marks[name] = performance.now();
      else open = true;
    }
    if (open) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
`;

/** Waits until the page has noted every mark of the route. */
const marksOf = async (page: Page, route: Route): Promise<{ ready: number; icons?: number }> => {
  const deadline = Date.now() + ROUTE_TIMEOUT_MS;
  for (;;) {
    const marks = (await page.evaluate('window.__marks')) as { ready?: number; icons?: number } | undefined;
    if (marks?.ready !== undefined && (!route.icons || marks.icons !== undefined)) {
      return { ready: marks.ready, ...(marks.icons === undefined ? {} : { icons: marks.icons }) };
    }
    if (Date.now() > deadline) throw new Error(`${route.name}: not ready after ${ROUTE_TIMEOUT_MS} ms`);
    await sleep(50);
  }
};

const loadOnce = async (browser: Browser, base: string, route: Route, tokens: AuthTokens, game: string) => {
  // A fresh context: empty HTTP cache and storage; the service worker would fetch every asset behind the page's back.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1366, height: 768 } });
  try {
    await context.addInitScript({ content: pageProbe(route, route.storage(tokens, game)) });
    const page = await context.newPage();
    const network = NETWORKS[NETWORK];
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    }
    const requests: Request[] = [];
    let pending = 0;
    let lastActivity = Date.now();
    const settle = () => {
      pending--;
      lastActivity = Date.now();
    };
    page.on('request', (request) => {
      requests.push(request);
      pending++;
      lastActivity = Date.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);

    await page.goto(base + route.path, { waitUntil: 'commit' });
    const { ready: readyMs, icons: iconsMs } = await marksOf(page, route);
    const tasks = (await page.evaluate('window.__longTasks')) as [number, number][];
    const until = Math.max(readyMs, iconsMs ?? 0);
    const counted = tasks.filter(([start]) => start < until).map(([, duration]) => duration);
    // Whatever the route loads after showing itself (a lazy chunk, the captcha) counts too.
    const deadline = Date.now() + ROUTE_TIMEOUT_MS;
    while ((pending > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline) await sleep(50);

    const load: Load = {
      readyMs,
      ...(iconsMs === undefined ? {} : { iconsMs }),
      longTasksMs: counted.reduce((a, b) => a + b, 0),
      longestTaskMs: Math.max(0, ...counted),
      jsBytes: 0,
      jsDecodedBytes: 0,
      jsGzipBytes: 0,
      jsFiles: 0,
      scripts: [],
      cssBytes: 0,
      otherBytes: 0,
    };
    for (const request of requests) {
      const response = await request.response();
      if (!response) continue;
      const { responseBodySize } = await request.sizes();
      const type = request.resourceType();
      if (type === 'script') {
        load.jsBytes += responseBodySize;
        const body = await response.body().catch(() => Buffer.alloc(0));
        load.jsDecodedBytes += body.length;
        const gzip = gzipSync(body).length;
        load.jsGzipBytes += gzip;
        load.jsFiles++;
        load.scripts.push({ file: new URL(request.url()).pathname.split('/').pop() ?? '', gzip });
      } else if (type === 'stylesheet') load.cssBytes += responseBodySize;
      else load.otherBytes += responseBodySize;
    }
    return load;
  } finally {
    await context.close();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

interface Install {
  root: string;
  base: string;
  tokens: AuthTokens;
  game: string;
  results: Map<string, Load[]>;
}

const installs: Install[] = [];
/** Run last first when done: servers stop before their folders go. */
const cleanups: (() => Promise<void> | void)[] = [];
let browser: Browser | undefined;
try {
  for (const root of ROOTS) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-web-load-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    cleanups.push((await startBelfry(root, port, dataDir)).stop);
    const tokens = await registerUser({ port, dataDir }, 0);
    const game = await createGame(base, tokens);
    installs.push({ root, base, tokens, game, results: new Map(ROUTES.map((route) => [route.name, []])) });
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  const load = (install: Install, route: Route) =>
    loadOnce(browser!, install.base, route, install.tokens, install.game);
  // One load of each route first, uncounted: the server's and the browser's own first-time costs.
  for (const install of installs) for (const route of ROUTES) await load(install, route);
  for (let run = 0; run < RUNS; run++) {
    for (const route of ROUTES) {
      for (const install of installs) install.results.get(route.name)!.push(await load(install, route));
    }
    process.stdout.write(`run ${run + 1}/${RUNS}\r`);
  }

  console.log(
    `Cold loads, median of ${RUNS} (Chromium ${browser.version()}, ${os.cpus().length} cores, ${SEATS} seats, ` +
      `network: ${NETWORK === 'none' ? 'loopback' : NETWORK})`,
  );
  for (const install of installs) {
    const rows = ROUTES.map((route) => {
      const loads = install.results.get(route.name)!;
      const of = (pick: (load: Load) => number) => median(loads.map(pick));
      return {
        route: route.name,
        'JS sent': kb(of((l) => l.jsBytes)),
        'JS gzip': kb(of((l) => l.jsGzipBytes)),
        'JS unpacked': kb(of((l) => l.jsDecodedBytes)),
        'JS files': String(of((l) => l.jsFiles)),
        'CSS sent': kb(of((l) => l.cssBytes)),
        'other sent': kb(of((l) => l.otherBytes)),
        ready: ms(of((l) => l.readyMs)),
        'ready (each run)': loads.map((l) => l.readyMs.toFixed(0)).join(' '),
        'icons drawn': route.icons ? ms(of((l) => l.iconsMs ?? 0)) : '',
        'long tasks': `${ms(of((l) => l.longTasksMs))} (max ${ms(of((l) => l.longestTaskMs))})`,
      };
    });
    const columns = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
    const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
    if (installs.length > 1) console.log(`\n${install.root}`);
    console.log(line(columns));
    for (const row of rows) console.log(line(columns.map((column) => row[column])));
  }
  console.log(
    '\nready: login = form and captcha checkbox shown; lobby = the game list shown; grimoire = the seat circle with all seats.',
  );
  console.log('JS gzip: the scripts loaded, each gzipped, whatever encoding the server sent them in.');
  console.log('long tasks: main-thread tasks of 50 ms or more until ready (grimoire: until the icons are drawn).');
  if (LIST_FILES) {
    for (const install of installs) {
      for (const route of ROUTES) {
        const scripts = install.results.get(route.name)![0]?.scripts ?? [];
        console.log(`\n${installs.length > 1 ? `${install.root} ` : ''}${route.name}: scripts by gzipped size`);
        for (const { file, gzip } of [...scripts].sort((a, b) => b.gzip - a.gzip))
          console.log(`  ${kb(gzip).padStart(9)}  ${file}`);
      }
    }
  }
  fs.mkdirSync(path.join(repository, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(repository, 'bench/results/web-load.json'),
    JSON.stringify(
      {
        runs: RUNS,
        seats: SEATS,
        network: NETWORK,
        installs: installs.map(({ root, results }) => ({ root, results: Object.fromEntries(results) })),
      },
      null,
      2,
    ),
  );
} finally {
  await browser?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
}
