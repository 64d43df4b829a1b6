import { MEDIA_SERVER_EVENTS, MEDIA_SOCKET_PATH, type MediaProducer, type MediaStreamInfo } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import {
  type MediaStreamTrack,
  type RTCIceServer,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RtpPacket,
} from 'werift';
import type { AudioSink, AudioSource } from './voice-audio';
import { now, sleep } from './timing';

/**
 * One synthetic user on the chat server, doing what the web app's voice connection does
 * (apps/web src/voice/voiceConnection.ts): the ticket's socket, `join`, one connection that publishes
 * one sendonly Opus track (`produce` with the offer, usedtx=1 as the app adds it), one connection that
 * receives everyone it may hear (`consume`, the SFU's offers answered with `ready`), complete SDP and
 * no trickle. Requests of one peer run one at a time; `consume` is sent again only when a producer is
 * new to it (the app sends one per `newProducers`: BENCH_VOICE_APP_CONSUME=1 does that too), and a
 * `rate_limited` answer is retried after its `retryAfter` (the app would start over).
 */
export interface PeerSpec {
  url: string;
  roomId: string;
  userId: string;
  ticket: string;
  /** The only address werift gathers on (inside the benchmark's network namespace). */
  ip: string;
}

/** When this peer reached each stage, in now() ms. */
export interface PeerTimes {
  joined: number | null;
  publishing: number | null;
  /** Its receiving connection is up and carries a stream of every other user of the room. */
  allStreams: number | null;
}

type Ack = { ok: true; [key: string]: unknown } | { ok: false; error: { code: string; retryAfter?: number } };
type Offer = { jsep: { type: 'offer'; sdp: string }; streams: MediaStreamInfo[] };

/** No STUN or TURN server (werift asks a public one by default), IPv4 on the given address only, Opus only. */
const peerConfig = (ip: string) => ({
  iceServers: [] as RTCIceServer[],
  iceUseIpv6: false,
  iceInterfaceAddresses: { udp4: ip },
  codecs: {
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 })],
    video: [],
  },
});

/**
 * werift asks stun.l.google.com when no STUN server is configured, `iceServers: []` included: no
 * server reflexive candidates at all, so nothing is ever sent beyond the given address.
 */
const noStun = (pc: RTCPeerConnection) => {
  for (const transport of pc.iceTransports) transport.connection.stunServer = undefined;
};

const gathered = async (pc: RTCPeerConnection) => {
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((s) => s === 'complete', 5_000);
};

/** The Opus options the web app adds to its offer (apps/web src/voice/sdp.ts): mono, DTX and FEC. */
const withOpusOptions = (sdp: string): string => {
  const pt = /^a=rtpmap:(\d+) opus\/48000/im.exec(sdp)?.[1];
  if (!pt) return sdp;
  const options = 'usedtx=1;useinbandfec=1;stereo=0';
  const fmtp = new RegExp(`^a=fmtp:${pt} ([^\\r\\n]*)`, 'm');
  if (fmtp.test(sdp)) return sdp.replace(fmtp, `a=fmtp:${pt} $1;${options}`);
  return sdp.replace(new RegExp(`^(a=rtpmap:${pt} [^\\r\\n]*)(\\r?\\n)`, 'm'), `$1$2a=fmtp:${pt} ${options}$2`);
};

const APP_CONSUME = process.env.BENCH_VOICE_APP_CONSUME === '1';

const audioOf = (producers: MediaProducer[]) => new Set(producers.filter((p) => p.audio).map((p) => p.userId));

/**
 * werift's DTLS server drops a ClientHello that arrives before its own ICE side calls the connection
 * up, and the client (Janus) sends it again only after DTLS's 1 s retransmission timer: publishing took
 * 1.1 s instead of 0.1 s. Offering `setup:active` makes werift the DTLS client, as it is on the
 * receiving connection (Janus offers there), so it starts the handshake when it is ready.
 */
const dtlsClient = (sdp: string) =>
  process.env.BENCH_VOICE_ACTPASS ? sdp : sdp.replace(/^a=setup:actpass/gm, 'a=setup:active');

export class VoicePeer {
  readonly times: PeerTimes = { joined: null, publishing: null, allStreams: null };
  /** What was refused, by error code (rate_limited answers were retried). */
  readonly refusals: Record<string, number> = {};
  requests = 0;
  /** Events heard from the chat server, for a room that did not connect. */
  private readonly events = { newProducers: 0, renegotiate: 0, joinProducers: -1 };
  error: string | null = null;
  /** What this peer receives, by publisher. */
  readonly sinks = new Map<string, AudioSink>();
  private readonly socket: Socket;
  private sending: RTCPeerConnection | null = null;
  private receiving: RTCPeerConnection | null = null;
  private lines = new Map<string, string>();
  private chain: Promise<unknown> = Promise.resolve();
  private producers = new Set<string>();
  private consumed = new Set<string>();
  private consumeQueued = false;
  private closed = false;

  constructor(
    private readonly spec: PeerSpec,
    private readonly source: AudioSource,
    /** The sink for a publisher of the room (the room knows every publisher's source). */
    private readonly sinkFor: (userId: string) => AudioSink | null,
    private readonly others: number,
  ) {
    this.socket = io(spec.url, {
      path: MEDIA_SOCKET_PATH,
      auth: { token: spec.ticket },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    this.socket.on('connect', () => this.serial(() => this.joined()));
    this.socket.on('connect_error', (err) => this.fail(`connect: ${err.message}`));
    this.socket.on('disconnect', (reason) => {
      if (!this.closed) this.fail(`disconnected: ${reason}`);
    });
    this.socket.on(MEDIA_SERVER_EVENTS.newProducers, (producers: MediaProducer[]) => {
      this.events.newProducers++;
      this.heard(producers);
    });
    this.socket.on(MEDIA_SERVER_EVENTS.renegotiate, (offer: Offer) => {
      this.events.renegotiate++;
      this.serial(() => this.answer(offer));
    });
  }

  get userId(): string {
    return this.spec.userId;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.source.stop();
    this.socket.removeAllListeners();
    this.socket.disconnect();
    await Promise.all([this.sending?.close(), this.receiving?.close()].map((p) => p?.catch(() => undefined)));
  }

  private fail(message: string): void {
    if (this.closed) return;
    this.error ??= message;
  }

  private serial(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((err: Error) => this.fail(err.message));
  }

  private async request(event: string, payload: unknown): Promise<Ack & { ok: true }> {
    for (;;) {
      this.requests++;
      const answer = (await this.socket.timeout(10_000).emitWithAck(event, payload)) as Ack;
      if (answer.ok) return answer;
      const code = answer.error.code;
      this.refusals[code] = (this.refusals[code] ?? 0) + 1;
      if (code !== 'rate_limited' || this.closed) throw new Error(`${event}: ${code}`);
      await sleep((answer.error.retryAfter ?? 1) * 1000);
    }
  }

  private async joined(): Promise<void> {
    const answer = await this.request('join', { roomId: this.spec.roomId });
    this.times.joined = now();
    // `newProducers` events sent after the join's answer may be handled before this continuation runs
    // (socket.io dispatches a whole read at once; a busy generator reads many): they are newer, so the
    // join's list only adds to what they said. Taking the join's list as is lost every producer they named.
    const listed = audioOf(answer.producers as MediaProducer[]);
    this.events.joinProducers = listed.size;
    this.producers = new Set([...listed, ...this.producers]);
    await this.publish();
    this.heard(null);
  }

  private async publish(): Promise<void> {
    const pc = new RTCPeerConnection(peerConfig(this.spec.ip));
    this.sending = pc;
    const transceiver = pc.addTransceiver('audio', { direction: 'sendonly' });
    let payloadType = 111;
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !this.source.live) {
        this.times.publishing ??= now();
        const sender = transceiver.sender;
        this.source.start((packet: RtpPacket) => void sender.sendRtp(packet), now(), payloadType);
      } else if (state === 'failed') this.fail('the sending connection failed');
    });
    noStun(pc);
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const sdp = dtlsClient(withOpusOptions(pc.localDescription!.sdp));
    const answer = await this.request('produce', { jsep: { type: 'offer', sdp }, audio: true, video: false });
    const jsep = answer.jsep as { type: 'answer'; sdp: string };
    payloadType = Number(/^a=rtpmap:(\d+) opus\/48000/im.exec(jsep.sdp)?.[1] ?? payloadType);
    await pc.setRemoteDescription(jsep);
  }

  /** Producers the peer may receive now: ask for them when any is new (one consume in the queue at a time). */
  private heard(producers: MediaProducer[] | null): void {
    if (producers) this.producers = audioOf(producers);
    if (APP_CONSUME && producers) return this.consumeAll([...this.producers]);
    if (this.consumeQueued || [...this.producers].every((id) => this.consumed.has(id))) return;
    this.consumeQueued = true;
    this.serial(async () => {
      this.consumeQueued = false;
      const userIds = [...this.producers];
      if (userIds.length === 0 || userIds.every((id) => this.consumed.has(id))) return;
      for (const id of userIds) this.consumed.add(id);
      const answer = await this.request('consume', { userIds });
      if (answer.jsep) await this.answer(answer as unknown as Offer);
    });
  }

  /** What the web app does on every `newProducers`: consume them all (BENCH_VOICE_APP_CONSUME=1). */
  private consumeAll(userIds: string[]): void {
    if (userIds.length === 0) return;
    this.serial(async () => {
      const answer = await this.request('consume', { userIds });
      if (answer.jsep) await this.answer(answer as unknown as Offer);
    });
  }

  private async answer({ jsep, streams }: Offer): Promise<void> {
    this.lines = new Map(streams.map((s) => [s.mid, s.userId]));
    let pc = this.receiving;
    if (!pc) {
      pc = new RTCPeerConnection(peerConfig(this.spec.ip));
      this.receiving = pc;
      // Tracks must be listened to before the first setRemoteDescription (werift fires them there).
      // werift fires `track` again for transceivers it already had at every renegotiation: listen once.
      const listened = new WeakSet<MediaStreamTrack>();
      pc.ontrack = ({ track, transceiver }) => {
        if (listened.has(track)) return;
        listened.add(track);
        let sink: AudioSink | null = null;
        track.onReceiveRtp.subscribe((rtp) => {
          sink ??= this.sinkOf(transceiver.mid);
          sink?.onPacket(rtp.payload);
        });
      };
      pc.connectionStateChange.subscribe(() => this.checkStreams());
    }
    await pc.setRemoteDescription(jsep);
    noStun(pc);
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    await this.request('ready', { jsep: { type: 'answer', sdp: pc.localDescription!.sdp } });
    this.checkStreams();
  }

  /** Where this peer stands, for a room that did not connect. */
  describe(): string {
    const heard = [...this.sinks.values()].filter((sink) => sink.firstAt !== null).length;
    return (
      `${this.spec.userId}: sending ${this.sending?.connectionState ?? 'none'}, receiving ` +
      `${this.receiving?.connectionState ?? 'none'} with ${new Set(this.lines.values()).size} of ${this.others} ` +
      `streams, ${heard} heard, ${this.producers.size} producers known (${this.events.joinProducers} at join), ` +
      `${this.events.newProducers} newProducers and ${this.events.renegotiate} renegotiate events, ${this.requests} requests`
    );
  }

  private sinkOf(mid: string | null): AudioSink | null {
    const userId = mid === null ? undefined : this.lines.get(mid);
    if (userId === undefined) return null;
    let sink = this.sinks.get(userId) ?? null;
    if (!sink) {
      sink = this.sinkFor(userId);
      if (sink) this.sinks.set(userId, sink);
    }
    return sink;
  }

  private checkStreams(): void {
    if (this.times.allStreams !== null || this.receiving?.connectionState !== 'connected') return;
    if (new Set(this.lines.values()).size >= this.others) this.times.allStreams = now();
  }
}
