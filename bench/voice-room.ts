import { AudioSink, AudioSource } from './voice-audio';
import { type PeerSpec, VoicePeer } from './voice-peer';
import { now, sleep } from './timing';

/** A room's connect, as the main thread asks for it: one ticket per user. */
export interface RoomSpec {
  url: string;
  roomId: string;
  ip: string;
  users: { userId: string; ticket: string }[];
  talkers: number;
  rotateMs: number;
  timeoutMs: number;
}

/** How long after the start the last of the room's peers reached each stage (ms). */
export interface RoomConnect {
  roomId: string;
  joinedMs: number;
  publishingMs: number;
  /** Every receiving connection up and carrying all the others' streams. */
  allStreamsMs: number;
  /** And a packet of every other user received by every user. */
  allAudioMs: number;
  requests: number;
  refusals: Record<string, number>;
}

/** One window's count for a room. */
export interface RoomCount {
  expected: number;
  received: number;
  duplicates: number;
  sent: number;
}

/**
 * The users of one room in this thread: their peers, their audio sources, and who talks. At most
 * `talkers` talk at once; every `rotateMs` the next ones take over, the rest are silent (DTX).
 */
export class VoiceRoom {
  readonly peers: VoicePeer[] = [];
  private readonly sources = new Map<string, AudioSource>();
  private startedAt = 0;

  constructor(
    private readonly spec: RoomSpec,
    private readonly delays: number[],
  ) {
    for (const { userId } of spec.users) this.sources.set(userId, new AudioSource());
  }

  get roomId() {
    return this.spec.roomId;
  }

  /** Starts all peers at once and waits until each hears every other one (or the timeout passes). */
  async connect(): Promise<RoomConnect> {
    const { users, url, roomId, ip } = this.spec;
    this.startedAt = now();
    for (const { userId, ticket } of users) {
      const spec: PeerSpec = { url, roomId, userId, ticket, ip };
      const sink = (publisher: string) => {
        const source = this.sources.get(publisher);
        return source && publisher !== userId ? new AudioSink(source, this.delays, now) : null;
      };
      this.peers.push(new VoicePeer(spec, this.sources.get(userId)!, sink, users.length - 1));
    }
    const deadline = this.startedAt + this.spec.timeoutMs;
    let audioAt: number | null = null;
    while (now() < deadline) {
      const failed = this.peers.find((peer) => peer.error !== null);
      if (failed) throw new Error(`${failed.userId}: ${failed.error}`);
      if (this.peers.every((peer) => peer.times.allStreams !== null) && this.heardAll()) {
        audioAt = now();
        break;
      }
      await sleep(5);
    }
    const last = (stage: 'joined' | 'publishing' | 'allStreams') => {
      const times = this.peers.map((peer) => peer.times[stage]);
      return times.some((t) => t === null) ? Number.NaN : Math.max(...(times as number[])) - this.startedAt;
    };
    const refusals: Record<string, number> = {};
    for (const peer of this.peers) {
      for (const [code, n] of Object.entries(peer.refusals)) refusals[code] = (refusals[code] ?? 0) + n;
    }
    const result: RoomConnect = {
      roomId,
      joinedMs: last('joined'),
      publishingMs: last('publishing'),
      allStreamsMs: last('allStreams'),
      allAudioMs: audioAt === null ? Number.NaN : audioAt - this.startedAt,
      requests: this.peers.reduce((sum, peer) => sum + peer.requests, 0),
      refusals,
    };
    if (audioAt === null)
      throw new Error(`room ${roomId} did not connect in ${this.spec.timeoutMs} ms: ${this.stuck()}`);
    return result;
  }

  /** Every user received at least one packet of every other user. */
  private heardAll(peers = this.peers): boolean {
    const others = this.spec.users.length - 1;
    return peers.every((peer) => {
      let heard = 0;
      for (const sink of peer.sinks.values()) if (sink.firstAt !== null) heard++;
      return heard >= others;
    });
  }

  private stuck(): string {
    const waiting = this.peers.filter((peer) => peer.times.allStreams === null);
    const refused = this.peers.reduce((n, peer) => n + Object.values(peer.refusals).reduce((a, b) => a + b, 0), 0);
    const deaf = this.peers.filter((peer) => peer.times.allStreams !== null && !this.heardAll([peer]));
    return (
      `${waiting.length} peer(s) without all streams, ${deaf.length} more without audio from all, ${refused} refusal(s); ` +
      [...waiting, ...deaf]
        .slice(0, 3)
        .map((peer) => peer.describe())
        .join('; ')
    );
  }

  /** Sends what is due; answers the lateness of the most overdue packet (ms). */
  tick(at: number): number {
    const size = this.spec.users.length;
    const turn = Math.floor((at - this.startedAt) / this.spec.rotateMs);
    let late = 0;
    this.spec.users.forEach(({ userId }, i) => {
      const talking = (i - turn * this.spec.talkers) % size;
      const slot = talking < 0 ? talking + size : talking;
      late = Math.max(late, this.sources.get(userId)!.tick(at, slot < this.spec.talkers));
    });
    return late;
  }

  windowStart(): void {
    for (const source of this.sources.values()) {
      source.windowStart = source.count;
      source.windowEnd = Number.POSITIVE_INFINITY;
    }
    for (const peer of this.peers) {
      for (const sink of peer.sinks.values()) {
        sink.windowReceived = 0;
        sink.duplicates = 0;
      }
    }
  }

  windowEnd(): void {
    for (const source of this.sources.values()) source.windowEnd = source.count;
  }

  /** Expected: every packet each publisher sent in the window, once per other user of the room. */
  count(): RoomCount {
    const out: RoomCount = { expected: 0, received: 0, duplicates: 0, sent: 0 };
    for (const source of this.sources.values()) out.sent += source.windowEnd - source.windowStart;
    for (const [p, peer] of this.peers.entries()) {
      const self = this.spec.users[p]!.userId;
      for (const [userId, source] of this.sources) {
        if (userId === self) continue;
        out.expected += source.windowEnd - source.windowStart;
        const sink = peer.sinks.get(userId);
        out.received += sink?.windowReceived ?? 0;
        out.duplicates += sink?.duplicates ?? 0;
      }
    }
    return out;
  }

  async close(): Promise<void> {
    await Promise.all(this.peers.map((peer) => peer.close()));
  }
}
