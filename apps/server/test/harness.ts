import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionState, SessionView } from '@belfry/engine';
import { type Ack, patchView, type AuthTokens, type ViewPatch } from '@belfry/protocol';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { SMTPServer } from 'smtp-server';
import { startServer, type BelfryServer } from '../src/app';
import { configFromEnv, DEFAULT_LIMITS, type RateLimits, type ServerConfig } from '../src/config';
import { SessionStore } from '../src/sessions/store';

/** The code as our mails state it ("code is 123456", "code: 123456"), never a number in an address. */
const CODE = /\bcode(?: is|:) (\d{6})\b/;

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

/** Limits high enough for a test file's many registrations; the rate-limit tests set their own. */
export const TEST_LIMITS: RateLimits = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS).map((name) => [name, { max: 10_000, windowSeconds: 60 }]),
) as unknown as RateLimits;

export const testConfig = (
  db: { dataDir: string; databaseUrl: string | undefined },
  extra: Partial<ServerConfig> = {},
): ServerConfig => ({
  ...configFromEnv({}),
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
  captchaMaxCounter: 2000,
  limits: TEST_LIMITS,
  ...extra,
});

export interface ReceivedMail {
  to: string;
  subject: string;
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives (issue 3: tests read codes from it). */
export class Inbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer;
  private waiters: (() => void)[] = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          for (const to of session.envelope.rcptTo) this.mails.push({ to: to.address, subject, raw });
          for (const w of this.waiters.splice(0)) w();
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The newest mail to `to` that satisfies `match`, waiting up to 5 s for it. */
  waitFor(to: string, match: (mail: ReceivedMail) => boolean = () => true, ms = 5000): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${ms} ms`)), ms);
      const look = () => {
        const found = [...this.mails].reverse().find((m) => m.to === to.toLowerCase() && match(m));
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else this.waiters.push(look);
      };
      look();
    });
  }

  /** The six-digit code in the newest mail to `to`. */
  async code(to: string, after = 0): Promise<string> {
    const mail = await this.waitFor(to, (m) => this.mails.indexOf(m) >= after && CODE.test(m.raw));
    return CODE.exec(mail.raw)![1]!;
  }
}

/** Solves the server's ALTCHA challenge as the browser widget would, returning the form payload. */
export const solveCaptcha = async (server: { port: number }): Promise<string> => {
  const res = await fetch(`http://127.0.0.1:${server.port}/backend/captcha`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

export const startTestServer = (
  config: ServerConfig,
  opts?: Parameters<typeof startServer>[1],
): Promise<BelfryServer> => startServer(config, opts);

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

/**
 * Registers through the real flow: captcha, register, the mailed code (from the outbox file when no
 * Inbox is given), pending verification → tokens.
 */
export const register = async (server: BelfryServer, username = `user${++counter}`, inbox?: Inbox) => {
  const email = `${username}-${Math.random().toString(36).slice(2, 8)}@example.test`.toLowerCase();
  const res = await api(server, 'POST', '/backend/auth/register', {
    email,
    password: 'secret-password',
    username,
    acceptsTerms: true,
    acceptsMarketing: false,
    captcha: await solveCaptcha(server),
  });
  if (res.status !== 202) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  const code = inbox ? await inbox.code(email) : await outboxCode(server, email);
  const verified = await api<{ tokens: AuthTokens }>(server, 'POST', '/backend/verify', { type: 'email', email, code });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return verified.body.tokens;
};

/** Reads the newest code mailed to `email` from the dev outbox (servers without SMTP_URL). */
export const outboxCode = async (server: BelfryServer, email: string): Promise<string> => {
  const dir = path.join(server.config.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    await server.mailer.idle();
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      if (text.includes(`To: ${email}`)) {
        const code = CODE.exec(text)?.[1];
        if (code) return code;
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code for ${email} in the outbox`);
};

/** A socket client that keeps its view current from `session` and `patch` events, like the web app. */
export class TestClient {
  socket: Socket;
  view: SessionView | null = null;
  patches = 0;
  /** Full views received: the one on joining, then one per resync (a patch that did not fit). */
  fullViews = 0;
  private waiters: (() => void)[] = [];

  constructor(port: number, sessionId: string, token: string) {
    this.socket = io(`http://127.0.0.1:${port}`, {
      path: '/backend/socket/',
      query: { session: sessionId },
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    this.socket.on('serverPing', (_sentAt: number, ack: (now: number) => void) => ack(Date.now()));
    this.socket.on('session', (full: SessionView) => {
      this.fullViews++;
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

  /** A request with its id, as the web client sends every queued one (API.md "Request ids"). */
  requestWithId<T extends object = object>(event: string, payload: unknown, rid: string): Promise<Ack<T>> {
    return this.socket.timeout(5000).emitWithAck(event, payload, { rid }) as Promise<Ack<T>>;
  }

  close() {
    this.socket.disconnect();
  }
}

/**
 * Changes a stored session behind the running server's back, as another node would, and tells the
 * hub (for states no intent makes, e.g. a boost about to end): the change becomes a new snapshot.
 */
export const rewriteState = async (
  server: BelfryServer,
  id: string,
  change: (state: SessionState) => SessionState,
): Promise<void> => {
  const store = new SessionStore(server.db.kysely);
  const current = await store.load(id);
  if (!current) throw new Error(`no session ${id}`);
  const next = { ...change(current), version: current.version + 1 };
  await store.snapshot(next);
  await server.hub.changedElsewhere(id, next.version);
};

/** The session as stored: its snapshot and the events since. */
export const storedState = async (server: BelfryServer, id: string): Promise<SessionState | undefined> =>
  new SessionStore(server.db.kysely).load(id);

/** Opens a socket to a session and closes it again: 'connected', or the handshake's refusal code. */
export const tryConnect = (server: { port: number }, sessionId: string, token: string) =>
  new Promise<string>((resolve) => {
    const s = io(`http://127.0.0.1:${server.port}`, {
      path: '/backend/socket/',
      query: { session: sessionId },
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    s.on('connect_error', (err) => {
      s.close();
      resolve(err.message);
    });
    s.on('connect', () => {
      s.close();
      resolve('connected');
    });
  });
