import { create } from 'zustand';

/** The vote overlay's own UI state (nothing here is game state: that is the session view). */
export interface OwnHand {
  seat: number;
  value: number;
  /** Which nomination it belongs to ("nominator:nominee"), so a new one starts clean. */
  nomination: string;
  /** 'sent' until the server answered; 'accepted' until the view shows it. */
  status: 'sent' | 'accepted';
  /** When the answer came (client clock): the view gets a moment to catch up. */
  acceptedAt: number | null;
}

export interface Refusal {
  /** An error code: vote_locked, rate_limited, forbidden, … */
  code: string;
  /** Increases with every refusal, so the same one twice still replays the snap-back. */
  serial: number;
}

interface VoteUiState {
  /** Nominating: null when not; otherwise the seats picked so far. */
  picking: { nominator: number | null } | null;
  /** The viewer's hand as changed on this screen before the server confirmed it (optimistic). */
  own: OwnHand | null;
  /** The last refused hand change: the hand snapped back. */
  refusal: Refusal | null;
  historyOpen: boolean;
  /** Where the table leaves no room beside the circle, the Storyteller's controls fold away until opened. */
  dockOpen: boolean;
}

export const useVoteStore = create<VoteUiState>(() => ({
  picking: null,
  own: null,
  refusal: null,
  historyOpen: false,
  dockOpen: false,
}));

export const nominationKey = (nomination: readonly [number, number] | null): string =>
  nomination ? `${nomination[0]}:${nomination[1]}` : '';

/**
 * Starts nominating; with a seat (e.g. from a seat menu) that seat is the nominator. The folded
 * controls stay folded, so that every seat can be clicked.
 */
export const beginNomination = (nominator: number | null = null): void =>
  useVoteStore.setState({ picking: { nominator }, dockOpen: false });

export const toggleVoteDock = (): void => useVoteStore.setState((state) => ({ dockOpen: !state.dockOpen }));

export const cancelNomination = (): void => useVoteStore.setState({ picking: null });

export const openVoteHistory = (): void => useVoteStore.setState({ historyOpen: true });
export const closeVoteHistory = (): void => useVoteStore.setState({ historyOpen: false });

let refusals = 0;
export const recordRefusal = (code: string): void =>
  useVoteStore.setState({ refusal: { code, serial: ++refusals }, own: null });

export const clearRefusal = (): void => useVoteStore.setState({ refusal: null });
