import type {
  ChatServerInfo,
  CreateSessionBody,
  MediaTicketAnswer,
  PublicProfile,
  SessionListItem,
  Stats,
} from '@belfry/protocol';
import type { ServerVersion } from '../version/versionStore';
import { authorizedJson } from './authService';
import { sendJson } from '../api/http';

export const getVersion = (): Promise<ServerVersion> => sendJson<ServerVersion>('/version');

export const listSessions = (): Promise<SessionListItem[]> => authorizedJson<SessionListItem[]>('/sessions');

/** Spec 2 §3 chat servers, with health {users, load, latency, color}. */
export const listChatServers = (): Promise<ChatServerInfo[]> => authorizedJson<ChatServerInfo[]>('/chat-servers');

export const createSession = (body: Partial<CreateSessionBody> & Pick<CreateSessionBody, 'name'>) =>
  authorizedJson<{ sessionId: string }>('/sessions', { method: 'POST', body });

/** GET /backend/user/:id: the public profile, and the stats when their owner lets the caller see them. */
export const getUserProfile = (id: string) =>
  authorizedJson<{ user: PublicProfile; stats: Stats | null }>(`/user/${encodeURIComponent(id)}`);

/** Issue 17: a ticket into the session's room on its chat server (409 no_chat_server when it has none). */
export const getMediaTicket = (sessionId: string) =>
  authorizedJson<MediaTicketAnswer>(`/sessions/${encodeURIComponent(sessionId)}/media-ticket`, {
    method: 'POST',
    body: {},
  });
