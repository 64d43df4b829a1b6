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
import { withOpusOptions } from './sdp';
import { type RemoteMedia, useVoiceStore } from './voiceStore';

/** Spec 2 §9: video 320 min / 480 ideal, square; three simulcast layers of 0.5, 1 and 5 Mbps. */
const VIDEO: MediaTrackConstraints = {
  width: { min: 320, ideal: 480 },
  height: { min: 320, ideal: 480 },
  aspectRatio: 1,
};
const SIMULCAST: RTCRtpEncodingParameters[] = [
  { rid: 'l', scaleResolutionDownBy: 4, maxBitrate: 500_000 },
  { rid: 'm', scaleResolutionDownBy: 2, maxBitrate: 1_000_000 },
  { rid: 'h', maxBitrate: 5_000_000 },
];
/** Spec 2 §9: mono audio with echo cancellation, noise suppression and auto gain. */
const AUDIO: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};
/** Candidates are sent in the SDP (no trickle); gathering on a LAN takes a few ms, never this long. */
const GATHER_MS = 2_000;
/** Spec 2 §4: consumer errors reconnect with a 30 s cooldown; the first retries come sooner. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

type Ack = { ok: true; [key: string]: unknown } | { ok: false; error: { code: string; message: string } };

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
  private lines = new Map<string, MediaStreamInfo>();
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
    });
    void this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.unsubscribe();
    this.teardown();
    useVoiceStore.setState({ status: 'off', grant: null, producers: [], remote: {}, online: 0, localVideo: null });
  }

  private wish(): string {
    const { micOn, camOn, pushToTalk, grant } = useVoiceStore.getState();
    return `${micOn || pushToTalk}:${camOn}:${grant?.publish ?? false}`;
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
      useVoiceStore.setState({ producers });
      void this.consume(producers).catch((err) => this.retry(err));
    });
    socket.on(
      MEDIA_SERVER_EVENTS.renegotiate,
      (offer: { jsep: RTCSessionDescriptionInit; streams: MediaStreamInfo[] }) =>
        void this.answer(offer).catch((err) => this.retry(err)),
    );
    socket.on(MEDIA_SERVER_EVENTS.producerClosed, () => this.pruneRemote());
    socket.on(MEDIA_SERVER_EVENTS.consumerJoined, () => useVoiceStore.setState((s) => ({ online: s.online + 1 })));
    socket.on(MEDIA_SERVER_EVENTS.consumerLeft, () =>
      useVoiceStore.setState((s) => ({ online: Math.max(1, s.online - 1) })),
    );
  }

  private async request(event: string, payload: unknown): Promise<Ack & { ok: true }> {
    const answer = (await this.socket!.timeout(10_000).emitWithAck(event, payload)) as Ack;
    if (!answer.ok) throw new Error(`${event}: ${answer.error.code}`);
    return answer;
  }

  private async joined(socket: Socket): Promise<void> {
    const answer = await this.request('join', { roomId: this.sessionId });
    if (socket !== this.socket) return;
    this.attempt = 0;
    const producers = answer.producers as MediaProducer[];
    useVoiceStore.setState({
      status: 'connected',
      problem: null,
      grant: answer.grant as MediaGrantWire,
      producers,
      online: 1 + producers.length,
    });
    await this.publish();
    await this.consume(producers);
  }

  /** Publishes what the user wants and the game allows; stops publishing otherwise. */
  private async publish(): Promise<void> {
    if (!this.socket?.connected) return;
    const { micOn, camOn, pushToTalk, grant } = useVoiceStore.getState();
    const audio = (micOn || pushToTalk) && grant?.publish === true;
    const video = camOn && grant?.publish === true;
    this.sending?.close();
    this.sending = null;
    this.local?.getTracks().forEach((track) => track.stop());
    this.local = null;
    useVoiceStore.setState({ localVideo: null });
    if (!audio && !video) return;
    const local = await navigator.mediaDevices.getUserMedia({
      audio: audio ? AUDIO : false,
      video: video ? VIDEO : false,
    });
    this.local = local;
    this.applyTalking();
    const pc = new RTCPeerConnection();
    this.sending = pc;
    for (const track of local.getAudioTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
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
    });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private teardown(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.removeAllListeners();
    socket?.disconnect();
    this.sending?.close();
    this.receiving?.close();
    this.sending = null;
    this.receiving = null;
    this.lines.clear();
    this.local?.getTracks().forEach((track) => track.stop());
    this.local = null;
  }
}
