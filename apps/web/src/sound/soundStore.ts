import { create } from 'zustand';
import { parseVolumes, VOLUME_STORAGE_KEY, type SoundName, type Volumes } from './volume';

const read = (): Volumes => {
  try {
    return parseVolumes(localStorage.getItem(VOLUME_STORAGE_KEY));
  } catch {
    return parseVolumes(null);
  }
};

/** The volumes, kept in localStorage (spec 3 §3: stored locally). */
export const useSoundStore = create<Volumes>(() => read());

const save = (volumes: Volumes): void => {
  useSoundStore.setState(volumes);
  try {
    localStorage.setItem(VOLUME_STORAGE_KEY, JSON.stringify(volumes));
  } catch {
    // Private mode or a full storage: the volume still applies for this visit.
  }
};

export const setMasterVolume = (master: number): void => save({ ...useSoundStore.getState(), master });

export const setSoundVolume = (sound: SoundName, volume: number): void => {
  const state = useSoundStore.getState();
  save({ ...state, sounds: { ...state.sounds, [sound]: volume } });
};
