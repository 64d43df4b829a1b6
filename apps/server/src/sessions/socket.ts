import { type Actor, type Intent, normalizeSessionCode, type Refusal, type UserFlag } from '@belfry/engine';
import {
  ackError,
  clientMessages,
  describeIssues,
  isClientEvent,
  MAX_MESSAGE_BYTES,
  type ClientEvent,
} from '@belfry/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { Accounts } from '../auth/accounts';
import { verifyAccessToken } from '../auth/tokens';
import type { Profile, SessionHub } from './hub';
import type { SessionStore } from './store';

interface SocketData {
  actor: Actor;
  profile: Profile;
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

const toIntent = (event: ClientEvent, payload: unknown): Intent | null => {
  switch (event) {
    case 'claimSeat':
    case 'addStoryteller':
    case 'removeStoryteller':
      return { type: event, ...(payload as object) } as Intent;
    case 'updateSeats':
      return { type: 'updateSeats', ...(payload as object) } as Intent;
    default:
      return null;
  }
};

const answer = (ack: AckFn) => (refusal: Refusal | null) => ack(refusal ? { ok: false, error: refusal } : { ok: true });

/**
 * Socket.IO at /backend/socket/: the handshake carries the session code (query) and the access
 * token (auth). Every message is size-checked, schema-checked, then applied through the hub.
 */
export const attachSessionSockets = (
  io: Server,
  deps: {
    hub: SessionHub;
    accounts: Accounts;
    store: SessionStore;
    key: Uint8Array;
    log: FastifyBaseLogger;
  },
) => {
  const { hub, accounts, store, key, log } = deps;

  io.use(async (socket, next) => {
    try {
      const token: unknown = socket.handshake.auth?.token;
      const claims = typeof token === 'string' ? await verifyAccessToken(key, token) : null;
      if (!claims) return next(new Error('unauthorized'));
      const rawCode = socket.handshake.query.session;
      const sessionId = typeof rawCode === 'string' ? normalizeSessionCode(rawCode) : '';
      if (sessionId.length < 3) return next(new Error('bad_request'));
      if (!(await store.exists(sessionId))) return next(new Error('not_found'));
      const user = await accounts.byId(claims.userId);
      if (!user) return next(new Error('unauthorized'));
      const data: SocketData = {
        actor: { userId: user.id, level: user.level as Actor['level'] },
        profile: {
          id: user.id,
          username: user.username,
          pronouns: '',
          level: user.level as Actor['level'],
          flags: JSON.parse(user.flags) as UserFlag[],
          createdAt: user.created_at,
        },
        sessionId,
      };
      socket.data = data;
      next();
    } catch (error) {
      log.error({ err: error }, 'socket handshake failed');
      next(new Error('internal'));
    }
  });

  io.on('connection', async (socket: Socket) => {
    const { profile, sessionId } = socket.data as SocketData;
    // Listeners first, so that nothing sent right after connecting is lost.
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as AckFn) : null;
      const payload = args[0];
      void dispatch(socket, String(event), payload, ack).catch((error: unknown) => {
        log.error({ err: error, event }, 'socket message failed');
        ack?.(ackError('internal', 'Something went wrong on the server.'));
      });
    });
    socket.on('disconnect', (reason) => {
      // Oversized or unparsable frames end the connection inside Socket.IO; say so in the log.
      if (reason === 'parse error' || reason === 'transport error') {
        log.warn({ sessionId, userId: profile.id, reason }, 'socket dropped');
      }
      void hub.detach(sessionId, socket, profile);
    });
    const refused = await hub.attach(sessionId, socket, profile);
    if (refused) {
      socket.emit('closed', refused);
      socket.disconnect(true);
    }
  });

  const dispatch = async (socket: Socket, event: string, payload: unknown, ack: AckFn | null) => {
    const { actor, sessionId } = socket.data as SocketData;
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
    if (event === 'ping') {
      ack({ ok: true, serverTime: Date.now() });
      const { latency } = parsed.data as { latency?: number };
      if (latency !== undefined) await hub.handle(sessionId, { type: 'ping', latency }, actor, () => undefined);
      return;
    }
    const intent = toIntent(event, parsed.data);
    if (!intent) return ack(ackError('unknown_event', `Unknown event "${event}".`));
    await hub.handle(sessionId, intent, actor, answer(ack));
  };
};
