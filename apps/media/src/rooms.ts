import { ackError, MEDIA_SERVER_EVENTS, type MediaPayload, type MediaProducer } from '@belfry/protocol';
import type { Policies } from './policies';
import { type Jsep, keyOf, type ReceiveOffer, type Sfu, type SfuPeer, type StreamKey } from './sfu';

/** One socket of a user in a room. */
export interface Peer {
  socketId: string;
  userId: string;
  roomId: string;
  emit: (event: string, payload: unknown) => void;
  sfu: SfuPeer | null;
  /** What this socket publishes, when it does. */
  published: { audio: boolean; video: boolean; audioPaused: boolean; videoPaused: boolean } | null;
  /** Streams the browser asked for and may receive; the SFU carries those that are published. */
  wanted: Map<string, StreamKey>;
  /** What the receiving connection carries now. */
  receiving: Set<string>;
  /** The publishers this socket was last told of, so only news is sent. */
  told: Set<string>;
}

type Answer = { ok: true; [key: string]: unknown } | ReturnType<typeof ackError>;

const unavailable = () => ackError('chat_server_unavailable', 'Voice and video are not available on this chat server.');

/**
 * Who may send and receive what, room by room (issue 17). Every request is judged against the room's
 * policy from Belfry's server before the SFU hears of it, and every policy change takes back at once
 * what is no longer allowed: streams leave the receiving connections, publishers that may no longer
 * publish are stopped.
 */
export class Rooms {
  private readonly peers = new Map<string, Peer>();
  /** Per room and user, the socket that publishes (a second tab's offer replaces the first's). */
  private readonly publishers = new Map<string, Peer>();
  /** Requests of one socket run one at a time, so SDP offers and answers never cross. */
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly policies: Policies,
    private readonly sfu: Sfu | null,
  ) {
    sfu?.onPublishersChanged((roomId) => void this.refresh(roomId, false));
  }

  /** Runs a socket's request after the ones before it. */
  serial<T>(socketId: string, work: () => Promise<T>): Promise<T> {
    const next = (this.chains.get(socketId) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    this.chains.set(socketId, settled);
    void settled.then(() => {
      if (this.chains.get(socketId) === settled) this.chains.delete(socketId);
    });
    return next;
  }

  join(peer: Peer): Answer {
    if (!this.policies.has(peer.roomId)) return ackError('not_found', 'There is no such room.');
    this.peers.set(peer.socketId, peer);
    for (const other of this.inRoom(peer.roomId)) {
      if (other !== peer) other.emit(MEDIA_SERVER_EVENTS.consumerJoined, { userId: peer.userId });
    }
    // Who is in the room is no secret of the game (the session's users are listed to everyone in it).
    const members = [...new Set(this.inRoom(peer.roomId).map((p) => p.userId))];
    return { ok: true, grant: this.policies.grant(peer.roomId, peer.userId), producers: this.newsFor(peer), members };
  }

  async produce(peer: Peer, { jsep, audio, video }: MediaPayload<'produce'>): Promise<Answer> {
    if (!this.policies.grant(peer.roomId, peer.userId).publish) {
      return ackError('forbidden', 'You may not speak here now.');
    }
    if (!this.sfu) return unavailable();
    const previous = this.publishers.get(this.publisherKey(peer));
    if (previous && previous !== peer) await this.stopPublishing(previous);
    peer.sfu ??= await this.sfu.join(peer.roomId, peer.userId, (offer) => this.offered(peer, offer));
    const published = await peer.sfu.publish(jsep as Jsep, { audio, video });
    peer.published = { audio: published.audio, video: published.video, audioPaused: !audio, videoPaused: !video };
    this.publishers.set(this.publisherKey(peer), peer);
    this.tellProducers(peer.roomId);
    return { ok: true, jsep: published.answer };
  }

  async pause(peer: Peer, { kind, paused }: MediaPayload<'pauseProducer'>): Promise<Answer> {
    if (!peer.published || !peer.sfu) return ackError('not_found', 'You are not publishing.');
    if (!paused && !this.policies.grant(peer.roomId, peer.userId).publish) {
      return ackError('forbidden', 'You may not speak here now.');
    }
    await peer.sfu.setSending(kind, !paused);
    peer.published[kind === 'audio' ? 'audioPaused' : 'videoPaused'] = paused;
    this.tellProducers(peer.roomId);
    return { ok: true };
  }

  /** Receive these users' media: refused whole when any of them is not the caller's to hear or see. */
  async consume(peer: Peer, { userIds }: MediaPayload<'consume'>): Promise<Answer> {
    const grant = this.policies.grant(peer.roomId, peer.userId);
    const streams: StreamKey[] = [];
    for (const userId of new Set(userIds)) {
      const hears = grant.hears.includes(userId);
      const sees = grant.sees.includes(userId);
      if (!hears && !sees) return ackError('forbidden', 'That is not yours to hear.');
      if (hears) streams.push({ userId, kind: 'audio' });
      if (sees) streams.push({ userId, kind: 'video' });
    }
    if (!this.sfu) return unavailable();
    for (const stream of streams) peer.wanted.set(keyOf(stream), stream);
    const offer = await this.reconcile(peer);
    return { ok: true, ...(offer ?? {}) };
  }

  async ready(peer: Peer, { jsep }: MediaPayload<'ready'>): Promise<Answer> {
    if (!peer.sfu) return ackError('not_found', 'There is nothing to answer.');
    await peer.sfu.answer(jsep as Jsep);
    return { ok: true };
  }

  async leave(peer: Peer): Promise<void> {
    if (!this.peers.delete(peer.socketId)) return;
    if (this.publishers.get(this.publisherKey(peer)) === peer) this.publishers.delete(this.publisherKey(peer));
    await peer.sfu?.close().catch(() => undefined);
    peer.sfu = null;
    const left = this.inRoom(peer.roomId);
    for (const other of left) other.emit(MEDIA_SERVER_EVENTS.consumerLeft, { userId: peer.userId });
    if (peer.published) this.tellProducers(peer.roomId);
    if (left.length === 0) await this.sfu?.closeRoom(peer.roomId).catch(() => undefined);
  }

  /** A new policy for a room: take back what is no longer allowed, then tell everyone what is new. */
  async policyChanged(roomId: string): Promise<void> {
    for (const peer of this.inRoom(roomId)) {
      if (peer.published && !this.policies.grant(roomId, peer.userId).publish) await this.stopPublishing(peer);
    }
    await this.refresh(roomId, true);
  }

  /** Brings every receiving connection of the room in line with the grants and the live publishers. */
  private async refresh(roomId: string, grants: boolean): Promise<void> {
    await Promise.all(
      this.inRoom(roomId).map((peer) =>
        this.serial(peer.socketId, async () => {
          if (grants) peer.emit(MEDIA_SERVER_EVENTS.grant, this.policies.grant(roomId, peer.userId));
          const offer = await this.reconcile(peer);
          if (offer) peer.emit(MEDIA_SERVER_EVENTS.renegotiate, offer);
        }).catch(() => undefined),
      ),
    );
    this.tellProducers(roomId);
  }

  private publisherKey(peer: Peer): string {
    return `${peer.roomId}\n${peer.userId}`;
  }

  private inRoom(roomId: string): Peer[] {
    return [...this.peers.values()].filter((p) => p.roomId === roomId);
  }

  private async stopPublishing(peer: Peer): Promise<void> {
    peer.published = null;
    if (this.publishers.get(this.publisherKey(peer)) === peer) this.publishers.delete(this.publisherKey(peer));
    await peer.sfu?.unpublish().catch(() => undefined);
    peer.emit(MEDIA_SERVER_EVENTS.producerClosed, { userId: peer.userId, own: true });
  }

  /** Drops wanted streams the grant no longer allows, and makes the SFU carry the rest that exist. */
  private async reconcile(peer: Peer): Promise<ReceiveOffer | null> {
    const grant = this.policies.grant(peer.roomId, peer.userId);
    for (const [key, { userId, kind }] of peer.wanted) {
      const allowed = kind === 'audio' ? grant.hears.includes(userId) : grant.sees.includes(userId);
      if (!allowed) peer.wanted.delete(key);
    }
    const carried = [...peer.wanted.values()].filter(
      ({ userId, kind }) => userId !== peer.userId && this.sfu?.publishes(peer.roomId, userId, kind),
    );
    const keys = new Set(carried.map(keyOf));
    if (keys.size === peer.receiving.size && [...keys].every((k) => peer.receiving.has(k))) return null;
    if (!this.sfu) return null;
    const gone = [...peer.receiving].filter((k) => !keys.has(k));
    peer.sfu ??= await this.sfu.join(peer.roomId, peer.userId, (offer) => this.offered(peer, offer));
    const offer = await peer.sfu.receive(carried);
    peer.receiving = keys;
    for (const key of gone) peer.emit(MEDIA_SERVER_EVENTS.producerClosed, { key });
    return offer;
  }

  private offered(peer: Peer, offer: ReceiveOffer): void {
    if (this.peers.get(peer.socketId) === peer) peer.emit(MEDIA_SERVER_EVENTS.renegotiate, offer);
  }

  /** The publishers a peer may receive now (what it hears or sees of them). */
  private visibleProducers(peer: Peer): MediaProducer[] {
    const grant = this.policies.grant(peer.roomId, peer.userId);
    const out: MediaProducer[] = [];
    for (const publisher of this.inRoom(peer.roomId)) {
      const p = publisher.published;
      if (!p || publisher.userId === peer.userId) continue;
      const audio = p.audio && grant.hears.includes(publisher.userId);
      const video = p.video && grant.sees.includes(publisher.userId);
      if (!audio && !video) continue;
      out.push({ userId: publisher.userId, audio, video, audioPaused: p.audioPaused, videoPaused: p.videoPaused });
    }
    return out;
  }

  private newsFor(peer: Peer): MediaProducer[] {
    const producers = this.visibleProducers(peer);
    peer.told = new Set(producers.map((p) => JSON.stringify(p)));
    return producers;
  }

  /** Tells each peer of the room the producers it may receive, when that list changed for it. */
  private tellProducers(roomId: string): void {
    for (const peer of this.inRoom(roomId)) {
      const before = peer.told;
      const producers = this.newsFor(peer);
      if (producers.length !== before.size || producers.some((p) => !before.has(JSON.stringify(p)))) {
        peer.emit(MEDIA_SERVER_EVENTS.newProducers, producers);
      }
    }
  }

  /** For tests and health: the streams a socket receives now. */
  receivingOf(socketId: string): string[] {
    return [...(this.peers.get(socketId)?.receiving ?? [])].sort();
  }
}
