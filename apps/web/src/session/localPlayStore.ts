import { create } from 'zustand';

/** Local play (spec 1 §1): whether this tab runs a local game, and the seat whose name is being edited. */
export interface LocalPlayState {
  active: boolean;
  /** Spec 1 §2 Nameplate: the seat the Storyteller is renaming, if any. */
  renaming: number | null;
}

export const useLocalPlay = create<LocalPlayState>(() => ({ active: false, renaming: null }));

export const useIsLocalPlay = (): boolean => useLocalPlay((state) => state.active);

export const openSeatRename = (index: number): void => useLocalPlay.setState({ renaming: index });

export const closeSeatRename = (): void => useLocalPlay.setState({ renaming: null });
