import type { VoicePrefs } from './voicePrefs';

/** Spec 2 §9: video 320 min / 480 ideal, square. */
const VIDEO: MediaTrackConstraints = {
  width: { min: 320, ideal: 480 },
  height: { min: 320, ideal: 480 },
  aspectRatio: 1,
};

/**
 * What the call (and the setup wizard's test, so it tests the same thing) asks of the microphone: spec
 * 2 §9 mono; echo cancellation, noise suppression and auto gain unless the user turned them off.
 */
export const audioConstraints = (
  prefs: Pick<VoicePrefs, 'echoCancellation' | 'noiseSuppression' | 'autoGainControl' | 'audioDevice'>,
): MediaTrackConstraints => ({
  channelCount: 1,
  echoCancellation: prefs.echoCancellation,
  noiseSuppression: prefs.noiseSuppression,
  autoGainControl: prefs.autoGainControl,
  ...(prefs.audioDevice ? { deviceId: { exact: prefs.audioDevice } } : {}),
});

export const videoConstraints = (prefs: Pick<VoicePrefs, 'videoDevice'>): MediaTrackConstraints => ({
  ...VIDEO,
  ...(prefs.videoDevice ? { deviceId: { exact: prefs.videoDevice } } : {}),
});
