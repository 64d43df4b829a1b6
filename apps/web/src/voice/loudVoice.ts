/** A voice played louder than 100 % (spec 3 §5 volume override up to 2): Web Audio with a gain. */
export class LoudVoice {
  private readonly context = new AudioContext();
  private readonly gain = this.context.createGain();

  constructor(stream: MediaStream) {
    this.context.createMediaStreamSource(stream).connect(this.gain).connect(this.context.destination);
    // A context made without a user gesture starts suspended; the next interaction wakes it.
    if (this.context.state === 'suspended') {
      const resume = () => void this.context.resume().catch(() => undefined);
      window.addEventListener('pointerdown', resume, { once: true });
    }
  }

  setLevel(level: number): void {
    this.gain.gain.value = level;
  }

  close(): void {
    void this.context.close().catch(() => undefined);
  }
}
