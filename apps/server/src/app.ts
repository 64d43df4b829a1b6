import fs from 'node:fs';
import path from 'node:path';
import { createAdapter } from '@socket.io/redis-adapter';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { Accounts } from './auth/accounts';
import { loadSigningKey } from './auth/secrets';
import type { ServerConfig } from './config';
import { type Db, openDatabase } from './db/database';
import { HttpError } from './http/errors';
import { registerRoutes } from './http/routes';
import { SessionHub } from './sessions/hub';
import { attachSessionSockets } from './sessions/socket';
import { SessionStore } from './sessions/store';

export interface BelfryServer {
  app: FastifyInstance;
  io: Server;
  db: Db;
  hub: SessionHub;
  /** The port actually bound (useful with port 0). */
  port: number;
  close(): Promise<void>;
}

const CHANGED = 'belfry:session-changed';

/** Builds and starts one Belfry node: HTTP API, static SPA, Socket.IO, database. */
export const startServer = async (config: ServerConfig): Promise<BelfryServer> => {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 128 * 1024,
    trustProxy: config.trustProxy,
  });
  const db = await openDatabase(config);
  const key = await loadSigningKey(db.kysely);
  const accounts = new Accounts(db.kysely, key, { access: config.accessTtlSeconds, refresh: config.refreshTtlSeconds });
  const store = new SessionStore(db.kysely);

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send({ error: { code: error.code, message: error.message } });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : 'bad_request';
      return reply.code(status).send({ error: { code, message: (error as Error).message } });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on the server.' } });
  });

  registerRoutes(app, { accounts, store, key });

  const indexHtml = config.webDist ? path.join(config.webDist, 'index.html') : undefined;
  const hasWeb = !!indexHtml && fs.existsSync(indexHtml);
  if (hasWeb && config.webDist) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
  } else {
    app.log.warn('web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/backend/') || !hasWeb || req.method !== 'GET') {
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
  attachSessionSockets(io, { hub, accounts, store, key, log: app.log });

  return {
    app,
    io,
    db,
    hub,
    port,
    async close() {
      closing = true;
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await app.close();
      // Let the presence changes of the closed sockets reach the database before it closes.
      await hub.idle();
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
      await db.close();
    },
  };
};
