import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { waitUntilAnswering } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const hasHaproxy = (): boolean => {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Debian's HAProxy with the repository's sample configuration (deploy/haproxy.cfg) in front of the nodes. */
export class HaproxyProcess {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly port: number,
    private readonly nodes: { a: number; b: number },
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // -db: in the foreground, so the test owns the process.
    this.child = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
      cwd: root,
      env: {
        ...process.env,
        BELFRY_LISTEN: `127.0.0.1:${this.port}`,
        BELFRY_NODE_A: `127.0.0.1:${this.nodes.a}`,
        BELFRY_NODE_B: `127.0.0.1:${this.nodes.b}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    await waitUntilAnswering('haproxy', this.child, `${this.url}/backend/health`, {}, () => this.output);
  }

  logs(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A PostgreSQL database of its own on the server `DATABASE_URL` names, dropped at the end. */
export const freshPostgres = async (baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `belfry_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};

/** Rows of one query on `url`. */
export const query = async <T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
};
