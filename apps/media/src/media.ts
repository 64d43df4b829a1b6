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
  mediaPolicyWire,
} from '@belfry/protocol';
import { jwtVerify } from 'jose';
import { Server, type Socket } from 'socket.io';
import { MEDIA_REQUEST_BURST, MEDIA_REQUESTS_PER_SECOND, TokenBucket } from './bucket';
import { LoadMeter } from './loadMeter';
import { Policies } from './policies';
import { type Peer, Rooms } from './rooms';
import type { Sfu } from './sfu';

export interface MediaConfig {
  port: number;
  host: string;
  /** Shared with Belfry's server: the bearer of /health and the HS256 key of user tickets. */
  secret: string;
  /** How often load and latency are measured. */
  sampleMs?: number;
  /** The media engine; without one, rooms and policies work and publishing is refused as unavailable. */
  sfu?: Sfu | null;
}

export interface MediaServer {
  port: number;
  health(): MediaHealth;
  rooms: Rooms;
  close(): Promise<void>;
}

/** Tickets and the bearer need a secret an attacker cannot guess. */
export const MIN_SECRET_LENGTH = 16;

interface Member {
  userId: string;
  /** The one room the ticket lets this socket into. */
  room: string;
  peer: Peer | null;
}

/** A policy names at most 200 users with their lists: well under this. */
const MAX_POLICY_BYTES = 256 * 1024;

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
  const meter = new LoadMeter(config.sampleMs, config.sfu?.pid ?? null);
  const members = new Map<string, Member>();
  const policies = new Policies();
  const rooms = new Rooms(policies, config.sfu ?? null);

  const health = (): MediaHealth => ({ users: members.size, ...meter.read() });
  const authorized = (req: http.IncomingMessage) => timingSafeEqual(digest(req.headers.authorization ?? ''), bearer); // digests: equal lengths, constant time

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://media');
    if (url.pathname.startsWith(MEDIA_SOCKET_PATH)) return; // Socket.IO answers these
    const policyRoute = /^\/rooms\/([^/]{1,200})\/policy$/.exec(url.pathname);
    if (url.pathname !== '/health' && !policyRoute) {
      return send(res, 404, { error: { code: 'not_found', message: 'Not found.' } });
    }
    if (!authorized(req)) {
      return send(res, 401, { error: { code: 'unauthorized', message: 'A bearer token is needed.' } });
    }
    if (!policyRoute) {
      if (req.method !== 'GET') return send(res, 405, { error: { code: 'bad_request', message: 'Use GET.' } });
      return send(res, 200, health());
    }
    if (req.method !== 'PUT') return send(res, 405, { error: { code: 'bad_request', message: 'Use PUT.' } });
    void readJson(req, MAX_POLICY_BYTES).then(
      async (json) => {
        const parsed = mediaPolicyWire.safeParse(json);
        if (!parsed.success || parsed.data.sessionId !== decodeURIComponent(policyRoute[1]!)) {
          const message = parsed.success ? 'The policy is for another room.' : describeIssues(parsed.error);
          return send(res, 400, { error: { code: 'bad_request', message } });
        }
        if (policies.set(parsed.data)) await rooms.policyChanged(parsed.data.sessionId);
        send(res, 204, null);
      },
      () => send(res, 413, { error: { code: 'payload_too_large', message: 'The policy is too large or not JSON.' } }),
    );
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
      const { sub, room } = payload as { sub?: unknown; room?: unknown };
      if (typeof sub !== 'string' || !sub || typeof room !== 'string' || !room) return next(new Error('unauthorized'));
      socket.data = { userId: sub, room };
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket: Socket) => {
    const { userId, room } = socket.data as { userId: string; room: string };
    const member: Member = { userId, room, peer: null };
    members.set(socket.id, member);
    const bucket = new TokenBucket(MEDIA_REQUEST_BURST, MEDIA_REQUESTS_PER_SECOND);
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : () => undefined;
      const allowed = bucket.take();
      if (!allowed.ok) {
        const message = `At most ${MEDIA_REQUESTS_PER_SECOND} requests a second.`;
        return ack({ ok: false, error: { code: 'rate_limited', message, retryAfter: allowed.retryAfter } });
      }
      void rooms
        .serial(socket.id, () => handle(socket, member, String(event), args[0]))
        .then(ack, () => ack(ackError('internal', 'The media engine did not take that request.')));
    });
    socket.on('disconnect', () => {
      members.delete(socket.id);
      if (member.peer) void rooms.leave(member.peer);
    });
  });

  const handlers: {
    [E in MediaClientEvent]: (socket: Socket, member: Member, data: MediaPayload<E>) => unknown;
  } = {
    createRoom: (_socket, member, { roomId }) =>
      roomId === member.room ? { ok: true } : ackError('forbidden', 'Your ticket is for another room.'),
    join: (socket, member, { roomId }) => {
      if (roomId !== member.room) return ackError('forbidden', 'Your ticket is for another room.');
      if (member.peer) return ackError('bad_request', 'You are in the room already.');
      const peer: Peer = {
        socketId: socket.id,
        userId: member.userId,
        roomId,
        emit: (event, payload) => socket.emit(event, payload),
        sfu: null,
        published: null,
        wanted: new Map(),
        receiving: new Set(),
        told: new Set(),
      };
      const answer = rooms.join(peer);
      if (answer.ok) member.peer = peer;
      return answer;
    },
    produce: (_socket, member, data) => (member.peer ? rooms.produce(member.peer, data) : notJoined()),
    pauseProducer: (_socket, member, data) => (member.peer ? rooms.pause(member.peer, data) : notJoined()),
    consume: (_socket, member, data) => (member.peer ? rooms.consume(member.peer, data) : notJoined()),
    ready: (_socket, member, data) => (member.peer ? rooms.ready(member.peer, data) : notJoined()),
    exitRoom: async (_socket, member) => {
      if (member.peer) await rooms.leave(member.peer);
      member.peer = null;
      return { ok: true };
    },
  };

  const handle = async (socket: Socket, member: Member, event: string, payload: unknown): Promise<unknown> => {
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
    rooms,
    close: async () => {
      meter.stop();
      await io.close();
      httpServer.closeAllConnections();
      await config.sfu?.stop();
    },
  };
};

const notJoined = () => ackError('bad_request', 'Join the room first.');

/** Reads a request body as JSON, refusing more than `limit` bytes. */
const readJson = (req: http.IncomingMessage, limit: number): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        reject(err as Error);
      }
    });
    req.on('error', reject);
  });

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body === null ? undefined : JSON.stringify(body));
};
