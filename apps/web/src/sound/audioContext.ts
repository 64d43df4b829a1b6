/**
 * The one Web Audio context every Belfry sound plays through (gong, timer, vote, chat).
 *
 * A running context renders silence all the time, which costs a laptop's or tablet's battery (and,
 * with several players' pages on one machine, a good share of a core). So the context sleeps when
 * nothing has sounded for IDLE_SUSPEND_MS and wakes for the next sound: once the page has had a
 * user gesture, `resume()` works without another one (the browser's sticky activation).
 */
const IDLE_SUSPEND_MS = 4_000;

let context: AudioContext | null = null;
let sleepTimer: ReturnType<typeof setTimeout> | undefined;

type AudioContextClass = typeof AudioContext;

const create = (): AudioContext | null => {
  if (typeof window === 'undefined') return null;
  const Ctor: AudioContextClass | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  return Ctor ? new Ctor() : null;
};

/** Suspends the context `afterMs` from now unless another sound comes first. */
const sleepLater = (ctx: AudioContext, afterMs: number): void => {
  clearTimeout(sleepTimer);
  sleepTimer = setTimeout(() => {
    if (ctx.state === 'running') void ctx.suspend().catch(() => undefined);
  }, afterMs);
};

/**
 * The context, awake, for a sound lasting about `seconds`. Sounds scheduled at `currentTime` while
 * the resume is still under way play as soon as it completes (a suspended context's clock stands still).
 */
export const audioFor = (seconds: number): AudioContext | null => {
  context ??= create();
  if (!context) return null;
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  sleepLater(context, seconds * 1000 + IDLE_SUSPEND_MS);
  return context;
};

/**
 * Browsers start audio suspended until the user interacts with the page; the first click or key
 * press wakes it, so a gong or a tick the server starts later can be heard. Returns the clean-up.
 */
export const unlockAudioOnGesture = (): (() => void) => {
  const wake = () => {
    audioFor(0);
    remove();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', wake, true);
    window.removeEventListener('keydown', wake, true);
  };
  window.addEventListener('pointerdown', wake, true);
  window.addEventListener('keydown', wake, true);
  return remove;
};
