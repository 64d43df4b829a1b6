import type { MediaGrantWire, MediaProducer } from '@belfry/protocol';
import { create } from 'zustand';
import { talkSwitch } from './talkSwitch';

/** Spec 2 §4 Chat connection: connecting, connected, reconnecting, disconnected (and off: no chat server). */
export type VoiceStatus = 'off' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface RemoteMedia {
  audio?: MediaStream;
  video?: MediaStream;
}

export interface VoiceState {
  status: VoiceStatus;
  /** Why the last attempt failed (an error key), for the connection icon's title. */
  problem: string | null;
  /** The user's wish to send their microphone / camera (stored per browser); the mic toggle is the mute. */
  micOn: boolean;
  camOn: boolean;
  /** Spec 2 §4: push-to-talk on mutes the mic except while the talk key or button is held. */
  pushToTalk: boolean;
  /** Held (or within the release grace): the microphone sends. */
  talking: boolean;
  /** Spec 2 §4: deafening audio also mutes it; likewise video. */
  audioDeafened: boolean;
  videoDeafened: boolean;
  /** What the game allows this user now. */
  grant: MediaGrantWire | null;
  producers: MediaProducer[];
  /** Users in the room of the chat server (the connection icon's count). */
  online: number;
  remote: Record<string, RemoteMedia>;
  /** The local camera, for the user's own token. */
  localVideo: MediaStream | null;
}

const PREFS_KEY = 'belfry.voice';

interface Prefs {
  micOn: boolean;
  camOn: boolean;
  pushToTalk: boolean;
}

const readPrefs = (): Prefs => {
  try {
    const raw = JSON.parse(localStorage.getItem(PREFS_KEY) ?? '{}') as Partial<Prefs>;
    return { micOn: raw.micOn === true, camOn: raw.camOn === true, pushToTalk: raw.pushToTalk === true };
  } catch {
    return { micOn: false, camOn: false, pushToTalk: false };
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
  online: 0,
  remote: {},
  localVideo: null,
}));

/** Chat preferences are stored locally (spec 2 §4). */
export const setVoicePrefs = (prefs: Partial<Prefs>): void => {
  useVoiceStore.setState(prefs);
  const { micOn, camOn, pushToTalk } = useVoiceStore.getState();
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify({ micOn, camOn, pushToTalk }));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
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
