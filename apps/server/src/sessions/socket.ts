import { hasSubscription, joinRefusal, type Level, normalizeSessionCode, refuse } from '@belfry/engine';
import {
  ackError,
  clientMessages,
  describeIssues,
  intentOf,
  isClientEvent,
  isIntentEvent,
  MAX_MESSAGE_BYTES,
  SERVER_EVENTS,
  type ClientPayload,
} from '@belfry/protocol';
import { withScriptFacts } from '@belfry/content';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { Accounts } from '../auth/accounts';
import type { ChatServers } from '../media/chatServers';
import { verifyAccessToken } from '../auth/tokens';
import type { RateLimiter } from '../auth/rate-limit';
import type { RateLimits } from '../config';
import { accountRoom, sessionRoom } from './accountEvents';
import { userRoom } from './cluster';
import type { IsBanned } from '../http/authenticate';
import { sessionLookups } from './lookups';
import { type BacklogRecord, cutIfBacklogged } from './backlog';
import { directAcks } from './directFrame';
import { familyOf, scaleRates, TokenBuckets } from './buckets';
import { OpenSockets, SOCKETS_PER_ACCOUNT, SOCKETS_PER_USER_IN_SESSION, TOO_MANY_CONNECTIONS } from './socketCaps';
import { cosmeticsOf, flagsOf } from '../users/users';
import type { UsersTable } from '../db/schema';
import type { Member } from './fanout';
import type { SessionHub } from './hub';

interface SocketData {
  member: Member;
  sessionId: string;
  connectedAt: number;
}

/** A client sends a request again after a reconnect within this long (web: session/requestQueue.ts). */
const RETRY_WINDOW_MS = 30_000;

/** The request id a client may send after the payload (`emit(event, payload, { rid }, ack)`). */
const requestIdOf = (meta: unknown): string | undefined => {
  const rid = typeof meta === 'object' && meta !== null ? (meta as { rid?: unknown }).rid : undefined;
  return typeof rid === 'string' && /^[\w-]{8,64}$/.test(rid) ? rid : undefined;
};

type AckFn = (answer: unknown) => void;

const payloadBytes = (payload: unknown): number => {
  try {
    return Buffer.byteLength(JSON.stringify(payload) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
};

/**
 * Socket.IO at /backend/socket/: the handshake carries the session code (query) and the access
 * token (auth); it is refused with the reason as the error message (spec 2 §4 Joining). Every
 * message is size-checked, schema-checked, then applied through the hub.
 */
/** Spec 1 §6 cosmetic emotes: at most 20 well-formed names from the account (the rest are ignored). */
const emotesOf = (user: UsersTable): { emotes?: string[] } => {
  const emotes = cosmeticsOf(user)
    .emotes.filter((name) => /^[a-z0-9-]{1,30}$/.test(name))
    .slice(0, 20);
  return emotes.length > 0 ? { emotes } : {};
};

/** What a session knows of an account (engine SessionUser without its presence and access). */
const profileOf = (user: UsersTable) => ({
  id: user.id,
  username: user.username,
  pronouns: user.pronouns,
  level: user.level as Level,
  flags: flagsOf(user),
  createdAt: user.created_at,
  ...emotesOf(user),
});

export const attachSessionSockets = (
  io: Server,
  deps: {
    hub: SessionHub;
    accounts: Accounts;
    key: Uint8Array;
    chatServers: ChatServers;
    limiter: RateLimiter;
    limits: RateLimits;
    socketRateFactor: number;
    log: FastifyBaseLogger;
    isBanned: IsBanned;
  },
) => {
  const { hub, accounts, key, chatServers, limiter, limits, log } = deps;
  const buckets = new TokenBuckets(scaleRates(deps.socketRateFactor));
  const open = new OpenSockets(SOCKETS_PER_ACCOUNT * deps.socketRateFactor);
  const sweeper = setInterval(() => buckets.sweep(Date.now()), 60_000);
  sweeper.unref();

  io.use(async (socket, next) => {
    try {
      const token: unknown = socket.handshake.auth?.token;
      const claims = typeof token === 'string' ? await verifyAccessToken(key, token) : null;
      if (!claims) return next(new Error('unauthorized'));
      // Before any lookup, so that a flood of handshakes costs a token check each (socketCaps.ts). Per
      // login, not per account: the token of a login that has ended still verifies for minutes, and must
      // not be able to drain the bucket of the account's live logins.
      if (buckets.take(claims.loginId, 'connect', Date.now()) !== null) return next(new Error('rate_limited'));
      const rawCode = socket.handshake.query.session;
      const sessionId = typeof rawCode === 'string' ? normalizeSessionCode(rawCode) : '';
      if (sessionId.length < 3) return next(new Error('bad_request'));
      const login = await accounts.liveLogin(claims);
      if (!login || login.user.disabled_at !== null) return next(new Error('unauthorized'));
      const { user } = login;
      // A banned account joins no game (its sockets were closed when the ban was set).
      if (await deps.isBanned(user)) return next(new Error('banned'));
      // Unknown codes are counted per address so that private session codes cannot be guessed; while
      // an address is over the limit even a right code is refused, or the guessing would go on. The
      // address is the one the HTTP layer saw for this login (TRUST_PROXY applies there, not here).
      const lookups = sessionLookups(limiter, limits.unknownSessionPerIp, login.ip || socket.handshake.address);
      if (await lookups.isLimited()) return next(new Error('rate_limited'));
      const state = await hub.peek(sessionId);
      if (!state) return next(new Error((await lookups.miss()) ? 'rate_limited' : 'not_found'));
      const now = Date.now();
      const flags = flagsOf(user);
      const level = user.level as Level;
      const refusal = joinRefusal(state, { id: user.id, level, expires: user.expires, flags }, now);
      if (refusal) return next(new Error(refusal.code));
      const isSubscribed = hasSubscription(level, user.expires, now);
      const data: SocketData = {
        sessionId,
        connectedAt: Date.now(),
        member: {
          actor: { userId: user.id, level, isSubscribed },
          profile: profileOf(user),
          isSubscribed,
        },
      };
      socket.data = data;
      next();
    } catch (error) {
      log.error({ err: error }, 'socket handshake failed');
      next(new Error('internal'));
    }
  });

  io.on('connection', async (socket: Socket) => {
    const { member, sessionId } = socket.data as SocketData;
    // A socket that will end one of the user's own in its session as it joins (makeRoom) adds none.
    const replaces = hub.socketsOf(sessionId, member.actor.userId) >= SOCKETS_PER_USER_IN_SESSION;
    if (!open.open(member.actor.userId, replaces)) {
      socket.emit(SERVER_EVENTS.closed, refuse('too_many_connections', TOO_MANY_CONNECTIONS));
      socket.disconnect(true);
      return;
    }
    // Events meant for this user in this session (typing) reach it from any node.
    void socket.join([
      userRoom(sessionId, member.actor.userId),
      // A ban closes every socket of the account; an announcement reaches a session (issue 18).
      accountRoom(member.actor.userId),
      sessionRoom(sessionId),
    ]);
    directAcks(socket);
    // Listeners first, so that nothing sent right after connecting is lost.
    socket.onAny((event: unknown, ...args: unknown[]) => {
      // Nothing is answered to a client that has not read what it was sent (sessions/backlog.ts).
      if (cutIfBacklogged(socket)) return;
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as AckFn) : null;
      void dispatch(socket, String(event), args[0], ack, requestIdOf(args[1])).catch((error: unknown) => {
        log.error({ err: error, event }, 'socket message failed');
        ack?.(ackError('internal', 'Something went wrong on the server.'));
      });
    });
    // The server measures each socket's round trip itself (the vote grace depends on it, so a client's
    // own report is not believed): with a `serverPing` at connect, then at every ping of the transport's
    // own heartbeat (app.ts: every 60 s, answered by the client's Socket.IO), which costs no frame of
    // ours; a `serverPing` a minute per socket was a third of an idle node's frames (bench/).
    // Kept with this socket, not in the session (it would be a write a minute for every socket): the
    // intents it sends carry it for the vote's grace.
    const measured = (roundTrip: number) => {
      member.actor.latency = roundTrip;
      if (!member.isSubscribed) return;
      hub.renewBoost(sessionId, member.actor.userId).catch((error: unknown) => {
        log.error({ err: error, sessionId }, 'boost renewal failed');
      });
    };
    const measure = async () => {
      const sentAt = Date.now();
      try {
        await socket.timeout(5000).emitWithAck(SERVER_EVENTS.serverPing, sentAt);
      } catch {
        return; // no answer: keep the last figure
      }
      measured(Date.now() - sentAt);
    };
    let heartbeatSentAt = 0;
    socket.conn.on('packetCreate', (packet: { type: string }) => {
      if (packet.type === 'ping') heartbeatSentAt = Date.now();
    });
    socket.conn.on('heartbeat', () => {
      // Also bounds what reaches a socket without a change of its session (typing, announcements).
      if (cutIfBacklogged(socket)) return;
      if (heartbeatSentAt === 0) return;
      measured(Date.now() - heartbeatSentAt);
      heartbeatSentAt = 0;
    });
    socket.on('disconnect', (reason) => {
      // Oversized or unparsable frames end the connection inside Socket.IO; say so in the log.
      if (reason === 'parse error' || reason === 'transport error') {
        log.warn({ sessionId, userId: member.actor.userId, reason }, 'socket dropped');
      }
      const { unsentBytes } = socket.data as BacklogRecord;
      if (unsentBytes !== undefined) {
        log.warn(
          { sessionId, userId: member.actor.userId, unsentBytes },
          'socket cut: it did not read what it was sent',
        );
      }
      open.close(member.actor.userId);
      void hub.detach(sessionId, socket, member);
    });
    const refused = await hub.attach(sessionId, socket, member);
    if (refused) {
      socket.emit(SERVER_EVENTS.closed, refused);
      socket.disconnect(true);
      return;
    }
    void measure();
  });

  const dispatch = async (
    socket: Socket,
    event: string,
    payload: unknown,
    ack: AckFn | null,
    requestId: string | undefined,
  ) => {
    const { member, sessionId } = socket.data as SocketData;
    // Every message costs a token before anything else is done with it, even one refused later, so a
    // flood costs the server (and its log) almost nothing.
    const wait = buckets.take(member.actor.userId, familyOf(event), Date.now());
    if (wait !== null) {
      ack?.({
        ok: false,
        error: { code: 'rate_limited', message: `Slow down: try again in ${wait} s.`, retryAfter: wait },
      });
      return;
    }
    if (!ack) {
      log.warn({ event, sessionId }, 'dropped a socket message without acknowledgement callback');
      return;
    }
    if (!isClientEvent(event)) {
      log.warn({ event, sessionId }, 'refused an unknown socket event');
      return ack(ackError('unknown_event', `Unknown event "${event.slice(0, 40)}".`));
    }
    if (payloadBytes(payload) > MAX_MESSAGE_BYTES) {
      log.warn({ event, sessionId }, 'refused an oversized socket message');
      return ack(ackError('payload_too_large', `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.`));
    }
    const parsed = clientMessages[event].safeParse(payload);
    if (!parsed.success) return ack(ackError('bad_request', describeIssues(parsed.error)));

    if (event === 'getGamestate') {
      await hub.resend(sessionId, socket.id);
      return ack({ ok: true });
    }
    if (event === 'textMessageIndicator') {
      const { recipientId, length } = parsed.data as { recipientId: string; length: number };
      const refusal = await hub.relayTyping(sessionId, member.actor.userId, recipientId, length);
      return ack(refusal ? { ok: false, error: refusal } : { ok: true });
    }
    if (event === 'updateUser') {
      // The account is read again from the database: the client says only that it changed.
      const row = await accounts.byId(member.actor.userId);
      if (!row) return ack(ackError('not_found', 'No such user.'));
      member.profile = profileOf(row);
      await hub.refreshProfile(sessionId, member);
      return ack({ ok: true });
    }
    if (event === 'ping') {
      // The answer carries the server time for the client's clock offset; latency is measured by the server.
      return ack({ ok: true, serverTime: Date.now() });
    }
    // Every other event is the engine intent of the same name (protocol intent.ts, shared with local games).
    if (!isIntentEvent(event)) return ack(ackError('unknown_event', `Unknown event "${event}".`));
    let intent = withScriptFacts(intentOf(event, parsed.data as ClientPayload<typeof event>));
    if (intent.type === 'updateServer') {
      // The engine judges a chat server by its user count, which only this server can ask for.
      intent = { type: 'updateServer', host: intent.host, users: await chatServers.usersOf(intent.host) };
    }
    // A connection made in the last 30 s may carry requests sent before a node died: those are looked up.
    const retry = Date.now() - (socket.data as SocketData).connectedAt < RETRY_WINDOW_MS;
    await hub.handle(
      sessionId,
      intent,
      member.actor,
      (refusal) => ack(refusal ? { ok: false, error: refusal } : { ok: true }),
      requestId ? { id: requestId, retry } : undefined,
    );
  };

  return { stop: () => clearInterval(sweeper) };
};
