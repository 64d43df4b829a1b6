import { scriptJsonSchema } from '@belfry/content';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { securityHeaders } from './http/security-headers';
import { registerModeratorRoutes } from './http/moderator-routes';
import { registerSessionRoutes } from './http/session-routes';
import { registerCompression, registerWebApp } from './http/static';
import { registerUserRoutes } from './http/user-routes';
import { Mailer } from './mail/mailer';
import { ChatServers } from './media/chatServers';
import { forwardMediaUpgrades } from './media/mediaForward';
import { MediaLink } from './media/mediaLink';
import { OutboxSms, type SmsProvider } from './mail/sms';
import type { UsersTable } from './db/schema';
import { AccountEvents } from './sessions/accountEvents';
import { openCluster } from './sessions/cluster';
import type { SessionHub } from './sessions/hub';
import { attachSessionSockets } from './sessions/socket';
import { SessionStore } from './sessions/store';
import { setUpRecords } from './records';
import { setUpTournament } from './tournament';
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
  const isBanned = async (user: UsersTable) => (await users.activeBan(user)) !== null;
  const auth = makeAuthenticate(accounts, key, isBanned);
  const chatServers = new ChatServers(config.chatServers, config.mediaSecret, app.log);
  const mediaLink = new MediaLink(chatServers, config.mediaSecret, app.log);

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

  // Before any route, so the headers go with every answer: the app's HTML and files, the API, errors.
  await app.register(fastifyHelmet, securityHeaders(config));
  // Before any route too: its hook compresses the answers of the routes registered after it.
  await registerCompression(app);
  registerAuthRoutes(app, { accounts, users, captcha, phone, limiter, limits: config.limits, auth });
  // Bans and announcements reach live sockets; the socket server is attached once it exists.
  const accountEvents = new AccountEvents();
  registerUserRoutes(app, { users, auth, limiter, db: db.kysely });
  registerModeratorRoutes(app, { db: db.kysely, auth, limiter, accountEvents, store });
  const records = await setUpRecords(app, { db: db.kysely, auth, limiter });
  await setUpTournament(app, {
    db: db.kysely,
    auth,
    limiter,
    limits: config.limits,
    assetsUrl: config.tournamentAssetsUrl,
  });
  registerSessionRoutes(app, {
    store,
    auth,
    chatServers,
    mediaLink,
    limiter,
    limits: config.limits,
    supportEmail: config.supportEmail,
  });
  // For a load balancer's health check: 503 once this node is going down, so new connections go elsewhere.
  let stopping = false;
  app.get('/backend/health', (_req, reply) =>
    stopping ? reply.code(503).send({ ok: false }) : reply.send({ ok: true }),
  );
  // Spec 3 §5: script authors validate against the schema Belfry itself loads scripts with.
  const scriptSchemaJson = JSON.stringify(scriptJsonSchema(), null, 2);
  app.get('/script-schema.json', (_req, reply) => reply.type('application/schema+json').send(scriptSchemaJson));

  await registerWebApp(app, config.webDist);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const forwards = config.chatServers
    .filter((server) => server.viaBelfry)
    .map((server) => forwardMediaUpgrades(app.server, server, app.log, config.trustProxy));
  const io = new Server(app.server, {
    path: '/backend/socket/',
    serveClient: false,
    maxHttpBufferSize: 1_000_000,
    // Pings are most of an idle node's work (bench/, 8,000 sockets). Every 60 s, the spec's ping period:
    // the web app sends its own minute ping when this one arrives (session/sessionConnection.ts), so its
    // frame reaches the server together with the heartbeat's answer, in one read. Measured alternately
    // on one machine: 8.5 % of a core with the heartbeat every 50 s and the clients' pings on their own
    // timers, 4.9-5.3 % like this. A socket that vanished without closing (a sleeping laptop, a lost
    // network) shows offline after at most 60 + 10 s; one that closes shows offline at once, and HAProxy
    // ends the tunnels of a node it marks down. A long poll is held up to 60 s: proxies in front need
    // a longer idle timeout (deploy/haproxy.cfg: 75 s).
    pingInterval: config.socketPingIntervalMs,
    pingTimeout: 10_000,
  });

  accountEvents.attach(io);
  // Installs that share one Redis keep apart by a namespace each, made once in their own database
  // (REDIS_NAMESPACE overrides it: a copy of a live database would share the live namespace).
  const sharedRedis = config.redisUrl
    ? {
        url: config.redisUrl,
        namespace: config.redisNamespace ?? (await loadSecret(db.kysely, 'redis-namespace')).slice(0, 16),
      }
    : undefined;
  const cluster = await openCluster(io, store, sharedRedis, app.log, mediaLink);
  const { hub } = cluster;
  hub.afterStore = (state) => records.afterCommit(state);
  const sockets = attachSessionSockets(io, {
    hub,
    accounts,
    key,
    chatServers,
    limiter,
    limits: config.limits,
    socketRateFactor: config.socketRateFactor,
    log: app.log,
    isBanned,
  });

  // Sessions someone is connected to, here or on another node, are kept however quiet they are.
  const sweepIdle = async () => {
    const inUse = new Set([...hub.liveIds(), ...(await cluster.registry.inUseElsewhere())]);
    const removed = await store.removeIdle(Date.now() - config.sessionIdleMinutes * 60_000, inUse);
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
      stopping = true;
      cluster.quiet();
      clearInterval(sweeper);
      sockets.stop();
      for (const forward of forwards) forward.close();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await app.close();
      // Let the presence changes of the closed sockets reach the database before it closes.
      await hub.idle();
      await hub.snapshotAll();
      hub.shutdown();
      await mailer.idle();
      mailer.close();
      await cluster.close();
      await db.close();
    },
  };
};
