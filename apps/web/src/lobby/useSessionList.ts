import { useCallback, useEffect, useState } from 'react';
import type { SessionListItem } from '@belfry/protocol';
import { listSessions } from '../auth/backend';
import { toAppError, type AppError } from '../api/appError';

/** Spec 2 §9: the lobby list refreshes every 30 s. */
export const LOBBY_REFRESH_MS = 30_000;

export interface SessionList {
  /** The list as the server sent it (public sessions, plus private ones the user is in). */
  sessions: SessionListItem[] | null;
  error: AppError | null;
  refreshing: boolean;
  refresh: () => void;
}

export function useSessionList(): SessionList {
  const [sessions, setSessions] = useState<SessionListItem[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  // State changes only once the answer is in, so polling never renders in between.
  const load = useCallback(
    () =>
      listSessions()
        .then((items) => {
          setSessions(items);
          setError(null);
        })
        .catch((failure: unknown) => setError(toAppError(failure))),
    [],
  );

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), LOBBY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const refresh = useCallback(() => {
    setRefreshing(true);
    void load().finally(() => setRefreshing(false));
  }, [load]);

  return { sessions, error, refreshing, refresh };
}
