import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's AudioContext: only the state machine the module drives. */
class FakeAudioContext {
  static made = 0;
  state: 'suspended' | 'running' = 'suspended';
  constructor() {
    FakeAudioContext.made++;
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  suspend() {
    this.state = 'suspended';
    return Promise.resolve();
  }
}

const load = async () => {
  vi.resetModules();
  return import('./audioContext');
};

describe('the shared audio context', () => {
  beforeEach(() => {
    FakeAudioContext.made = 0;
    vi.useFakeTimers();
    vi.stubGlobal('window', { AudioContext: FakeAudioContext });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is one context for every sound, woken for a sound and asleep 4 s after it ends', async () => {
    const { audioFor } = await load();
    const ctx = audioFor(1) as unknown as FakeAudioContext;
    expect(ctx.state).toBe('running');
    expect(audioFor(0.5)).toBe(ctx as unknown as AudioContext);
    expect(FakeAudioContext.made).toBe(1);
    // The last sound lasts 0.5 s: asleep 0.5 s + 4 s after it started, not before.
    vi.advanceTimersByTime(4_400);
    expect(ctx.state).toBe('running');
    vi.advanceTimersByTime(200);
    expect(ctx.state).toBe('suspended');
    audioFor(7);
    expect(ctx.state).toBe('running');
  });

  it('is created by the first click or key press, then stops listening', async () => {
    const listeners = new Map<string, () => void>();
    vi.stubGlobal('window', {
      AudioContext: FakeAudioContext,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    });
    const { unlockAudioOnGesture } = await load();
    unlockAudioOnGesture();
    expect(FakeAudioContext.made).toBe(0);
    listeners.get('pointerdown')?.();
    expect(FakeAudioContext.made).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('gives nothing where the browser has no Web Audio', async () => {
    vi.stubGlobal('window', {});
    const { audioFor } = await load();
    expect(audioFor(1)).toBeNull();
  });
});
