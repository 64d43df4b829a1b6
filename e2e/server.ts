import { type ChildProcess, spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A real Belfry server process on a fixed port and data folder, which a test may kill -9 and restart. */
export class ServerProcess {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-e2e-'));
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // The production build (`npm run build`), as `npm start` runs it; node itself is the server, so a
    // SIGKILL hits the server and nothing else.
    this.child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        // The browser tests use the embedded database, whatever the environment says.
        DATABASE_URL: '',
        REDIS_URL: '',
        // Every browser and API user of a test run comes from 127.0.0.1.
        RATE_LIMIT_FACTOR: '100',
        // A test names its chat servers; none beside it (a local one's Janus would offer the LAN address).
        LOCAL_CHAT_SERVER: 'off',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    await waitUntilAnswering('server', this.child, `${this.url}/backend/version`, {}, () => this.output);
  }

  /** SIGSTOP: the process holds its connections open but answers nothing (a hung node). */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  /** kill -9: no shutdown handler runs, nothing is flushed by the server. */
  async kill(): Promise<void> {
    await killHard(this.child);
    this.child = null;
  }

  async stop(): Promise<void> {
    await this.kill();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /**
   * Changes the server's SQLite database directly, as an administrator would (there is no staff
   * console yet): e.g. granting a level. WAL mode lets this run beside the server.
   */
  sql(statement: string, ...params: unknown[]): void {
    const db = new Database(path.join(this.dataDir, 'belfry.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare(statement).run(...params);
    } finally {
      db.close();
    }
  }

  /** Gives an account a subscription level (creating games needs one). */
  grantLevel(email: string, level = 'patreon-townsfolk'): void {
    this.sql('UPDATE users SET level = ? WHERE email = ?', level, email.toLowerCase());
  }

  logs(): string {
    return this.output;
  }
}

/** A real chat server process (apps/media) on a fixed port, sharing MEDIA_SECRET with the Belfry server. */
export class MediaProcess {
  private child: ChildProcess | null = null;
  private output = '';

  /** `env`: voice is off unless the caller says where Janus may gather (a test namespace's address). */
  constructor(
    readonly port: number,
    readonly secret: string,
    private readonly env: Record<string, string> = { MEDIA_JANUS: 'off' },
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What sessions store as their chatServer. */
  get host() {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/media/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...this.env,
        MEDIA_PORT: String(this.port),
        MEDIA_HOST: '127.0.0.1',
        MEDIA_SECRET: this.secret,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    const headers = { authorization: `Bearer ${this.secret}` };
    await waitUntilAnswering('chat server', this.child, `${this.url}/health`, headers, () => this.output);
  }

  async stop(): Promise<void> {
    await killHard(this.child);
    this.child = null;
  }
}

/** Polls `url` until it answers 200, for 30 s at most; the child's output explains a failure. */
export const waitUntilAnswering = async (
  what: string,
  child: ChildProcess,
  url: string,
  headers: Record<string, string>,
  output: () => string,
): Promise<void> => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${output()}`);
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start within 30 s:\n${output()}`);
};

/** kill -9: no shutdown handler runs, nothing is flushed. */
const killHard = async (child: ChildProcess | null): Promise<void> => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};
