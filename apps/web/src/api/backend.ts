import type { CreateSessionBody, SessionListItem } from '@belfry/protocol';
import type { ServerVersion } from '../app/versionStore';
import { authorizedJson } from '../auth/authService';
import { sendJson } from './http';

export const getVersion = (): Promise<ServerVersion> => sendJson<ServerVersion>('/version');

export const listSessions = (): Promise<SessionListItem[]> => authorizedJson<SessionListItem[]>('/sessions');

export const createSession = (body: Partial<CreateSessionBody> & Pick<CreateSessionBody, 'name'>) =>
  authorizedJson<{ sessionId: string }>('/sessions', { method: 'POST', body });
