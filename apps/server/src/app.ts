import { scriptJsonSchema } from '@belfry/content';
import fs from 'node:fs';
import path from 'node:path';
import { createAdapter } from '@socket.io/redis-adapter';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { Accounts } from './auth/accounts';
import { Captcha } from './auth/captcha';
import { PhoneVerification } from './auth/phone';
import { RateLimiter } from './auth/rate-limit';
import { loadSigningKey, loadSecret } from './auth/secrets';
import type { ServerConfig } from './config';
import { type Db, openDatabase } from './db/database';
import { registerAuthRoutes } from './http/auth-routes';
import { makeAuthenticate } from './http/authenticate';
import { HttpError } from './http/errors';
import { registerSessionRoutes } from './http/session-routes';
import { registerUserRoutes } from './http/user-routes';
import { Mailer } from './mail/mailer';
import { ChatServers } from './media/chatServers';
import { OutboxSms, type SmsProvider } from './mail/sms';
import { SessionHub } from './sessions/hub';
import { attachSessionSockets } from './sessions/socket';
import { SessionStore } from './sessions/store';
import { Users } from './users/users';

export interface BelfryServer {
  app: FastifyInstance;
  io: Server;
  db: Db;
  hub: SessionHub;
  mailer: Mailer;
  config: ServerConfig;
  /** Removes sessions idle for longer than the configured time (also runs every 10 minutes). */
  sweepIdle(): Promise<void>;
  /** The port actually bound (useful with port 0). */
  port: number;
  close(): Promise<void>;
}

const CHANGED = 'belfry:session-changed';

/** Builds and starts one Belfry node: HTTP API, static SPA, Socket.IO, database. */
export const startServer = async (
  config: ServerConfig,
  opts: { sms?: SmsProvider; logStream?: NodeJS.WritableStream } = {},
): Promise<BelfryServer> => {
  const app = Fastify({
    logger: { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: 128 * 1024,
    trustProxy: config.trustProxy,
  });
  const db = await openDatabase(config);
  const key = await loadSigningKey(db.kysely);
  const mailer = new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, app.log);
  const accounts = new Accounts(
    db.kysely,
    key,
    { access: config.accessTtlSeconds, refresh: config.refreshTtlSeconds },
    mailer,
    config.publicUrl,
  );
  const users = new Users(db.kysely);
  const store = new SessionStore(db.kysely);
  const captcha = new Captcha(db.kysely, await loadSecret(db.kysely, 'captcha'), config.captchaMaxCounter);
  const phone = new PhoneVerification(
    db.kysely,
    opts.sms ?? new OutboxSms(config.dataDir, app.log),
    config.smsDailyBudget,
  );
  const limiter = new RateLimiter(db.kysely);
  const auth = makeAuthenticate(accounts, key);
  const chatServers = new ChatServers(config.chatServers, config.mediaSecret, app.log);

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      return reply.code(error.status).send(error.body());
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : 'bad_request';
      return reply.code(status).send({ error: { code, message: (error as Error).message } });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on the server.' } });
  });

  registerAuthRoutes(app, { accounts, users, captcha, phone, limiter, limits: config.limits, auth });
  registerUserRoutes(app, { users, auth });
  registerSessionRoutes(app, { store, auth, chatServers, supportEmail: config.supportEmail });
  // Spec 3 §5: script authors validate against the schema Belfry itself loads scripts with.
  const scriptSchemaJson = JSON.stringify(scriptJsonSchema(), null, 2);
  app.get('/script-schema.json', (_req, reply) => reply.type('application/schema+json').send(scriptSchemaJson));

  const indexHtml = config.webDist ? path.join(config.webDist, 'index.html') : undefined;
  const hasWeb = !!indexHtml && fs.existsSync(indexHtml);
  if (hasWeb && config.webDist) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: config.webDist, wildcard: true });
  } else {
    app.log.warn('web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing file (a stale chunk name) is a 404, never the app's HTML.
    const isFile = /\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (req.url.startsWith('/backend/') || !hasWeb || req.method !== 'GET' || isFile) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    }
    // Client-side routes (/play, /join/abc, ...) all load the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const io = new Server(app.server, {
    path: '/backend/socket/',
    serveClient: false,
    maxHttpBufferSize: 1_000_000,
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });

  let redis: Redis[] = [];
  if (config.redisUrl) {
    const pub = new Redis(config.redisUrl);
    const sub = pub.duplicate();
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
  }
  let closing = false;
  const hub = new SessionHub(store, app.log, (sessionId, version) => {
    if (config.redisUrl && !closing) io.serverSideEmit(CHANGED, sessionId, version);
  });
  io.on(CHANGED, (sessionId: string, version: number) => void hub.changedElsewhere(sessionId, version));
  attachSessionSockets(io, { hub, accounts, key, chatServers, log: app.log });

  // Connected users ping every 60 s, which writes the session; so an idle session is an empty one.
  const sweepIdle = async () => {
    const removed = await store.removeIdle(Date.now() - config.sessionIdleMinutes * 60_000, hub.liveIds());
    if (removed.length > 0) app.log.info({ removed }, 'removed idle sessions');
  };
  const sweeper = setInterval(
    () => void sweepIdle().catch((err: unknown) => app.log.error({ err }, 'sweep failed')),
    10 * 60_000,
  );
  sweeper.unref();
  await sweepIdle();

  return {
    app,
    io,
    db,
    hub,
    mailer,
    config,
    port,
    sweepIdle,
    async close() {
      closing = true;
      clearInterval(sweeper);
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await app.close();
      // Let the presence changes of the closed sockets reach the database before it closes.
      await hub.idle();
      hub.shutdown();
      await mailer.idle();
      mailer.close();
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
      await db.close();
    },
  };
};
