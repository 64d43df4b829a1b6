import { create } from 'zustand';

/** Spec 1 §2: loading states in order; '' means ready. */
export const LOADING_STATES = ['initial', 'app data', 'session', 'permissions', 'game'] as const;
export type LoadingState = (typeof LOADING_STATES)[number] | '';

/** i18n key per state (keys cannot contain the space of 'app data'). */
export const LOADING_KEYS = {
  initial: 'loading.initial',
  'app data': 'loading.app_data',
  session: 'loading.session',
  permissions: 'loading.permissions',
  game: 'loading.game',
} as const satisfies Record<Exclude<LoadingState, ''>, string>;

interface LoadingStore {
  state: LoadingState;
  setLoading: (state: LoadingState) => void;
}

export const useLoadingStore = create<LoadingStore>((set) => ({
  state: 'initial',
  setLoading: (state) => set({ state }),
}));

export const setLoading = (state: LoadingState): void => useLoadingStore.getState().setLoading(state);
