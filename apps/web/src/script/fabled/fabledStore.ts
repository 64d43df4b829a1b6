import { create } from 'zustand';
import { setMenuOpen } from '../../session/gameUiStore';

/** The fabled picker or the bluff picker (for one of the three slots); one at a time. */
export type FabledDialog = { kind: 'fabled' } | { kind: 'bluff'; slot: number };

export const useFabledStore = create<{ dialog: FabledDialog | null }>(() => ({ dialog: null }));

/** Opens a picker (the game menu closes, as for the game's own dialogues). */
export const openFabledDialog = (dialog: FabledDialog): void => {
  setMenuOpen(false);
  useFabledStore.setState({ dialog });
};

export const closeFabledDialog = (): void => useFabledStore.setState({ dialog: null });
