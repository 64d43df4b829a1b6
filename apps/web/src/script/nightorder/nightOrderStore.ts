import { create } from 'zustand';

/** Spec 3 §4: per-role token visibility chosen by clicks; reset when roles are handed out. */
export interface NightOrderStore {
  toggles: Record<string, boolean>;
  /** The hand-out (hook start time) the toggles belong to. */
  handOut: number | null;
}

export const useNightOrderStore = create<NightOrderStore>(() => ({ toggles: {}, handOut: null }));

export const toggleNightRole = (id: string, visibleNow: boolean): void =>
  useNightOrderStore.setState((state) => ({ toggles: { ...state.toggles, [id]: !visibleNow } }));

/** A new hand-out of roles (or a game start) clears the toggles once. */
export const noteHandOut = (since: number): void => {
  if (useNightOrderStore.getState().handOut === since) return;
  useNightOrderStore.setState({ toggles: {}, handOut: since });
};
