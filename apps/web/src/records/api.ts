import type { RecordAnswer, RecordList, Stats, PublicProfile } from '@belfry/protocol';
import { authorizedJson } from '../auth/authService';

/** GET /backend/games/:id: the record as this user may read it. */
export const getRecord = (id: string) => authorizedJson<RecordAnswer>(`/games/${encodeURIComponent(id)}`);

/** GET /backend/games: this user's records, newest first, 20 a page (optionally of one session). */
export const listRecords = (page: number, session?: string) =>
  authorizedJson<RecordList>(`/games?page=${page}${session ? `&session=${encodeURIComponent(session)}` : ''}`);

/** POST /backend/games/:id: a Storyteller of the game makes its record public or private. */
export const setRecordPublic = (id: string, isPublic: boolean) =>
  authorizedJson<{ isPublic: boolean }>(`/games/${encodeURIComponent(id)}`, { method: 'POST', body: { isPublic } });

/** The user's own statistics (spec 2 §3), computed by the server from their records. */
export const getOwnStats = (userId: string) =>
  authorizedJson<{ user: PublicProfile; stats: Stats | null }>(`/user/${encodeURIComponent(userId)}`);
