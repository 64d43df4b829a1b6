import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where the SQLite file and the dev outbox live. */
  dataDir: string;
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | undefined;
  /** Several nodes share Socket.IO broadcasts through Redis when set. */
  redisUrl: string | undefined;
  /** The built single-page app to serve; absent in API-only tests. */
  webDist: string | undefined;
  logLevel: string;
  /** Trust X-Forwarded-For from a reverse proxy (only behind one: otherwise clients could fake their address). */
  trustProxy: boolean;
  /** Access token lifetime. */
  accessTtlSeconds: number;
  /** Refresh token lifetime. */
  refreshTtlSeconds: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.DATA_DIR ?? 'data'),
  databaseUrl: env.DATABASE_URL || undefined,
  redisUrl: env.REDIS_URL || undefined,
  webDist: env.WEB_DIST ?? DEFAULT_WEB_DIST,
  logLevel: env.LOG_LEVEL ?? 'info',
  trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
  accessTtlSeconds: Number(env.ACCESS_TTL_SECONDS ?? 15 * 60),
  refreshTtlSeconds: Number(env.REFRESH_TTL_SECONDS ?? 30 * 24 * 3600),
});

/** Shown in the version bar and answered by /backend/version. */
export const APP_VERSION = '0.1.0';
