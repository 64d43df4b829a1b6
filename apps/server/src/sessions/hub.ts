import {
  apply,
  nextTimedIntent,
  seatIndexOf,
  textRefusal,
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

/** Who is behind a socket, as the handshake established it from the account. */
export interface Member {
  actor: Actor;
  profile: Profile;
  isSubscribed: boolean;
}

interface Connection {
  socket: Socket;
  member: Member;
  /** Ended on purpose; its disconnect handler removes it and marks the user offline. */
  closing?: boolean;
  /** The last view this socket was sent; patches are computed against it. */
  lastView: SessionView | null;
}

interface LiveSession {
  state: SessionState;
  connections: Map<string, Connection>;
  boostTimer: NodeJS.Timeout | null;
  /** The next change time alone makes (hook end, reveal step, pointing lock, timer hide). */
  clockTimer: NodeJS.Timeout | null;
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

  /** The current state, live or stored, without opening it (for the join check). */
  async peek(sessionId: string): Promise<SessionState | undefined> {
    return this.live.get(sessionId)?.state ?? (await this.store.load(sessionId));
  }

  /** A socket joins its session: the user is marked online and gets a full view. */
  attach(sessionId: string, socket: Socket, member: Member): Promise<Refusal | null> {
    return this.queue.run(sessionId, async () => {
      const session = await this.ensureLive(sessionId);
      if (!session) return refuse('not_found', 'This session does not exist.');
      session.connections.set(socket.id, { socket, member, lastView: null });
      const presence: Intent = {
        type: 'presence',
        user: member.profile,
        isOnline: true,
        isSubscribed: member.isSubscribed,
      };
      const refused = await this.commit(session, presence, SYSTEM);
      if (refused) this.log.warn({ sessionId, refused }, 'presence refused');
      this.sendFull(session, socket.id);
      return null;
    });
  }

  detach(sessionId: string, socket: Socket, member: Member): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session || !session.connections.delete(socket.id)) return;
      const userId = member.profile.id;
      const stillHere = [...session.connections.values()].some((c) => c.member.profile.id === userId && !c.closing);
      if (!stillHere && session.state.users[userId]?.isOnline) {
        await this.commit(session, { type: 'presence', user: member.profile, isOnline: false }, SYSTEM);
      }
      if (session.connections.size === 0) this.drop(sessionId, session);
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

  /**
   * "Someone is typing": sent to whoever would receive that message, only when the sender may write
   * there (spec 2 §5), and never stored.
   */
  relayTyping(sessionId: string, senderId: string, recipientId: string, length: number): Promise<Refusal | null> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session) return refuse('not_found', 'This session is not open here.');
      const refusal = textRefusal(session.state, senderId, recipientId);
      if (refusal) return refusal;
      const state = session.state;
      const reaches = (userId: string) => {
        if (userId === senderId) return false;
        if (recipientId === '') return true;
        if (recipientId === 'spectator') return seatIndexOf(state, userId) < 0;
        return userId === recipientId;
      };
      for (const connection of session.connections.values()) {
        if (!connection.closing && reaches(connection.member.profile.id)) {
          connection.socket.emit(SERVER_EVENTS.textMessageIndicator, { senderId, recipientId, length });
        }
      }
      return null;
    });
  }

  /** Resolves when no intent is being processed (used on shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Stops the boost timers (shutdown). */
  shutdown(): void {
    for (const [id, session] of this.live) this.drop(id, session);
  }

  /** Sessions with someone connected to this node. */
  liveIds(): ReadonlySet<string> {
    return new Set(this.live.keys());
  }

  state(sessionId: string): SessionState | undefined {
    return this.live.get(sessionId)?.state;
  }

  private async ensureLive(sessionId: string): Promise<LiveSession | undefined> {
    const known = this.live.get(sessionId);
    if (known) return known;
    const state = await this.store.load(sessionId);
    if (!state) return undefined;
    const session: LiveSession = { state, connections: new Map(), boostTimer: null, clockTimer: null };
    this.live.set(sessionId, session);
    this.scheduleClock(session);
    return session;
  }

  private drop(sessionId: string, session: LiveSession): void {
    if (session.boostTimer) clearTimeout(session.boostTimer);
    if (session.clockTimer) clearTimeout(session.clockTimer);
    this.live.delete(sessionId);
  }

  /**
   * Timed behaviour runs from timestamps in the state (DESIGN): after every change the next due
   * step is scheduled, so a restarted node (or another one) picks it up from the stored state.
   */
  private scheduleClock(session: LiveSession): void {
    if (session.clockTimer) clearTimeout(session.clockTimer);
    session.clockTimer = null;
    const next = nextTimedIntent(session.state);
    if (!next) return;
    const sessionId = session.state.sessionId;
    const delay = Math.min(Math.max(0, next.at - Date.now()), 2 ** 30);
    session.clockTimer = setTimeout(() => {
      void this.queue.run(sessionId, async () => {
        const live = this.live.get(sessionId);
        if (live !== session) return;
        const due = nextTimedIntent(live.state);
        if (due && due.at <= Date.now()) await this.commit(live, due.intent, SYSTEM);
        this.scheduleClock(live);
      });
    }, delay);
    session.clockTimer.unref();
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
      if (result.state === session.state) {
        ack(null); // nothing changed: nothing to store or send
        return null;
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
    connection.lastView = view(session.state, connection.member.profile.id);
    connection.socket.emit(SERVER_EVENTS.session, connection.lastView);
  }

  /** Ends a connection on purpose: the client shows why and does not reconnect. */
  private end(_session: LiveSession, connection: Connection, reason: Refusal): void {
    if (connection.closing) return;
    connection.closing = true;
    connection.socket.emit(SERVER_EVENTS.closed, reason);
    connection.socket.disconnect(true);
  }

  private broadcast(session: LiveSession): void {
    this.enforceMembership(session);
    this.scheduleClock(session);
    // Several sockets of one user (tabs) usually hold the same last view: compute each view and patch once.
    const done = new Map<string, { prev: SessionView; next: SessionView; patch: ReturnType<typeof diffViews> }>();
    for (const connection of session.connections.values()) {
      const prev = connection.lastView;
      if (!prev || connection.closing) continue; // a new one gets a full view when its attach finishes
      const userId = connection.member.profile.id;
      let entry = done.get(userId);
      if (!entry || entry.prev !== prev) {
        const next = view(session.state, userId);
        entry = { prev, next, patch: diffViews(prev.version, next.version, prev, next) };
        done.set(userId, entry);
      }
      connection.lastView = entry.next;
      connection.socket.emit(SERVER_EVENTS.patch, entry.patch);
    }
  }

  /**
   * Kicked users leave at once (on every node: this runs after every change), and when the boost
   * has run out users without a subscription are told so and disconnected (spec 2 §4).
   */
  private enforceMembership(session: LiveSession): void {
    const { state } = session;
    for (const connection of [...session.connections.values()]) {
      if (state.meta.banlist.includes(connection.member.profile.id)) {
        this.end(session, connection, refuse('kicked', 'The Storyteller removed you from this session.'));
      }
    }
    if (session.boostTimer) clearTimeout(session.boostTimer);
    session.boostTimer = null;
    const remaining = state.boostUntil - Date.now();
    const unsubscribed = [...session.connections.values()].filter((c) => !c.member.isSubscribed && !c.closing);
    if (unsubscribed.length === 0) return;
    if (remaining <= 0) {
      for (const connection of unsubscribed) {
        this.end(
          session,
          connection,
          refuse('subscription_needed', 'The session boost has run out: joining needs a subscription.'),
        );
      }
      return;
    }
    // setTimeout cannot wait longer than about 24.8 days; re-check well before that.
    session.boostTimer = setTimeout(() => void this.recheck(state.sessionId), Math.min(remaining + 50, 2 ** 30));
    session.boostTimer.unref();
  }

  private recheck(sessionId: string): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (session) this.enforceMembership(session);
    });
  }
}
