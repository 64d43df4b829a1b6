import type { SessionView } from '@belfry/engine';
import { create } from 'zustand';
import type { ConnectionState } from './connectionState';
import { readPersistedSession } from './sessionPersistence';

export type { ConnectionState };

export interface SessionStore {
  /** The joined session's code; set from localStorage at start so a reload rejoins. */
  code: string | null;
  view: SessionView | null;
  connection: ConnectionState;
  /** Why the connection was lost, as Socket.IO reports it. */
  reason: string | null;
  /** Requests awaiting their acknowledgement, by a key the button that made them knows. */
  pending: Record<string, true>;
  /**
   * Spec 2 §7 cross-tab channel: 'also-open' when another tab of this browser has this session
   * open too; 'moved' when this tab let go of it because the user continued in another tab.
   */
  otherTab: 'also-open' | 'moved' | null;
}

export const initialSessionState = (code: string | null): SessionStore => ({
  code,
  view: null,
  connection: 'idle',
  reason: null,
  pending: {},
  otherTab: null,
});

export const useSessionStore = create<SessionStore>(() => initialSessionState(readPersistedSession()));

export const setPending = (key: string, isPending: boolean): void =>
  useSessionStore.setState((state) => {
    const pending = { ...state.pending };
    if (isPending) pending[key] = true;
    else delete pending[key];
    return { pending };
  });

export const useView = () => useSessionStore((state) => state.view);
export const useIsPending = (key: string) => useSessionStore((state) => state.pending[key] === true);
