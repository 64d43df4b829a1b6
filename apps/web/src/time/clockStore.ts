import { create } from 'zustand';

interface ClockState {
  /** serverTime − Date.now() as measured at start; null until GET /backend/version answered. */
  offsetMs: number | null;
  setOffset: (offsetMs: number) => void;
}

export const useClockStore = create<ClockState>((set) => ({
  offsetMs: null,
  setOffset: (offsetMs) => set({ offsetMs }),
}));

export const serverOffset = (): number => useClockStore.getState().offsetMs ?? 0;
