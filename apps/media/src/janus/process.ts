import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectJanus } from './client';
import { writeJanusConfig, type JanusConfigOptions, type JanusModuleNames } from './config';
import { VIDEOROOM } from './videoRoom';

export interface StartJanusOptions extends Omit<JanusConfigOptions, 'configDir' | 'wsPort' | 'libDir' | 'installed'> {
  /** Loopback port of the WebSocket API; a free one when absent. */
  wsPort?: number;
  /** The janus executable; `findJanusBinary()` when absent. */
  binary?: string;
  /** Folder holding Janus's `plugins/`, `transports/`…; looked for when absent. */
  libDir?: string;
  /** How long Janus may take until its API answers. */
  readyTimeoutMs?: number;
  /** Receives each line Janus prints. */
  log?: (line: string) => void;
}

export interface JanusProcess {
  readonly pid: number;
  /** `ws://127.0.0.1:<port>`, for `connectJanus(url, { apiSecret })`. */
  readonly url: string;
  readonly apiSecret: string;
  readonly configDir: string;
  /** The last lines Janus printed (stdout and stderr). */
  recentOutput(): string[];
  /** Resolves when Janus exits, with its exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /**
   * SIGTERM, then SIGKILL after `graceMs` (3 s unless said); removes the config folder. Safe to call
   * twice: a second call waits for the first.
   */
  stop(graceMs?: number): Promise<void>;
}

const KEEP_LINES = 60;
const STOP_GRACE_MS = 3_000;

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (name: string): string | null => {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
};

/** The janus executable (`JANUS_BINARY`, then PATH, then the usual install folders), or null. */
export function findJanusBinary(): string | null {
  const fromEnv = process.env.JANUS_BINARY;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : null;
  const found = onPath('janus');
  if (found) return found;
  return ['/usr/bin/janus', '/usr/local/bin/janus', '/opt/janus/bin/janus'].find(isExecutable) ?? null;
}

/** The folder holding Janus's module folders (Debian: `/usr/lib/<multiarch>/janus`), or null. */
export function findJanusLibDir(): string | null {
  const candidates = ['/usr/lib/janus', '/usr/local/lib/janus', '/opt/janus/lib/janus'];
  try {
    for (const entry of readdirSync('/usr/lib')) candidates.unshift(join('/usr/lib', entry, 'janus'));
  } catch {
    // No /usr/lib: only the fixed candidates remain.
  }
  return candidates.find((dir) => existsSync(join(dir, 'plugins', 'libjanus_videoroom.so'))) ?? null;
}

const listModules = (libDir: string): JanusModuleNames => {
  const names = (folder: string) => {
    try {
      return readdirSync(join(libDir, folder)).filter((name) => name.endsWith('.so'));
    } catch {
      return [];
    }
  };
  return {
    plugins: names('plugins'),
    transports: names('transports'),
    loggers: names('loggers'),
    events: names('events'),
  };
};

const freeLoopbackPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

// PR_SET_PDEATHSIG through util-linux's setpriv: Janus dies with us even when we are SIGKILLed and our
// 'exit' handler never runs (a test runner's timeout, the OOM killer).
const command = (binary: string, dir: string): [string, string[]] => {
  const janusArgs = ['-F', dir];
  const setpriv = onPath('setpriv');
  return setpriv ? [setpriv, ['--pdeathsig', 'KILL', '--', binary, ...janusArgs]] : [binary, janusArgs];
};

/** Writes a fresh config into a temp folder, starts Janus on it and waits until its API answers. */
export async function startJanus(options: StartJanusOptions): Promise<JanusProcess> {
  const binary = options.binary ?? findJanusBinary();
  if (!binary) throw new Error("janus not found: install Debian's janus package (apt-get install -y janus)");
  const libDir = options.libDir ?? findJanusLibDir() ?? undefined;
  const wsPort = options.wsPort ?? (await freeLoopbackPort());
  const configDir = await mkdtemp(join(tmpdir(), 'belfry-janus-'));
  // A unique name tells our Janus from another one that may already hold the port (ours then exits).
  const serverName = `belfry-media-${basename(configDir)}`;
  const installed = libDir ? listModules(libDir) : undefined;
  const config: JanusConfigOptions = { ...options, configDir, wsPort, libDir, installed, serverName };
  try {
    await writeJanusConfig(configDir, config);
  } catch (error) {
    await rm(configDir, { recursive: true, force: true });
    throw error;
  }

  const [file, args] = command(binary, configDir);
  const child = spawn(file, args, { cwd: configDir, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const record = (line: string) => {
    lines.push(line);
    if (lines.length > KEEP_LINES) lines.shift();
    options.log?.(line);
  };
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', record);

  // Only synchronous work runs in 'exit': no grace period, and the secret-holding folder goes too.
  const killOnExit = () => {
    child.kill('SIGKILL');
    rmSync(configDir, { recursive: true, force: true });
  };
  process.on('exit', killOnExit);
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      record(`spawn failed: ${error.message}`);
      resolve(null);
    });
    child.once('exit', (code) => resolve(code));
  }).finally(() => process.off('exit', killOnExit));

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = STOP_GRACE_MS) =>
    (stopping ??= terminate(child, exited, graceMs).finally(() => rm(configDir, { recursive: true, force: true })));
  const url = `ws://127.0.0.1:${wsPort}`;
  try {
    await waitReady(url, serverName, options, exited, () => lines);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    pid: child.pid ?? -1,
    url,
    apiSecret: options.apiSecret,
    configDir,
    recentOutput: () => [...lines],
    exited,
    stop,
  };
}

async function terminate(child: ChildProcess, exited: Promise<number | null>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill('SIGTERM');
  const timer = sleep(graceMs, 'timeout' as const);
  if ((await Promise.race([exited, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

async function waitReady(
  url: string,
  serverName: string,
  options: StartJanusOptions,
  exited: Promise<number | null>,
  output: () => string[],
): Promise<void> {
  const timeoutMs = options.readyTimeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  let lastError = 'no answer yet';
  const fail = (why: string) =>
    new Error(`${why} (last error: ${lastError}); Janus's last output:\n${output().slice(-20).join('\n')}`);
  while (Date.now() < deadline) {
    if (gone !== undefined) throw fail(`Janus exited (code ${gone}) before its API answered on ${url}`);
    let info: Record<string, unknown> | undefined;
    try {
      info = await serverInfo(url, options.apiSecret);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (info && info['server-name'] !== serverName) {
      lastError = `another server (${String(info['server-name'])}) answers on ${url}`;
    } else if (info) {
      const plugins = info.plugins;
      if (typeof plugins !== 'object' || plugins === null || !(VIDEOROOM in plugins)) {
        throw fail(`Janus on ${url} runs without the VideoRoom plugin`);
      }
      return;
    }
    await sleep(100);
  }
  throw fail(`Janus did not answer on ${url} within ${timeoutMs} ms`);
}

/** Janus's `info`, which needs no session; throws while Janus is not listening yet. */
async function serverInfo(url: string, apiSecret: string): Promise<Record<string, unknown>> {
  const client = await connectJanus(url, { apiSecret, connectTimeoutMs: 1_000, requestTimeoutMs: 2_000 });
  try {
    return await client.info();
  } finally {
    await client.close();
  }
}
