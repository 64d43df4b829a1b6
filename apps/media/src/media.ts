import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import {
  ackError,
  describeIssues,
  MEDIA_SOCKET_PATH,
  MEDIA_TOKEN_AUDIENCE,
  mediaClientMessages,
  type MediaClientEvent,
  type MediaHealth,
  type MediaPayload,
} from '@belfry/protocol';
import { jwtVerify } from 'jose';
import { Server, type Socket } from 'socket.io';
import { LoadMeter } from './loadMeter';

export interface MediaConfig {
  port: number;
  host: string;
  /** Shared with Belfry's server: the bearer of /health and the HS256 key of user tickets. */
  secret: string;
  /** How often load and latency are measured. */
  sampleMs?: number;
}

export interface MediaServer {
  port: number;
  health(): MediaHealth;
  close(): Promise<void>;
}

/** Tickets and the bearer need a secret an attacker cannot guess. */
export const MIN_SECRET_LENGTH = 16;

interface Member {
  userId: string;
  roomId: string | null;
  channel: number;
}

type Ack = (answer: unknown) => void;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * A chat server (DESIGN.md apps/media): `GET /health` for Belfry's server, and a Socket.IO endpoint
 * where users, authenticated by a ticket, create, join and leave rooms and channels. Media forwarding
 * (spec 2 §7's WebRTC requests) is the voice and video work; it plugs in here.
 */
export const startMedia = async (config: MediaConfig): Promise<MediaServer> => {
  if (config.secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`MEDIA_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
  }
  const key = new TextEncoder().encode(config.secret);
  const bearer = digest(`Bearer ${config.secret}`);
  const meter = new LoadMeter(config.sampleMs);
  const members = new Map<string, Member>();

  const health = (): MediaHealth => ({ users: members.size, ...meter.read() });

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://media');
    if (url.pathname !== '/health') {
      if (url.pathname.startsWith(MEDIA_SOCKET_PATH)) return; // Socket.IO answers these
      return send(res, 404, { error: { code: 'not_found', message: 'Not found.' } });
    }
    if (req.method !== 'GET') return send(res, 405, { error: { code: 'bad_request', message: 'Use GET.' } });
    // Compared as digests: equal lengths, constant time.
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), bearer)) {
      return send(res, 401, { error: { code: 'unauthorized', message: 'A bearer token is needed.' } });
    }
    return send(res, 200, health());
  });

  const io = new Server(httpServer, {
    path: MEDIA_SOCKET_PATH,
    serveClient: false,
    // The app runs on another origin; users are told apart by their ticket, never by cookies.
    cors: { origin: true },
    maxHttpBufferSize: 64 * 1024,
  });

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length > 4096) return next(new Error('unauthorized'));
    try {
      const { payload } = await jwtVerify(token, key, { audience: MEDIA_TOKEN_AUDIENCE, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) return next(new Error('unauthorized'));
      socket.data = { userId: payload.sub };
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket: Socket) => {
    const member: Member = { userId: (socket.data as { userId: string }).userId, roomId: null, channel: 0 };
    members.set(socket.id, member);
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : () => undefined;
      ack(handle(socket, member, String(event), args[0]));
    });
    socket.on('disconnect', () => {
      leave(socket, member);
      members.delete(socket.id);
    });
  });

  const peerEvent = (member: Member) => ({ userId: member.userId, channel: member.channel });

  const rooms = new Set<string>();

  const leave = (socket: Socket, member: Member) => {
    const roomId = member.roomId;
    if (!roomId) return;
    socket.to(roomId).emit('consumerLeft', peerEvent(member));
    void socket.leave(roomId);
    member.roomId = null;
    // The last one out closes the room.
    if (![...members.values()].some((m) => m.roomId === roomId)) rooms.delete(roomId);
  };

  const handlers: {
    [E in MediaClientEvent]: (socket: Socket, member: Member, data: MediaPayload<E>) => unknown;
  } = {
    createRoom: (_socket, _member, { roomId }) => {
      rooms.add(roomId);
      return { ok: true };
    },
    join: (socket, member, { roomId, channel }) => {
      if (!rooms.has(roomId)) return ackError('not_found', 'There is no such room.');
      if (member.roomId !== roomId) {
        leave(socket, member);
        Object.assign(member, { roomId, channel });
        void socket.join(roomId);
        socket.to(roomId).emit('consumerJoined', peerEvent(member));
      } else if (member.channel !== channel) {
        member.channel = channel;
        io.to(roomId).emit('channelChange', peerEvent(member));
      }
      const peers = [...members.values()].filter((m) => m !== member && m.roomId === roomId).map(peerEvent);
      return { ok: true, peers };
    },
    exitRoom: (socket, member) => {
      leave(socket, member);
      return { ok: true };
    },
  };

  const handle = (socket: Socket, member: Member, event: string, payload: unknown) => {
    if (!Object.hasOwn(handlers, event)) return ackError('unknown_event', `Unknown event "${event.slice(0, 40)}".`);
    const name = event as MediaClientEvent;
    const parsed = mediaClientMessages[name].safeParse(payload ?? {});
    if (!parsed.success) return ackError('bad_request', describeIssues(parsed.error));
    return (handlers[name] as (s: Socket, m: Member, d: unknown) => unknown)(socket, member, parsed.data);
  };

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    port,
    health,
    close: async () => {
      meter.stop();
      await io.close();
      httpServer.closeAllConnections();
    },
  };
};

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};
