/**
 * The chat preferences of spec 2 §3 and spec 3 §3 (stored per browser, spec 3 §3 "Stored locally"):
 * what the user wants to send, with which devices and processing, how loud each voice plays, and which
 * cameras they would rather not receive. Values read back are checked, so a hand-edited store cannot
 * break the page.
 */
export interface VoicePrefs {
  micOn: boolean;
  camOn: boolean;
  /** Spec 2 §4: push-to-talk on mutes the mic except while the talk key or button is held. */
  pushToTalk: boolean;
  /** Chosen devices (deviceId), or null for the browser's default. */
  audioDevice: string | null;
  videoDevice: string | null;
  /** Spec 2 §9: all three on by default. */
  echoCancellation: boolean;
  noiseSuppression: boolean;
  autoGainControl: boolean;
  /** Spec 3 §5: microphone gain 0–2, step 0.1; 1 stores no override. */
  micGain: number;
  /** Spec 2 §3 userOverrides: a volume per user, 0–2; absent means 1. */
  volumes: Record<string, number>;
  /** Spec 3 §3 video.isUnmirrored: the user's own preview is mirrored unless this is set. */
  unmirrored: boolean;
  /** Spec 3 §3 advanced: cameras this user would rather not receive (the chat server then sends none). */
  hideTownSquareCams: boolean;
  hidePrivateCams: boolean;
  hideRevealCams: boolean;
}

export const DEFAULT_PREFS: VoicePrefs = {
  micOn: false,
  camOn: false,
  pushToTalk: false,
  audioDevice: null,
  videoDevice: null,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  micGain: 1,
  volumes: {},
  unmirrored: false,
  hideTownSquareCams: false,
  hidePrivateCams: false,
  hideRevealCams: false,
};

/** Spec 3 §5: gain and volume overrides range over 0–2. */
export const MAX_LEVEL = 2;
/** A browser keeps the overrides of at most this many people (the least recent go first). */
const MAX_VOLUMES = 500;
const MAX_DEVICE_ID = 500;

export const clampLevel = (value: number): number =>
  Number.isFinite(value) ? Math.min(MAX_LEVEL, Math.max(0, Math.round(value * 100) / 100)) : 1;

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const device = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_DEVICE_ID ? value : null;

const volumes = (value: unknown): Record<string, number> => {
  if (!value || typeof value !== 'object') return {};
  const kept: Record<string, number> = {};
  for (const [userId, level] of Object.entries(value).slice(-MAX_VOLUMES)) {
    if (typeof level === 'number' && userId.length <= 100) kept[userId] = clampLevel(level);
  }
  return kept;
};

/** Reads stored preferences, keeping only well-formed values (anything else falls back to the default). */
export const parsePrefs = (stored: string | null): VoicePrefs => {
  let raw: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    raw = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    raw = {};
  }
  const d = DEFAULT_PREFS;
  return {
    micOn: bool(raw.micOn, d.micOn),
    camOn: bool(raw.camOn, d.camOn),
    pushToTalk: bool(raw.pushToTalk, d.pushToTalk),
    audioDevice: device(raw.audioDevice),
    videoDevice: device(raw.videoDevice),
    echoCancellation: bool(raw.echoCancellation, d.echoCancellation),
    noiseSuppression: bool(raw.noiseSuppression, d.noiseSuppression),
    autoGainControl: bool(raw.autoGainControl, d.autoGainControl),
    micGain: typeof raw.micGain === 'number' ? clampLevel(raw.micGain) : d.micGain,
    volumes: volumes(raw.volumes),
    unmirrored: bool(raw.unmirrored, d.unmirrored),
    hideTownSquareCams: bool(raw.hideTownSquareCams, d.hideTownSquareCams),
    hidePrivateCams: bool(raw.hidePrivateCams, d.hidePrivateCams),
    hideRevealCams: bool(raw.hideRevealCams, d.hideRevealCams),
  };
};

/** What is stored: the defaults are left out (a gain of 1 stores no override, spec 3 §5). */
export const serializePrefs = (prefs: VoicePrefs): string => {
  const stored: Partial<VoicePrefs> = {};
  for (const key of Object.keys(DEFAULT_PREFS) as (keyof VoicePrefs)[]) {
    if (key === 'volumes') continue;
    if (prefs[key] !== DEFAULT_PREFS[key]) (stored as Record<string, unknown>)[key] = prefs[key];
  }
  const overrides = Object.entries(prefs.volumes).filter(([, level]) => level !== 1);
  if (overrides.length > 0) stored.volumes = Object.fromEntries(overrides.slice(-MAX_VOLUMES));
  return JSON.stringify(stored);
};

export const PREF_KEYS = Object.keys(DEFAULT_PREFS) as (keyof VoicePrefs)[];
