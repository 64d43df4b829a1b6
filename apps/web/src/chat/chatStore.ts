import { create } from 'zustand';
import { addIndicator, type Indicator } from './typing';
import type { ReadMarks } from './unread';

export interface ChatStore {
  open: boolean;
  recipient: string;
  /** Per recipient tab: the newest message time seen there (kept locally, in memory). */
  marks: ReadMarks;
  /** Messages up to this time count as read (the history present when the session was joined). */
  baseline: number | null;
  sessionId: string | null;
  indicators: Indicator[];
  nightInfoOpen: boolean;
  /** The signal dialogue's recipient ('storytellers' for a player's signal), or null when closed. */
  signalTarget: string | null;
  /** The Chat tab of spec 2 §2: requests, private chats, the five rooms, leave. */
  whisperOpen: boolean;
  /** Spec 2 §2 pin button: a pinned text tab stays open (Escape and the whisper tab leave it). */
  pinned: boolean;
}

const PINNED_KEY = 'belfry.chatPinned';
const readPinned = (): boolean => {
  try {
    return localStorage.getItem(PINNED_KEY) === '1';
  } catch {
    return false;
  }
};

export const useChatStore = create<ChatStore>(() => ({
  open: false,
  recipient: '',
  marks: {},
  baseline: null,
  sessionId: null,
  indicators: [],
  nightInfoOpen: false,
  signalTarget: null,
  whisperOpen: false,
  pinned: readPinned(),
}));

export const setChatPinned = (pinned: boolean): void => {
  useChatStore.setState({ pinned });
  try {
    localStorage.setItem(PINNED_KEY, pinned ? '1' : '0');
  } catch {
    // Kept for this visit only.
  }
};

/** Someone writes to us or to a channel we read (relayed `textMessageIndicator`). */
export const receiveIndicator = (payload: { senderId: string; recipientId: string; length: number }): void => {
  if (typeof payload?.senderId !== 'string' || typeof payload.recipientId !== 'string') return;
  const length = typeof payload.length === 'number' ? payload.length : 0;
  useChatStore.setState((state) => ({
    indicators: addIndicator(state.indicators, { ...payload, length, at: Date.now() }),
  }));
};

/** The game menu's "private whisper request" opens the Chat tab. */
export const openWhispers = (): void => useChatStore.setState((s) => ({ whisperOpen: true, open: s.pinned && s.open }));
