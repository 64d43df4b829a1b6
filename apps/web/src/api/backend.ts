import type { CreateSessionBody, SessionListItem } from '@belfry/protocol';
import { authorizedJson } from '../auth/authService';
import { sendJson } from './http';

export interface VersionInfo {
  version: string;
  /** ms since epoch on the server's clock */
  serverTime: number;
}

export const getVersion = (): Promise<VersionInfo> => sendJson<VersionInfo>('/version');

export const listSessions = (): Promise<SessionListItem[]> => authorizedJson<SessionListItem[]>('/sessions');

export const createSession = (body: Partial<CreateSessionBody> & Pick<CreateSessionBody, 'name'>) =>
  authorizedJson<{ sessionId: string }>('/sessions', { method: 'POST', body });
