import { create } from 'zustand';

/** Spec 3 §4 player-side toggle: a ping when the Storyteller wakes or signals me at night. Off by default. */
const KEY = 'belfry.nightRequestPing';

const read = (): boolean => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

export const useNightPing = create<{ on: boolean }>(() => ({ on: read() }));

export const isNightPingOn = (): boolean => useNightPing.getState().on;

export const setNightPing = (on: boolean): void => {
  useNightPing.setState({ on });
  try {
    localStorage.setItem(KEY, on ? '1' : '0');
  } catch {
    // Kept for this visit only.
  }
};
