import { create } from 'zustand';

interface ModerationStore {
  /** The console is open: on the search, or on one user's edit view when `userId` is set. */
  open: boolean;
  userId: string | null;
  /** What the search showed last, so going back from a user finds it as it was. */
  query: string;
  offset: number;
  announcing: boolean;
}

export const useModerationStore = create<ModerationStore>(() => ({
  open: false,
  userId: null,
  query: '',
  offset: 0,
  announcing: false,
}));

/** Spec 2 §2: the moderation modal, on the search, or on a user's edit view when given a user id. */
export const openModeration = (userId: string | null = null): void =>
  useModerationStore.setState({ open: true, userId });

/** Closing forgets the search too: the next opening starts afresh. */
export const closeModeration = (): void =>
  useModerationStore.setState({ open: false, userId: null, query: '', offset: 0 });

export const showUser = (userId: string | null): void => useModerationStore.setState({ userId });

export const rememberSearch = (query: string, offset: number): void => useModerationStore.setState({ query, offset });

export const openAnnouncement = (): void => useModerationStore.setState({ announcing: true });

export const closeAnnouncement = (): void => useModerationStore.setState({ announcing: false });
