import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** An abuse limit: at most `max` requests per `windowSeconds` for one key (an address, an account). */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  loginPerIp: Limit;
  loginPerAccount: Limit;
  registerPerIp: Limit;
  registerPerAccount: Limit;
  recoverPerIp: Limit;
  recoverPerAccount: Limit;
  verifyPerIp: Limit;
  verifyPerAccount: Limit;
  phoneSendPerIp: Limit;
  phoneSendPerAccount: Limit;
  /** Login, register and recover posts whose captcha is wrong, counted apart from every account's counters. */
  captchaFailPerIp: Limit;
  /** Socket handshakes naming a session that does not exist, so private session codes cannot be guessed. */
  unknownSessionPerIp: Limit;
  /** Media tickets (issue 17): a browser asks for one on every voice (re)connect, at most every 30 s once it retries. */
  mediaTicketPerAccount: Limit;
  /** Tournament votes (issue 21), `POST /backend/vote`. */
  votePerAccount: Limit;
  votePerIp: Limit;
  /** Tournament imports by staff. */
  tournamentImportPerAccount: Limit;
  /** Reading the tournament (public pages poll it), per address. */
  tournamentReadPerIp: Limit;
}

export const DEFAULT_LIMITS: RateLimits = {
  loginPerIp: { max: 30, windowSeconds: 600 },
  loginPerAccount: { max: 10, windowSeconds: 600 },
  registerPerIp: { max: 10, windowSeconds: 3600 },
  registerPerAccount: { max: 5, windowSeconds: 3600 },
  recoverPerIp: { max: 10, windowSeconds: 3600 },
  recoverPerAccount: { max: 5, windowSeconds: 3600 },
  verifyPerIp: { max: 60, windowSeconds: 600 },
  verifyPerAccount: { max: 30, windowSeconds: 600 },
  phoneSendPerIp: { max: 20, windowSeconds: 86_400 },
  phoneSendPerAccount: { max: 10, windowSeconds: 86_400 },
  captchaFailPerIp: { max: 30, windowSeconds: 600 },
  unknownSessionPerIp: { max: 20, windowSeconds: 600 },
  mediaTicketPerAccount: { max: 30, windowSeconds: 600 },
  votePerAccount: { max: 60, windowSeconds: 600 },
  votePerIp: { max: 300, windowSeconds: 600 },
  tournamentImportPerAccount: { max: 20, windowSeconds: 600 },
  tournamentReadPerIp: { max: 600, windowSeconds: 600 },
};

/** Multiplies every limit's allowance (RATE_LIMIT_FACTOR): for large events, or test rigs on one address. */
export const scaleLimits = (limits: RateLimits, factor: number): RateLimits =>
  Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [
      name,
      { ...limit, max: Math.max(1, Math.round(limit.max * factor)) },
    ]),
  ) as unknown as RateLimits;

export interface ServerConfig {
  port: number;
  host: string;
  /** Where the SQLite file and the dev outbox live. */
  dataDir: string;
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | undefined;
  /** Several nodes share Socket.IO broadcasts through Redis when set. */
  redisUrl: string | undefined;
  /** The install's keys in that Redis; unset, a value made once in the database. */
  redisNamespace: string | undefined;
  /** The built single-page app to serve; absent in API-only tests. */
  webDist: string | undefined;
  logLevel: string;
  /** Trust X-Forwarded-For from a reverse proxy (only behind one: otherwise clients could fake their address). */
  trustProxy: boolean;
  /** Access token lifetime. */
  accessTtlSeconds: number;
  /** Refresh token lifetime. */
  refreshTtlSeconds: number;
  /** smtp://user:pass@host:port; without it mails go to DATA_DIR/outbox and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Shown on the Banned page. */
  supportEmail: string | undefined;
  /** The release host of tournament assets named by file name (spec 3 §3); an http(s) address or unset. */
  tournamentAssetsUrl: string | undefined;
  /** Public address of the app, used in mails. */
  publicUrl: string;
  /** Proof-of-work size of a captcha: the solver tries up to this many keys (about 0.1 s per 50 000 in a browser). */
  captchaMaxCounter: number;
  /** Phone codes the install sends per day at most; beyond it verification answers 402. */
  smsDailyBudget: number;
  limits: RateLimits;
  /**
   * Multiplies the socket message rates of every user (sessions/buckets.ts), their handshakes and the
   * sockets an account may hold on a node (sessions/socketCaps.ts); 1 in production. A test that fills
   * every cap of a session quickly raises it, and the bench's users act in hundreds of sessions each.
   */
  socketRateFactor: number;
  /**
   * How often Socket.IO pings each socket (its heartbeat), and so how often the server learns each
   * socket's round trip (sessions/socket.ts); 60 s unless SOCKET_PING_SECONDS says otherwise (app.ts
   * says why), shorter in a test that watches it.
   */
  socketPingIntervalMs: number;
  /** An empty session is removed after this long without anyone in it. */
  sessionIdleMinutes: number;
  /** The chat servers (apps/media) sessions may use: CHAT_SERVERS="Europe=https://eu.example.org,Local=http://127.0.0.1:8090". */
  chatServers: ChatServerConfig[];
  /** Shared with every chat server: the bearer of its /health. */
  mediaSecret: string | undefined;
}

export interface ChatServerConfig {
  name: string;
  /** Where the chat server answers, e.g. https://eu.example.org; its host is the session's chatServer. */
  url: string;
  /**
   * Browsers reach it through Belfry's own address (media/mediaForward.ts), not at `url`: the chat
   * server `npm start` runs on this machine, listening on loopback only.
   */
  viaBelfry?: boolean;
}

/** "Name=url,Name=url" (a bare url is named after its host); a malformed entry stops the start with a clear error. */
export const parseChatServers = (raw: string | undefined): ChatServerConfig[] => {
  const servers = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      const url = (at > 0 ? entry.slice(at + 1) : entry).trim();
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new Error(`CHAT_SERVERS: "${entry}" has no valid URL (expected Name=https://host:port).`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new Error(`CHAT_SERVERS: "${entry}" must use http or https.`);
      }
      return { name: at > 0 ? entry.slice(0, at).trim() : parsed.host, url: parsed.origin };
    });
  const hosts = servers.map((s) => new URL(s.url).host);
  const twice = hosts.find((host, i) => hosts.indexOf(host) !== i);
  if (twice) throw new Error(`CHAT_SERVERS: ${twice} is listed twice.`);
  return servers;
};

const here = path.dirname(fileURLToPath(import.meta.url));

export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** SOCKET_PING_SECONDS: a whole number of seconds from 1 to an hour; 60 when unset. */
export const parsePingSeconds = (value: string | undefined): number => {
  if (value === undefined || value === '') return 60;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(`SOCKET_PING_SECONDS must be a whole number of seconds from 1 to 3600, not "${value}".`);
  }
  return seconds;
};

/** REDIS_NAMESPACE: letters, digits, _ and -, up to 64 (Redis channel patterns must not see a wildcard). */
export const parseRedisNamespace = (value: string | undefined): string | undefined => {
  if (value === undefined || value === '') return undefined;
  if (!/^[\w-]{1,64}$/.test(value)) {
    throw new Error(`REDIS_NAMESPACE may hold letters, digits, _ and - (up to 64), not "${value}".`);
  }
  return value;
};

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.DATA_DIR ?? 'data'),
  databaseUrl: env.DATABASE_URL || undefined,
  redisUrl: env.REDIS_URL || undefined,
  redisNamespace: parseRedisNamespace(env.REDIS_NAMESPACE),
  webDist: env.WEB_DIST ?? DEFAULT_WEB_DIST,
  logLevel: env.LOG_LEVEL ?? 'info',
  trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
  accessTtlSeconds: Number(env.ACCESS_TTL_SECONDS ?? 15 * 60),
  refreshTtlSeconds: Number(env.REFRESH_TTL_SECONDS ?? 30 * 24 * 3600),
  smtpUrl: env.SMTP_URL || undefined,
  mailFrom: env.MAIL_FROM ?? 'Belfry <no-reply@belfry.invalid>',
  supportEmail: env.SUPPORT_EMAIL || undefined,
  tournamentAssetsUrl: /^https?:\/\/\S+$/.test(env.TOURNAMENT_ASSETS_URL ?? '') ? env.TOURNAMENT_ASSETS_URL : undefined,
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`,
  captchaMaxCounter: Number(env.CAPTCHA_MAX_COUNTER ?? 100_000),
  smsDailyBudget: Number(env.SMS_DAILY_BUDGET ?? 200),
  limits: scaleLimits(DEFAULT_LIMITS, Number(env.RATE_LIMIT_FACTOR ?? 1)),
  socketRateFactor: 1,
  socketPingIntervalMs: parsePingSeconds(env.SOCKET_PING_SECONDS) * 1000,
  sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 12 * 60),
  chatServers: parseChatServers(env.CHAT_SERVERS),
  mediaSecret: env.MEDIA_SECRET || undefined,
});

/** Shown in the version bar and answered by /backend/version. */
export const APP_VERSION = '0.1.0';

/** Released versions, newest first: a client more than one behind is sent to /update. */
export const RELEASES = ['0.1.0'];
