import { create } from 'zustand';

/** Spec 1 §3 Grimoire UI state: the modes of the grimoire. */
export type GrimoireMode = 'grimoire' | 'gather' | 'firstnight' | 'rules';

/** Spec 1 §4 Grimoire modes: choosing the mode that is on returns to the grimoire. */
export const toggledMode = (current: GrimoireMode, chosen: GrimoireMode): GrimoireMode =>
  current === chosen ? 'grimoire' : chosen;

export type MenuTab = 'playing' | 'game' | 'app';

/** A dialogue of the game screen; one at a time. */
export type GameDialog =
  | { kind: 'role'; index: number }
  | { kind: 'reminder'; index: number; search?: string }
  | { kind: 'seat'; index: number }
  | { kind: 'timer' }
  | { kind: 'end-game' }
  | { kind: 'hand-out' }
  | { kind: 'pointing' }
  | { kind: 'rules' };

export interface GameUiState {
  /** Spec 1 §3 Grimoire UI state: mode and the town-square view. */
  mode: GrimoireMode;
  isTownSquare: boolean;
  menuOpen: boolean;
  menuTab: MenuTab;
  dialog: GameDialog | null;
  /** The hand icon this user raises (kept in localStorage). */
  handIcon: string;
}

const HAND_ICON_KEY = 'belfry.handIcon';

const storedHandIcon = (): string => {
  try {
    return localStorage.getItem(HAND_ICON_KEY) ?? 'hand';
  } catch {
    return 'hand';
  }
};

export const useGameUi = create<GameUiState>(() => ({
  mode: 'grimoire',
  isTownSquare: false,
  menuOpen: false,
  menuTab: 'playing',
  dialog: null,
  handIcon: storedHandIcon(),
}));

export const toggleMode = (mode: GrimoireMode): void =>
  useGameUi.setState((state) => ({ mode: toggledMode(state.mode, mode) }));

/** Spec 1 §2 Playing tab: the Storyteller's rules are a grimoire mode, everyone else's a dialogue. */
export const showRules = (isStoryteller: boolean): void => {
  if (isStoryteller) toggleMode('rules');
  else openGameDialog({ kind: 'rules' });
};

export const toggleTownSquare = (): void => useGameUi.setState((state) => ({ isTownSquare: !state.isTownSquare }));

export const openGameDialog = (dialog: GameDialog): void => useGameUi.setState({ dialog, menuOpen: false });

export const closeGameDialog = (): void => useGameUi.setState({ dialog: null });

export const setMenuOpen = (menuOpen: boolean): void => useGameUi.setState({ menuOpen });

export const setMenuTab = (menuTab: MenuTab): void => useGameUi.setState({ menuTab });

export const setHandIcon = (handIcon: string): void => {
  useGameUi.setState({ handIcon });
  try {
    localStorage.setItem(HAND_ICON_KEY, handIcon);
  } catch {
    // Kept for this visit only.
  }
};

/** Back to the defaults when a session is left, so the next one starts in the grimoire. */
export const resetGameUi = (): void =>
  useGameUi.setState({ mode: 'grimoire', isTownSquare: false, menuOpen: false, dialog: null });
