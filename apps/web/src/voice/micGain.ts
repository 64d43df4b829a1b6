/**
 * Spec 3 §5 microphone gain (0–2): the microphone's track through a Web Audio gain, and the track that
 * comes out of it to be sent. Push-to-talk still switches the microphone's own track, which silences
 * what comes out here too.
 */
export class MicGain {
  readonly track: MediaStreamTrack;
  private readonly context = new AudioContext();
  private readonly node: GainNode;

  constructor(source: MediaStreamTrack, level: number) {
    const input = this.context.createMediaStreamSource(new MediaStream([source]));
    this.node = this.context.createGain();
    this.node.gain.value = level;
    const output = this.context.createMediaStreamDestination();
    input.connect(this.node).connect(output);
    this.track = output.stream.getAudioTracks()[0]!;
  }

  setLevel(level: number): void {
    this.node.gain.value = level;
  }

  close(): void {
    this.track.stop();
    void this.context.close().catch(() => undefined);
  }
}
