import {
  apply,
  type Actor,
  type Intent,
  type Refusal,
  refuse,
  type SessionState,
  type SessionUser,
  type SessionView,
  view,
} from '@belfry/engine';
import { diffViews, SERVER_EVENTS } from '@belfry/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { KeyedQueue } from './queue';
import type { SessionStore } from './store';

export type Profile = Omit<SessionUser, 'isOnline' | 'grimoireAccess' | 'ping'>;

interface Connection {
  socket: Socket;
  userId: string;
  /** The last view this socket was sent; patches are computed against it. */
  lastView: SessionView | null;
}

interface LiveSession {
  state: SessionState;
  connections: Map<string, Connection>;
}

const SYSTEM: Actor = { userId: '', level: 'none', isSystem: true };
const MAX_CAS_RETRIES = 5;

/**
 * The live sessions of this node. Every change goes: rule check (engine) → persist (CAS) →
 * acknowledge → per-viewer patches. Intents of one session run strictly one at a time.
 */
export class SessionHub {
  private live = new Map<string, LiveSession>();
  private queue = new KeyedQueue();

  constructor(
    private readonly store: SessionStore,
    private readonly log: FastifyBaseLogger,
    /** Tells other nodes that a session moved to a new version. */
    private readonly announce: (sessionId: string, version: number) => void = () => undefined,
  ) {}

  /** A socket joins its session: the user is marked online and gets a full view. */
  attach(sessionId: string, socket: Socket, profile: Profile): Promise<Refusal | null> {
    return this.queue.run(sessionId, async () => {
      const session = await this.ensureLive(sessionId);
      if (!session) return refuse('not_found', 'This session does not exist.');
      session.connections.set(socket.id, { socket, userId: profile.id, lastView: null });
      const presence: Intent = { type: 'presence', user: profile, isOnline: true };
      const refused = await this.commit(session, presence, SYSTEM);
      if (refused) this.log.warn({ sessionId, refused }, 'presence refused');
      this.sendFull(session, socket.id);
      return null;
    });
  }

  detach(sessionId: string, socket: Socket, profile: Profile): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session) return;
      session.connections.delete(socket.id);
      const stillHere = [...session.connections.values()].some((c) => c.userId === profile.id);
      if (!stillHere) {
        await this.commit(session, { type: 'presence', user: profile, isOnline: false }, SYSTEM);
      }
      if (session.connections.size === 0) this.live.delete(sessionId);
    });
  }

  /** Applies one validated intent; `ack` is called after the change is stored, before the broadcast. */
  handle(sessionId: string, intent: Intent, actor: Actor, ack: (refusal: Refusal | null) => void): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session) return ack(refuse('not_found', 'This session is not open here.'));
      await this.commit(session, intent, actor, ack);
    });
  }

  /** Sends a fresh full view to one socket (getGamestate). */
  resend(sessionId: string, socketId: string): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (session) this.sendFull(session, socketId);
    });
  }

  /** Another node changed the session: reload it and update our viewers. */
  changedElsewhere(sessionId: string, version: number): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session || session.state.version >= version) return;
      const latest = await this.store.load(sessionId);
      if (!latest) return;
      session.state = latest;
      this.broadcast(session);
    });
  }

  /** Resolves when no intent is being processed (used on shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  state(sessionId: string): SessionState | undefined {
    return this.live.get(sessionId)?.state;
  }

  private async ensureLive(sessionId: string): Promise<LiveSession | undefined> {
    const known = this.live.get(sessionId);
    if (known) return known;
    const state = await this.store.load(sessionId);
    if (!state) return undefined;
    const session: LiveSession = { state, connections: new Map() };
    this.live.set(sessionId, session);
    return session;
  }

  private async commit(
    session: LiveSession,
    intent: Intent,
    actor: Actor,
    ack: (refusal: Refusal | null) => void = () => undefined,
  ): Promise<Refusal | null> {
    for (let attempt = 0; attempt < MAX_CAS_RETRIES; attempt++) {
      const result = apply(session.state, intent, actor, Date.now());
      if (!result.ok) {
        ack(result.error);
        return result.error;
      }
      if (await this.store.save(result.state, session.state.version)) {
        session.state = result.state;
        ack(null);
        this.broadcast(session);
        this.announce(session.state.sessionId, session.state.version);
        return null;
      }
      // Another node got there first: take its state and judge the intent again.
      const latest = await this.store.load(session.state.sessionId);
      if (!latest) break;
      session.state = latest;
      this.broadcast(session);
    }
    const error = refuse('internal', 'The session is busy; please try again.');
    ack(error);
    return error;
  }

  private sendFull(session: LiveSession, socketId: string): void {
    const connection = session.connections.get(socketId);
    if (!connection) return;
    connection.lastView = view(session.state, connection.userId);
    connection.socket.emit(SERVER_EVENTS.session, connection.lastView);
  }

  private broadcast(session: LiveSession): void {
    // Several sockets of one user (tabs) usually hold the same last view: compute each view and patch once.
    const done = new Map<string, { prev: SessionView; next: SessionView; patch: ReturnType<typeof diffViews> }>();
    for (const connection of session.connections.values()) {
      const prev = connection.lastView;
      if (!prev) continue; // gets a full view when its attach finishes
      let entry = done.get(connection.userId);
      if (!entry || entry.prev !== prev) {
        const next = view(session.state, connection.userId);
        entry = { prev, next, patch: diffViews(prev.version, next.version, prev, next) };
        done.set(connection.userId, entry);
      }
      connection.lastView = entry.next;
      connection.socket.emit(SERVER_EVENTS.patch, entry.patch);
    }
  }
}
