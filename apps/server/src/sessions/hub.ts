import {
  apply,
  nextTimedIntent,
  isInGame,
  isStoryteller,
  textRefusal,
  type Actor,
  type Intent,
  type Refusal,
  refuse,
  SESSION_BOOST_MS,
  type SessionState,
} from '@belfry/engine';
import { SERVER_EVENTS } from '@belfry/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { NodeRegistry, Presence } from './nodes';
import { broadcastViews, type LiveSession, type Member, sendFull } from './fanout';
import { disarm, enforceMembership } from './membership';
import { KeyedQueue } from './queue';
import { heldIn, makeRoom } from './socketCaps';
import { SNAPSHOT_EVERY, type SessionStore } from './store';

const SYSTEM: Actor = { userId: '', level: 'none', isSystem: true };
/** Lost races are caught up and judged again; contention is serialised, not refused, up to this many. */
const MAX_CAS_RETRIES = 50;
/** A subscribed Storyteller's boost is renewed once less than this is left of the hour: a write every 10 minutes. */
const BOOST_RENEW_BELOW_MS = SESSION_BOOST_MS - 10 * 60_000;

/** What the hub reaches beyond its own sockets (one node alone, or several sharing Redis). */
export interface HubLinks {
  /** Tells other nodes that a session moved to a new version. */
  announce: (sessionId: string, version: number) => void;
  /** Sends an event to every socket of these users in this session, on whichever node it is. */
  deliver: (sessionId: string, userIds: string[], event: string, payload: unknown) => void;
  registry: NodeRegistry;
  /** The chat server of each session hears who may hear and see whom (issue 17). */
  media?: { changed: (state: SessionState) => void; forget: (sessionId: string) => void };
}

/**
 * The live sessions of this node. Every change goes: rule check (engine) → persist (CAS) →
 * acknowledge → per-viewer patches. Intents of one session run strictly one at a time.
 */
export class SessionHub {
  private live = new Map<string, LiveSession>();
  private queue = new KeyedQueue();
  /** Told of every stored state, before its acknowledgement (issue 18: a game that ended gets its record). */
  afterStore: ((state: SessionState) => Promise<void>) | null = null;

  constructor(
    private readonly store: SessionStore,
    private readonly log: FastifyBaseLogger,
    private readonly links: HubLinks,
  ) {}

  /** The current state, live or stored, without opening it (for the join check). */
  async peek(sessionId: string): Promise<SessionState | undefined> {
    return this.live.get(sessionId)?.state ?? (await this.store.load(sessionId));
  }

  /**
   * Spec 2 §7 updateUser: the user changed their profile (name, pronouns) or was changed by a moderator;
   * the session takes the account's profile as it is now (the same presence step as joining).
   */
  refreshProfile(sessionId: string, member: Member): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = await this.ensureLive(sessionId);
      if (!session) return;
      const presence: Intent = {
        type: 'presence',
        user: member.profile,
        isOnline: true,
        isSubscribed: member.isSubscribed,
      };
      const refused = await this.commit(session, presence, SYSTEM);
      if (refused) this.log.warn({ sessionId, refused }, 'profile refresh refused');
    });
  }

  /** A socket joins its session: the user is marked online and gets a full view. */
  attach(sessionId: string, socket: Socket, member: Member): Promise<Refusal | null> {
    return this.queue.run(sessionId, async () => {
      const session = await this.ensureLive(sessionId);
      if (!session) return refuse('not_found', 'This session does not exist.');
      const userId = member.profile.id;
      if (!this.holds(session, userId)) await this.links.registry.arrive({ sessionId, userId });
      // One gone while it waited its turn joins and leaves as before, but ends no live tab.
      if (!socket.disconnected) makeRoom(session, userId);
      session.connections.set(socket.id, { socket, member, lastState: null, seq: 0 });
      const presence: Intent = {
        type: 'presence',
        user: member.profile,
        isOnline: true,
        isSubscribed: member.isSubscribed,
      };
      const refused = await this.commit(session, presence, SYSTEM);
      if (refused) this.log.warn({ sessionId, refused }, 'presence refused');
      sendFull(session, socket.id);
      return null;
    });
  }

  detach(sessionId: string, socket: Socket, member: Member): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session || !session.connections.delete(socket.id)) return;
      const userId = member.profile.id;
      if (!this.holds(session, userId)) {
        await this.links.registry.leave({ sessionId, userId });
        // Still connected through another node (a second tab): still online.
        if (session.state.users[userId]?.isOnline && !(await this.links.registry.elsewhere({ sessionId, userId }))) {
          await this.commit(session, { type: 'presence', user: member.profile, isOnline: false }, SYSTEM);
        }
      }
      if (session.connections.size === 0) this.drop(sessionId, session);
    });
  }

  /**
   * A user nobody may still be connected for (their node died, or this node restarted after a crash):
   * offline, unless a connection of theirs is here or on another live node.
   */
  markOffline({ sessionId, userId }: Presence): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const known = this.live.get(sessionId);
      if (known && this.holds(known, userId)) return;
      if (await this.links.registry.elsewhere({ sessionId, userId })) return;
      const session = await this.ensureLive(sessionId);
      if (!session) return;
      const user = session.state.users[userId];
      if (user?.isOnline) {
        const { isOnline: _online, grimoireAccess: _access, ...profile } = user;
        await this.commit(session, { type: 'presence', user: profile, isOnline: false }, SYSTEM);
      }
      if (session.connections.size === 0) this.drop(sessionId, session);
    });
  }

  /** Every user connected here, per session (registered again after this node was taken for dead). */
  held(): Presence[] {
    const out: Presence[] = [];
    for (const [sessionId, session] of this.live) {
      const users = new Set(
        [...session.connections.values()].filter((c) => !c.closing).map((c) => c.member.profile.id),
      );
      for (const userId of users) out.push({ sessionId, userId });
    }
    return out;
  }

  /** This node was taken for dead and its users marked offline: they are online again. */
  async reassert(): Promise<void> {
    for (const sessionId of [...this.live.keys()]) {
      await this.queue.run(sessionId, async () => {
        const session = this.live.get(sessionId);
        if (!session) return;
        // What other nodes announced while this one was cut off never reached it: read it first, or
        // a user marked offline meanwhile would still look online here and stay offline.
        const before = session.state;
        session.state = await this.store.catchUp(session.state);
        if (session.state !== before) this.broadcast(session);
        const members = new Map(
          [...session.connections.values()].filter((c) => !c.closing).map((c) => [c.member.profile.id, c.member]),
        );
        for (const member of members.values()) {
          if (session.state.users[member.profile.id]?.isOnline) continue;
          const presence: Intent = {
            type: 'presence',
            user: member.profile,
            isOnline: true,
            isSubscribed: member.isSubscribed,
          };
          await this.commit(session, presence, SYSTEM);
        }
      });
    }
  }

  /**
   * Applies one validated intent; `ack` is called after the change is stored, before the broadcast.
   * A request the client may be sending again (`retry`: it came on a connection made in the last 30 s,
   * e.g. after a node died) is looked up by its id first and acknowledged without applying it twice.
   */
  handle(
    sessionId: string,
    intent: Intent,
    actor: Actor,
    ack: (refusal: Refusal | null) => void,
    request?: { id: string; retry: boolean },
  ): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session) return ack(refuse('not_found', 'This session is not open here.'));
      if (request?.retry && (await this.store.applied(sessionId, request.id))) return ack(null);
      await this.commit(session, intent, actor, ack, request?.id);
    });
  }

  /** Sends a fresh full view to one socket (getGamestate). */
  resend(sessionId: string, socketId: string): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (session) sendFull(session, socketId);
    });
  }

  /** Another node changed the session: catch up from its events and update our viewers. */
  changedElsewhere(sessionId: string, version: number): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session || session.state.version >= version) return;
      session.state = await this.store.catchUp(session.state);
      this.broadcast(session);
    });
  }

  /** A subscribed Storyteller is online (measured every 60 s): keep the session open an hour ahead. */
  renewBoost(sessionId: string, userId: string): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (!session || session.state.boostUntil - Date.now() > BOOST_RENEW_BELOW_MS) return;
      await this.commit(session, { type: 'boost', by: userId }, SYSTEM);
    });
  }

  /** Writes every live session as a snapshot (a graceful stop: a restart, even of a newer version, replays nothing). */
  async snapshotAll(): Promise<void> {
    for (const [id, session] of this.live) await this.queue.run(id, () => this.store.snapshot(session.state));
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
        if (recipientId === 'spectator') return isStoryteller(state, userId) || !isInGame(state, userId);
        return userId === recipientId;
      };
      const userIds = Object.values(state.users)
        .filter((user) => user.isOnline && reaches(user.id))
        .map((user) => user.id);
      // Through Socket.IO rooms, so the indicator reaches sockets on every node.
      if (userIds.length > 0) {
        this.links.deliver(sessionId, userIds, SERVER_EVENTS.textMessageIndicator, { senderId, recipientId, length });
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

  /** How many connections of the user to the session this node holds (not counting those being ended). */
  socketsOf(sessionId: string, userId: string): number {
    const session = this.live.get(sessionId);
    return session ? heldIn(session, userId).length : 0;
  }

  /** Whether this node holds a connection of the user to the session (one not being ended). */
  private holds(session: LiveSession, userId: string): boolean {
    for (const c of session.connections.values()) if (c.member.profile.id === userId && !c.closing) return true;
    return false;
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
    disarm(session.boostTimer);
    disarm(session.clockTimer);
    this.live.delete(sessionId);
    this.links.media?.forget(sessionId);
  }

  /**
   * Timed behaviour runs from timestamps in the state (DESIGN): after every change the next due
   * step is scheduled, so a restarted node (or another one) picks it up from the stored state.
   */
  private scheduleClock(session: LiveSession): void {
    const next = nextTimedIntent(session.state);
    if (next && session.clockTimer?.at === next.at) return;
    disarm(session.clockTimer);
    session.clockTimer = null;
    if (!next) return;
    const sessionId = session.state.sessionId;
    const delay = Math.min(Math.max(0, next.at - Date.now()), 2 ** 30);
    const timer = setTimeout(() => {
      session.clockTimer = null;
      void this.queue.run(sessionId, async () => {
        const live = this.live.get(sessionId);
        if (live !== session) return;
        const due = nextTimedIntent(live.state);
        if (due && due.at <= Date.now()) await this.commit(live, due.intent, SYSTEM);
        this.scheduleClock(live);
      });
    }, delay);
    timer.unref();
    session.clockTimer = { timer, at: next.at };
  }

  private async commit(
    session: LiveSession,
    intent: Intent,
    actor: Actor,
    ack: (refusal: Refusal | null) => void = () => undefined,
    requestId?: string,
  ): Promise<Refusal | null> {
    for (let attempt = 0; attempt < MAX_CAS_RETRIES; attempt++) {
      const now = Date.now();
      const result = apply(session.state, intent, actor, now);
      if (!result.ok) {
        ack(result.error);
        return result.error;
      }
      if (result.state === session.state) {
        ack(null); // nothing changed: nothing to store or send
        return null;
      }
      // One small event row: what the intent was, by whom, when (a replay rebuilds the state from it).
      if (await this.store.append(result.state, intent, actor, now, requestId)) {
        session.state = result.state;
        // The change is stored whatever happens here; a record that fails is written with a later change.
        await this.afterStore?.(session.state).catch((err: unknown) => this.log.error({ err }, 'after-store failed'));
        ack(null);
        this.broadcast(session);
        this.links.announce(session.state.sessionId, session.state.version);
        this.links.media?.changed(session.state);
        if (session.state.version % SNAPSHOT_EVERY === 0) await this.store.snapshot(session.state);
        return null;
      }
      // Another node stored this version first: catch up from its events and judge the intent again.
      session.state = await this.store.catchUp(session.state);
      this.broadcast(session);
    }
    const error = refuse('internal', 'The session is busy; please try again.');
    ack(error);
    return error;
  }

  private broadcast(session: LiveSession): void {
    enforceMembership(session, (sessionId) => void this.recheck(sessionId));
    this.scheduleClock(session);
    broadcastViews(session);
  }

  private recheck(sessionId: string): Promise<void> {
    return this.queue.run(sessionId, async () => {
      const session = this.live.get(sessionId);
      if (session) enforceMembership(session, (id) => void this.recheck(id));
    });
  }
}
