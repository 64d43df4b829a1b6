import { randomBytes } from 'node:crypto';
import type { MediaKind, MediaStreamInfo } from '@belfry/protocol';
import {
  configure,
  connectJanus,
  createRoom,
  destroyRoom,
  joinAndConfigure,
  joinSubscriber,
  type JanusClient,
  type JanusHandle,
  type JanusProcess,
  type JanusSession,
  onSubscriberOffer,
  type StartJanusOptions,
  start,
  startJanus,
  type StreamSource,
  type SubscribedStream,
  update,
  VIDEOROOM,
} from './janus';
import type { Jsep, ReceiveOffer, Sfu, SfuPeer, StreamKey } from './sfu';

/** One Janus VideoRoom room per Belfry room. */
interface JanusRoom {
  number: number;
  secret: string;
  pin: string;
  ready: Promise<void>;
  /** Live publishers: their Janus feed and the mid of each kind they send. */
  feeds: Map<string, { id: number; mids: Partial<Record<MediaKind, string>>; live: boolean }>;
}

const token = () => randomBytes(18).toString('base64url');

/**
 * The SFU on Janus (issue 17): the chat server speaks Janus's API on loopback with the API secret;
 * browsers only exchange SDP with the chat server and send media to Janus. Rooms carry a secret and
 * a pin that never leave this process, so nobody can join a Janus room around the chat server.
 */
export class JanusSfu implements Sfu {
  private readonly rooms = new Map<string, JanusRoom>();
  private readonly listeners = new Set<(roomId: string) => void>();
  private nextRoom = 1;

  private constructor(
    private readonly janus: JanusProcess,
    private readonly client: JanusClient,
    private readonly session: JanusSession,
    private readonly admin: JanusHandle,
  ) {}

  static async start(options: StartJanusOptions): Promise<JanusSfu> {
    const janus = await startJanus(options);
    try {
      const client = await connectJanus(janus.url, { apiSecret: janus.apiSecret });
      const session = await client.createSession();
      const admin = await session.attach(VIDEOROOM);
      return new JanusSfu(janus, client, session, admin);
    } catch (err) {
      await janus.stop();
      throw err;
    }
  }

  get pid(): number {
    return this.janus.pid;
  }

  /** Janus exited (crash or kill): the chat server cannot carry media any more. */
  get exited(): Promise<number | null> {
    return this.janus.exited;
  }

  /** Hears when a room's live publishers change (a publisher's connection came up or went). */
  onPublishersChanged(listener: (roomId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publishes(roomId: string, userId: string, kind: MediaKind): boolean {
    const feed = this.rooms.get(roomId)?.feeds.get(userId);
    return feed !== undefined && feed.live && feed.mids[kind] !== undefined;
  }

  async join(roomId: string, userId: string, offered: (offer: ReceiveOffer) => void): Promise<SfuPeer> {
    const room = this.room(roomId);
    await room.ready;
    return new JanusPeer(this.session, room, userId, offered, () => this.changed(roomId));
  }

  async closeRoom(roomId: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room) return;
    this.rooms.delete(roomId);
    await room.ready.catch(() => undefined);
    await destroyRoom(this.admin, { room: room.number, secret: room.secret }).catch(() => undefined);
  }

  async stop(): Promise<void> {
    await this.session.destroy().catch(() => undefined);
    await this.client.close().catch(() => undefined);
    await this.janus.stop();
  }

  private changed(roomId: string): void {
    for (const listener of this.listeners) listener(roomId);
  }

  private room(roomId: string): JanusRoom {
    let room = this.rooms.get(roomId);
    if (!room) {
      const number = this.nextRoom++;
      const secret = token();
      const pin = token();
      room = {
        number,
        secret,
        pin,
        feeds: new Map(),
        ready: createRoom(this.admin, {
          room: number,
          secret,
          pin,
          publishers: 200,
          notifyJoining: false,
          opusDtx: true,
        }).then(() => undefined),
      };
      this.rooms.set(roomId, room);
    }
    return room;
  }
}

/** One user's publisher and subscriber handles in one room. */
class JanusPeer implements SfuPeer {
  private publisher: JanusHandle | null = null;
  private subscriber: JanusHandle | null = null;
  /** What the subscription carries now, by source (`feed:mid`). */
  private carried = new Map<string, StreamSource>();
  /** Each m-line of the subscription: whose stream it carries (the publisher's display is its user id). */
  private lines: MediaStreamInfo[] = [];

  constructor(
    private readonly session: JanusSession,
    private readonly room: JanusRoom,
    private readonly userId: string,
    private readonly offered: (offer: ReceiveOffer) => void,
    private readonly changed: () => void,
  ) {}

  async publish(offer: Jsep, send: { audio: boolean; video: boolean }) {
    await this.unpublish();
    // A fresh handle for every offer: Janus cannot take a second offer on a handle that refused one.
    const handle = await this.session.attach(VIDEOROOM);
    this.publisher = handle;
    try {
      const joined = await joinAndConfigure(handle, {
        room: this.room.number,
        pin: this.room.pin,
        display: this.userId,
        offer,
        audio: send.audio,
        video: send.video,
      });
      const mids: Partial<Record<MediaKind, string>> = {};
      for (const m of joined.answer.sdp.matchAll(/^m=(audio|video) [^\r\n]*[\s\S]*?^a=mid:(\S+)/gm)) {
        mids[m[1] as MediaKind] ??= m[2]!;
      }
      this.room.feeds.set(this.userId, { id: joined.id, mids, live: false });
      handle.on((event) => {
        if (event.type === 'webrtcup') {
          const feed = this.room.feeds.get(this.userId);
          if (feed?.id === joined.id) feed.live = true;
          this.changed();
        } else if (event.type === 'hangup' || event.type === 'detached') this.dropFeed(joined.id);
      });
      return { answer: { type: 'answer' as const, sdp: joined.answer.sdp }, audio: !!mids.audio, video: !!mids.video };
    } catch (err) {
      this.publisher = null;
      await handle.detach().catch(() => undefined);
      throw err;
    }
  }

  async setSending(kind: MediaKind, send: boolean): Promise<void> {
    const mid = this.room.feeds.get(this.userId)?.mids[kind];
    if (!this.publisher || mid === undefined) return;
    await configure(this.publisher, { streams: [{ mid, send }] });
  }

  async unpublish(): Promise<void> {
    const handle = this.publisher;
    this.publisher = null;
    if (!handle) return;
    const feed = this.room.feeds.get(this.userId);
    await handle.detach().catch(() => undefined);
    if (feed) this.dropFeed(feed.id);
  }

  async receive(streams: readonly StreamKey[]): Promise<ReceiveOffer | null> {
    const wanted = new Map<string, StreamSource>();
    for (const { userId, kind } of streams) {
      const feed = this.room.feeds.get(userId);
      const mid = feed?.mids[kind];
      if (feed?.live && mid !== undefined) wanted.set(`${feed.id}:${mid}`, { feed: feed.id, mid });
    }
    const add = [...wanted].filter(([k]) => !this.carried.has(k)).map(([, s]) => s);
    const remove = [...this.carried].filter(([k]) => !wanted.has(k)).map(([, s]) => s);
    if (add.length === 0 && remove.length === 0) return null;
    if (!this.subscriber) {
      if (add.length === 0) return null;
      const handle = await this.session.attach(VIDEOROOM);
      this.subscriber = handle;
      onSubscriberOffer(handle, ({ offer, streams: now }) => {
        this.carried = carriedOf(now);
        this.lines = linesOf(now);
        this.offered({ jsep: { type: 'offer', sdp: offer.sdp }, streams: this.lines });
      });
      const joined = await joinSubscriber(handle, { room: this.room.number, pin: this.room.pin, streams: add });
      this.carried = carriedOf(joined.streams);
      this.lines = linesOf(joined.streams);
      return { jsep: { type: 'offer', sdp: joined.offer.sdp }, streams: this.lines };
    }
    const changed = await update(this.subscriber, {
      ...(add.length ? { subscribe: add } : {}),
      ...(remove.length ? { unsubscribe: remove } : {}),
    });
    if (changed.streams) {
      this.carried = carriedOf(changed.streams);
      this.lines = linesOf(changed.streams);
    } else this.carried = wanted;
    return changed.offer ? { jsep: { type: 'offer', sdp: changed.offer.sdp }, streams: this.lines } : null;
  }

  async answer(jsep: Jsep): Promise<void> {
    if (!this.subscriber) return;
    await start(this.subscriber, { type: 'answer', sdp: jsep.sdp });
  }

  async close(): Promise<void> {
    await this.unpublish();
    const handle = this.subscriber;
    this.subscriber = null;
    await handle?.detach().catch(() => undefined);
  }

  private dropFeed(id: number): void {
    const feed = this.room.feeds.get(this.userId);
    if (feed?.id !== id) return;
    this.room.feeds.delete(this.userId);
    this.changed();
  }
}

const carriedOf = (streams: readonly SubscribedStream[]): Map<string, StreamSource> => {
  const out = new Map<string, StreamSource>();
  for (const s of streams) {
    if (s.feedId !== undefined && s.feedMid !== undefined && s.send) {
      out.set(`${s.feedId}:${s.feedMid}`, { feed: s.feedId, mid: s.feedMid });
    }
  }
  return out;
};

const linesOf = (streams: readonly SubscribedStream[]): MediaStreamInfo[] =>
  streams.flatMap((s) =>
    s.feedDisplay !== undefined && s.send && (s.type === 'audio' || s.type === 'video')
      ? [{ mid: s.mid, userId: s.feedDisplay, kind: s.type }]
      : [],
  );
