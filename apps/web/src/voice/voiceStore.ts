import type { MediaGrantWire, MediaProducer } from '@belfry/protocol';
import { create } from 'zustand';
import { talkSwitch } from './talkSwitch';
import { clampLevel, DEFAULT_PREFS, parsePrefs, PREF_KEYS, serializePrefs, type VoicePrefs } from './voicePrefs';

/**
 * Spec 2 §4 Chat connection: connecting, connected, reconnecting, disconnected; off: no chat server;
 * unsupported: the browser cannot do WebRTC (spec 2 §8).
 */
export type VoiceStatus = 'off' | 'unsupported' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface RemoteMedia {
  audio?: MediaStream;
  video?: MediaStream;
}

export interface VoiceState extends VoicePrefs {
  status: VoiceStatus;
  /** Why the last attempt failed (an error key), for the connection icon's title. */
  problem: string | null;
  /** Held (or within the release grace): the microphone sends. */
  talking: boolean;
  /** Spec 2 §4: deafening audio also mutes it; likewise video. */
  audioDeafened: boolean;
  videoDeafened: boolean;
  /** What the game allows this user now. */
  grant: MediaGrantWire | null;
  producers: MediaProducer[];
  /** Users in the room of the chat server, with their socket counts (the connection icon's count). */
  members: Record<string, number>;
  remote: Record<string, RemoteMedia>;
  /** The local camera, for the user's own token. */
  localVideo: MediaStream | null;
  /** Spec 2 §8: the browser would not start playing a voice until the user interacts with the page. */
  autoplayBlocked: boolean;
}

const PREFS_KEY = 'belfry.voice';

const readPrefs = (): VoicePrefs => {
  try {
    return parsePrefs(localStorage.getItem(PREFS_KEY));
  } catch {
    return { ...DEFAULT_PREFS };
  }
};

export const useVoiceStore = create<VoiceState>(() => ({
  status: 'off',
  problem: null,
  ...readPrefs(),
  talking: false,
  audioDeafened: false,
  videoDeafened: false,
  grant: null,
  producers: [],
  members: {},
  remote: {},
  localVideo: null,
  autoplayBlocked: false,
}));

/** Chat preferences are stored locally (spec 2 §4, spec 3 §3). */
export const setVoicePrefs = (prefs: Partial<VoicePrefs>): void => {
  useVoiceStore.setState(prefs);
  const state = useVoiceStore.getState();
  const current = Object.fromEntries(PREF_KEYS.map((key) => [key, state[key]])) as unknown as VoicePrefs;
  try {
    localStorage.setItem(PREFS_KEY, serializePrefs(current));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
};

/** Spec 2 §3 userOverrides: how loud one person plays here, 0–2 (1 removes the override). */
export const setVolume = (userId: string, level: number): void => {
  const { [userId]: _previous, ...others } = useVoiceStore.getState().volumes;
  const clamped = clampLevel(level);
  setVoicePrefs({ volumes: clamped === 1 ? others : { ...others, [userId]: clamped } });
};

/** Spec 2 §4: deafening audio also mutes it; likewise video. */
export const toggleDeafen = (): void =>
  useVoiceStore.setState((s) => ({ audioDeafened: !s.audioDeafened, videoDeafened: !s.audioDeafened }));

/** The talk key and the held microphone button (push-to-talk). */
export const talk = talkSwitch((talking) => useVoiceStore.setState({ talking }));

export const setPushToTalk = (on: boolean): void => {
  talk.reset();
  setVoicePrefs({ pushToTalk: on });
};
