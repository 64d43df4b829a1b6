import { hasSubscription, PING_INTERVAL_MS, joinRefusal, type Level, normalizeSessionCode } from '@belfry/engine';
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
import { flagsOf } from '../users/users';
import type { Member, SessionHub } from './hub';

interface SocketData {
  member: Member;
  sessionId: string;
}

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
export const attachSessionSockets = (
  io: Server,
  deps: { hub: SessionHub; accounts: Accounts; key: Uint8Array; chatServers: ChatServers; log: FastifyBaseLogger },
) => {
  const { hub, accounts, key, chatServers, log } = deps;

  io.use(async (socket, next) => {
    try {
      const token: unknown = socket.handshake.auth?.token;
      const claims = typeof token === 'string' ? await verifyAccessToken(key, token) : null;
      if (!claims) return next(new Error('unauthorized'));
      const rawCode = socket.handshake.query.session;
      const sessionId = typeof rawCode === 'string' ? normalizeSessionCode(rawCode) : '';
      if (sessionId.length < 3) return next(new Error('bad_request'));
      const user = await accounts.byId(claims.userId);
      if (!user || user.disabled_at !== null) return next(new Error('unauthorized'));
      const state = await hub.peek(sessionId);
      if (!state) return next(new Error('not_found'));
      const now = Date.now();
      const flags = flagsOf(user);
      const level = user.level as Level;
      const refusal = joinRefusal(state, { id: user.id, level, expires: user.expires, flags }, now);
      if (refusal) return next(new Error(refusal.code));
      const isSubscribed = hasSubscription(level, user.expires, now);
      const data: SocketData = {
        sessionId,
        member: {
          actor: { userId: user.id, level, isSubscribed },
          profile: {
            id: user.id,
            username: user.username,
            pronouns: user.pronouns,
            level,
            flags,
            createdAt: user.created_at,
          },
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
    // Listeners first, so that nothing sent right after connecting is lost.
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as AckFn) : null;
      void dispatch(socket, String(event), args[0], ack).catch((error: unknown) => {
        log.error({ err: error, event }, 'socket message failed');
        ack?.(ackError('internal', 'Something went wrong on the server.'));
      });
    });
    // The server measures each socket's round trip itself (the vote grace depends on it, so a client's
    // own report is not believed): at connect and every 60 s (spec: ping every 60 s, latency stored).
    const measure = async () => {
      const sentAt = Date.now();
      try {
        await socket.timeout(5000).emitWithAck(SERVER_EVENTS.serverPing, sentAt);
      } catch {
        return; // no answer: keep the last figure
      }
      const latency = Date.now() - sentAt;
      await hub.handle(sessionId, { type: 'ping', latency }, member.actor, () => undefined);
    };
    const pinger = setInterval(() => void measure(), PING_INTERVAL_MS);
    pinger.unref();
    socket.on('disconnect', (reason) => {
      clearInterval(pinger);
      // Oversized or unparsable frames end the connection inside Socket.IO; say so in the log.
      if (reason === 'parse error' || reason === 'transport error') {
        log.warn({ sessionId, userId: member.actor.userId, reason }, 'socket dropped');
      }
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

  const dispatch = async (socket: Socket, event: string, payload: unknown, ack: AckFn | null) => {
    const { member, sessionId } = socket.data as SocketData;
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
    await hub.handle(sessionId, intent, member.actor, (refusal) =>
      ack(refusal ? { ok: false, error: refusal } : { ok: true }),
    );
  };
};
