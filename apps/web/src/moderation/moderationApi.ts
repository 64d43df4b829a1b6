import type {
  AnnounceBody,
  DefaultLevel,
  ModeratorSaveBody,
  ModeratorSearchAnswer,
  ModeratorSettingsAnswer,
  ModeratorUserAnswer,
} from '@belfry/protocol';
import { authorizedJson } from '../auth/authService';

/** Spec 2 §7 moderator/search: users whose name or e-mail contains `query`, 10 from `offset`. */
export const searchUsers = (query: string, offset: number) =>
  authorizedJson<ModeratorSearchAnswer>('/moderator/search', { method: 'POST', body: { query, offset } });

/** Spec 2 §7 moderator/{userId}: the user, their bans, stats and login sessions. */
export const loadModeratedUser = (userId: string) =>
  authorizedJson<ModeratorUserAnswer>(`/moderator/${encodeURIComponent(userId)}`);

/** Spec 2 §7 POST moderator/{userId}: only the changed fields, and a ban when one is set. */
export const saveModeratedUser = (userId: string, body: ModeratorSaveBody) =>
  authorizedJson<ModeratorUserAnswer>(`/moderator/${encodeURIComponent(userId)}`, { method: 'POST', body });

export const loadModeratorSettings = () => authorizedJson<ModeratorSettingsAnswer>('/moderator/settings');

/** The level new accounts get; null returns to the server's DEFAULT_LEVEL. */
export const saveDefaultLevel = (defaultLevel: DefaultLevel | null) =>
  authorizedJson<ModeratorSettingsAnswer>('/moderator/settings', { method: 'POST', body: { defaultLevel } });

/** Spec 2 §7 announce {title, text, sessionName}. */
export const sendAnnouncement = (body: AnnounceBody) =>
  authorizedJson<{ success: true }>('/announce', { method: 'POST', body });

/** Issue 21: staff replace the tournament with a file (checked against `/tournament-schema.json`). */
export const importTournament = (file: unknown) =>
  authorizedJson<{ success: true; scripts: number; matches: number; playoffs: number; keptVotes: number }>(
    '/moderator/tournament',
    { method: 'POST', body: file },
  );
