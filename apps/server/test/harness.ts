import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionView } from '@belfry/engine';
import { type Ack, patchView, type AuthTokens, type ViewPatch } from '@belfry/protocol';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startServer, type BelfryServer } from '../src/app';
import type { ServerConfig } from '../src/config';

export const DATABASE_URL = process.env.DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL;

/** Both dialects run the same suites; PostgreSQL only where DATABASE_URL is set (CI sets it). */
export const DIALECTS = (['sqlite', 'postgres'] as const).filter((d) => d === 'sqlite' || !!DATABASE_URL);
if (!DATABASE_URL) console.warn('PostgreSQL suites skipped: DATABASE_URL is not set.');

export type Dialect = (typeof DIALECTS)[number];

/** A fresh, empty database for one test file: a temp SQLite folder, or a new PostgreSQL database. */
export const freshDatabase = async (dialect: Dialect) => {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-test-'));
    return { dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `belfry_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-test-')),
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

export const testConfig = (
  db: { dataDir: string; databaseUrl: string | undefined },
  extra: Partial<ServerConfig> = {},
): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: db.dataDir,
  databaseUrl: db.databaseUrl,
  redisUrl: undefined,
  webDist: undefined,
  logLevel: 'silent',
  trustProxy: false,
  accessTtlSeconds: 900,
  refreshTtlSeconds: 3600,
  ...extra,
});

export const startTestServer = (config: ServerConfig): Promise<BelfryServer> => startServer(config);

export const api = async <T = unknown>(
  server: { port: number },
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) => {
  const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};

let counter = 0;
export const register = async (server: { port: number }, username = `user${++counter}`) => {
  const res = await api<AuthTokens>(server, 'POST', '/backend/auth/register', {
    email: `${username}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'secret-password',
    username,
  });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return res.body;
};

/** A socket client that keeps its view current from `session` and `patch` events, like the web app. */
export class TestClient {
  socket: Socket;
  view: SessionView | null = null;
  patches = 0;
  private waiters: (() => void)[] = [];

  constructor(port: number, sessionId: string, token: string) {
    this.socket = io(`http://127.0.0.1:${port}`, {
      path: '/backend/socket/',
      query: { session: sessionId },
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    this.socket.on('session', (full: SessionView) => {
      this.view = full;
      this.notify();
    });
    this.socket.on('patch', (patch: ViewPatch) => {
      this.patches++;
      if (this.view && patch.from === this.view.version) {
        const next = patchView(this.view, patch);
        if (next) this.view = next;
        else this.socket.emit('getGamestate', {}, () => undefined);
      } else {
        this.socket.emit('getGamestate', {}, () => undefined);
      }
      this.notify();
    });
  }

  private notify() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves once the view satisfies `check`, or rejects after `ms`. */
  until(check: (view: SessionView) => boolean, ms = 5000): Promise<SessionView> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for the view')), ms);
      const test = () => {
        if (this.view && check(this.view)) {
          clearTimeout(timer);
          resolve(this.view);
        } else this.waiters.push(test);
      };
      test();
    });
  }

  request<T extends object = object>(event: string, payload: unknown): Promise<Ack<T>> {
    return this.socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack<T>>;
  }

  close() {
    this.socket.disconnect();
  }
}
