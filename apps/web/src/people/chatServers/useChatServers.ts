import type { ChatServerInfo } from '@belfry/protocol';
import { useCallback, useEffect, useState } from 'react';
import { listChatServers } from '../../auth/backend';
import { toAppError, type AppError } from '../../api/appError';

export interface ChatServerList {
  /** null while loading. */
  servers: ChatServerInfo[] | null;
  error: AppError | null;
  reload: () => void;
}

/** The install's chat servers with their health (the server asks each at most every 180 s). */
export function useChatServers(): ChatServerList {
  const [servers, setServers] = useState<ChatServerInfo[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  const load = useCallback(() => {
    listChatServers()
      .then((list) => {
        setServers(list);
        setError(null);
      })
      .catch((failure: unknown) => {
        setServers((current) => current ?? []);
        setError(toAppError(failure));
      });
  }, []);

  useEffect(load, [load]);

  return { servers, error, reload: load };
}
