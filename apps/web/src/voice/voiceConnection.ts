import {
  MEDIA_SERVER_EVENTS,
  MEDIA_SOCKET_PATH,
  type MediaGrantWire,
  type MediaProducer,
  type MediaStreamInfo,
  type MediaTicketAnswer,
} from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import { AppError } from '../api/appError';
import { getMediaTicket } from '../auth/backend';
import { audioConstraints, videoConstraints } from './constraints';
import { MicGain } from './micGain';
import { withOpusOptions } from './sdp';
import { type RemoteMedia, useVoiceStore } from './voiceStore';

/** Spec 2 §9: three simulcast layers of 0.5, 1 and 5 Mbps. */
const SIMULCAST: RTCRtpEncodingParameters[] = [
  { rid: 'l', scaleResolutionDownBy: 4, maxBitrate: 500_000 },
  { rid: 'm', scaleResolutionDownBy: 2, maxBitrate: 1_000_000 },
  { rid: 'h', maxBitrate: 5_000_000 },
];
/** Candidates are sent in the SDP (no trickle); gathering on a LAN takes a few ms, never this long. */
const GATHER_MS = 2_000;
/** Spec 2 §4: consumer errors reconnect with a 30 s cooldown; the first retries come sooner. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

type Ack =
  { ok: true; [key: string]: unknown } | { ok: false; error: { code: string; message: string; retryAfter?: number } };

/** A refused request; a rate-limited one says when to ask again (seconds). */
class MediaRefusal extends Error {
  constructor(
    readonly code: string,
    readonly retryAfter: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A user's sockets in the room: one who opens a second tab and closes it is still there. */
const countMember = (userId: string, change: 1 | -1) =>
  useVoiceStore.setState(({ members }) => {
    const { [userId]: count = 0, ...others } = members;
    return { members: count + change > 0 ? { ...others, [userId]: count + change } : others };
  });

const gathered = (pc: RTCPeerConnection) =>
  new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') {
        clearTimeout(timer);
        resolve();
      }
    });
  });

/**
 * The voice and video connection of one session (issue 17): a ticket from Belfry's server, the chat
 * server's socket, one connection to publish and one to receive. What may flow is the game's decision,
 * made on the servers; this side asks for what it is told it may have.
 */
export class VoiceConnection {
  private socket: Socket | null = null;
  private sending: RTCPeerConnection | null = null;
  private receiving: RTCPeerConnection | null = null;
  private local: MediaStream | null = null;
  private gain: MicGain | null = null;
  private lines = new Map<string, MediaStreamInfo>();
  private pendingConsume: MediaProducer[] | null = null;
  /** The socket whose consume loop runs (a new socket starts its own). */
  private consumingFor: Socket | null = null;
  private producersHeard = false;
  private closed = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: () => void;

  constructor(private readonly sessionId: string) {
    // Mic and camera wishes apply at once: publish again with what is wanted.
    let wish = this.wish();
    this.unsubscribe = useVoiceStore.subscribe(() => {
      const next = this.wish();
      if (next !== wish) {
        wish = next;
        void this.publish().catch((err) => this.retry(err));
      }
      this.applyTalking();
      this.gain?.setLevel(useVoiceStore.getState().micGain);
    });
    void this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.unsubscribe();
    this.teardown();
    useVoiceStore.setState({ status: 'off', grant: null, producers: [], remote: {}, members: {}, localVideo: null });
  }

  /** What publishing depends on: a change of any of these publishes again (the gain's level does not). */
  private wish(): string {
    const s = useVoiceStore.getState();
    return [
      (s.micOn || s.pushToTalk) && !s.audioDeafened,
      s.camOn && !s.videoDeafened,
      s.grant?.publish ?? false,
      s.audioDevice,
      s.videoDevice,
      s.echoCancellation,
      s.noiseSuppression,
      s.autoGainControl,
      s.micGain !== 1,
    ].join(':');
  }

  /**
   * Push-to-talk switches the microphone track, not the connection: a held key must be heard at once,
   * and a disabled track sends only silence (DTX keeps that to a few packets).
   */
  private applyTalking(): void {
    const { pushToTalk, talking } = useVoiceStore.getState();
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !pushToTalk || talking;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    // Spec 2 §8 "Browser not supported": a browser without WebRTC or capture (old Safari, Opera Mini, IE).
    if (typeof RTCPeerConnection === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      useVoiceStore.setState({ status: 'unsupported', problem: null });
      return;
    }
    useVoiceStore.setState({ status: this.attempt === 0 ? 'connecting' : 'reconnecting' });
    let ticket: MediaTicketAnswer;
    try {
      ticket = await getMediaTicket(this.sessionId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'no_chat_server') {
        useVoiceStore.setState({ status: 'off', problem: 'no_chat_server' });
        return;
      }
      return this.retry(err);
    }
    if (this.closed) return;
    // '' is the chat server that Belfry's own address forwards to (the one `npm start` runs).
    const socket = io(ticket.url || window.location.origin, {
      path: MEDIA_SOCKET_PATH,
      auth: { token: ticket.ticket },
      transports: ['websocket'],
      reconnection: false,
    });
    this.socket = socket;
    socket.on('connect', () => void this.joined(socket).catch((err) => this.retry(err)));
    socket.on('connect_error', (err) => this.retry(err));
    socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') this.retry(new Error(reason));
    });
    socket.on(MEDIA_SERVER_EVENTS.grant, (grant: MediaGrantWire) => useVoiceStore.setState({ grant }));
    socket.on(MEDIA_SERVER_EVENTS.newProducers, (producers: MediaProducer[]) => {
      this.producersHeard = true;
      useVoiceStore.setState({ producers });
      this.wantConsume(producers);
    });
    socket.on(
      MEDIA_SERVER_EVENTS.renegotiate,
      (offer: { jsep: RTCSessionDescriptionInit; streams: MediaStreamInfo[] }) =>
        void this.answer(offer).catch((err) => this.retry(err)),
    );
    socket.on(MEDIA_SERVER_EVENTS.producerClosed, () => this.pruneRemote());
    socket.on(MEDIA_SERVER_EVENTS.consumerJoined, ({ userId }: { userId: string }) => countMember(userId, 1));
    socket.on(MEDIA_SERVER_EVENTS.consumerLeft, ({ userId }: { userId: string }) => countMember(userId, -1));
  }

  private async request(event: string, payload: unknown): Promise<Ack & { ok: true }> {
    const answer = (await this.socket!.timeout(10_000).emitWithAck(event, payload)) as Ack;
    if (!answer.ok)
      throw new MediaRefusal(answer.error.code, answer.error.retryAfter, `${event}: ${answer.error.code}`);
    return answer;
  }

  private async joined(socket: Socket): Promise<void> {
    this.producersHeard = false;
    const answer = await this.request('join', { roomId: this.sessionId });
    if (socket !== this.socket) return;
    this.attempt = 0;
    // A newProducers event may have arrived before this answer is handled: it is the newer list.
    const producers = this.producersHeard ? useVoiceStore.getState().producers : (answer.producers as MediaProducer[]);
    useVoiceStore.setState({
      status: 'connected',
      problem: null,
      grant: answer.grant as MediaGrantWire,
      producers,
      members: Object.fromEntries((answer.members as string[]).map((id) => [id, 1])),
    });
    await this.publish();
    this.wantConsume(producers);
  }

  /** Publishes what the user wants and the game allows; stops publishing otherwise. */
  private async publish(): Promise<void> {
    if (!this.socket?.connected) return;
    const prefs = useVoiceStore.getState();
    // Spec 2 §4: deafened audio is muted audio too; likewise video.
    const audio = (prefs.micOn || prefs.pushToTalk) && !prefs.audioDeafened && prefs.grant?.publish === true;
    const video = prefs.camOn && !prefs.videoDeafened && prefs.grant?.publish === true;
    this.stopSending();
    if (!audio && !video) return;
    const local = await navigator.mediaDevices.getUserMedia({
      audio: audio ? audioConstraints(prefs) : false,
      video: video ? videoConstraints(prefs) : false,
    });
    this.local = local;
    this.applyTalking();
    const pc = new RTCPeerConnection();
    this.sending = pc;
    for (const track of local.getAudioTracks()) {
      // Spec 3 §5: a gain other than 1 goes through Web Audio; at 1 the microphone's own track is sent.
      this.gain = prefs.micGain === 1 ? null : new MicGain(track, prefs.micGain);
      pc.addTransceiver(this.gain?.track ?? track, { direction: 'sendonly' });
    }
    for (const track of local.getVideoTracks()) {
      pc.addTransceiver(track, { direction: 'sendonly', sendEncodings: SIMULCAST });
    }
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const sdp = withOpusOptions(pc.localDescription!.sdp);
    const answer = await this.request('produce', { jsep: { type: 'offer', sdp }, audio, video });
    if (this.sending !== pc) return;
    await pc.setRemoteDescription(answer.jsep as RTCSessionDescriptionInit);
    useVoiceStore.setState({ localVideo: video ? local : null });
  }

  private stopSending(): void {
    this.sending?.close();
    this.sending = null;
    this.gain?.close();
    this.gain = null;
    this.local?.getTracks().forEach((track) => track.stop());
    this.local = null;
    useVoiceStore.setState({ localVideo: null });
  }

  /**
   * Consume requests are serialised and coalesced: when a whole table joins at once the producer list
   * changes many times a second, and only the latest list matters. A rate-limited request waits as the
   * chat server says and asks again, instead of starting the connection over.
   */
  private wantConsume(producers: MediaProducer[]): void {
    this.pendingConsume = producers;
    if (this.consumingFor !== this.socket) void this.drainConsume();
  }

  private async drainConsume(): Promise<void> {
    const socket = this.socket;
    this.consumingFor = socket;
    try {
      while (this.pendingConsume && socket === this.socket) {
        const next = this.pendingConsume;
        this.pendingConsume = null;
        try {
          await this.consume(next);
        } catch (err) {
          if (!(err instanceof MediaRefusal) || err.code !== 'rate_limited') throw err;
          this.pendingConsume ??= next;
          await new Promise((resolve) => setTimeout(resolve, (err.retryAfter ?? 1) * 1_000));
        }
      }
    } catch (err) {
      if (socket === this.socket) this.retry(err);
    } finally {
      if (this.consumingFor === socket) this.consumingFor = null;
    }
  }

  /** Asks for every producer the game lets this user receive. */
  private async consume(producers: MediaProducer[]): Promise<void> {
    if (!this.socket?.connected || producers.length === 0) return;
    const answer = await this.request('consume', { userIds: producers.map((p) => p.userId) });
    if (answer.jsep)
      await this.answer(answer as unknown as { jsep: RTCSessionDescriptionInit; streams: MediaStreamInfo[] });
  }

  private async answer({ jsep, streams }: { jsep: RTCSessionDescriptionInit; streams: MediaStreamInfo[] }) {
    this.lines = new Map(streams.map((s) => [s.mid, s]));
    let pc = this.receiving;
    if (!pc) {
      pc = new RTCPeerConnection();
      this.receiving = pc;
      pc.ontrack = (event) => this.track(event);
    }
    await pc.setRemoteDescription(jsep);
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    await this.request('ready', { jsep: { type: 'answer', sdp: pc.localDescription!.sdp } });
    this.pruneRemote();
  }

  private track(event: RTCTrackEvent): void {
    const line = this.lines.get(event.transceiver.mid ?? '');
    if (!line) return;
    const stream = new MediaStream([event.track]);
    useVoiceStore.setState((s) => ({
      remote: { ...s.remote, [line.userId]: { ...s.remote[line.userId], [line.kind]: stream } },
    }));
  }

  /** Drops remote media whose m-line the receiving connection no longer carries. */
  private pruneRemote(): void {
    const carried = new Set([...this.lines.values()].map((l) => `${l.kind}:${l.userId}`));
    const remote: Record<string, RemoteMedia> = {};
    for (const [userId, media] of Object.entries(useVoiceStore.getState().remote)) {
      const kept: RemoteMedia = {};
      if (media.audio && carried.has(`audio:${userId}`)) kept.audio = media.audio;
      if (media.video && carried.has(`video:${userId}`)) kept.video = media.video;
      if (kept.audio || kept.video) remote[userId] = kept;
    }
    useVoiceStore.setState({ remote });
  }

  /** A lost socket, a refused request or an SDP the browser could not take: start over, after a pause. */
  private retry(err: unknown): void {
    if (this.closed) return;
    this.teardown();
    const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)]!;
    this.attempt++;
    useVoiceStore.setState({
      status: 'reconnecting',
      problem: err instanceof AppError ? err.code : 'chat_server_unavailable',
      remote: {},
      producers: [],
      members: {},
    });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private teardown(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
    this.stopSending();
    this.receiving?.close();
    this.receiving = null;
    this.lines.clear();
  }
}
