import type { SessionListItem } from '@belfry/protocol';
import { phaseLabel, type PhaseLabel } from '../i18n/phaseLabel';

export interface SessionSummary {
  code: string;
  name: string;
  isPublic: boolean;
  language: string;
  /** The edition (script) name. */
  script: string;
  storyteller: string | null;
  seated: number;
  seats: number;
  spectators: number;
  phase: PhaseLabel;
  /** For sorting by phase: not started first, then start, night 1, day 1, night 2, … */
  phaseOrder: number;
}

/** Ids of the users who are seated (empty seats carry ''). */
const seatedIds = (item: SessionListItem): Set<string> => new Set(item.players.map((p) => p.id).filter(Boolean));

/** Spectators: online users who are neither seated nor Storytellers. */
export const spectatorsOf = (item: SessionListItem): SessionListItem['usersAll'] => {
  const seated = seatedIds(item);
  const storytellers = new Set(item.storytellers.map((st) => st.id));
  return item.usersAll.filter((u) => u.isOnline && !seated.has(u.id) && !storytellers.has(u.id));
};

/** One lobby row: the list item reduced to what the table shows and sorts by. */
export const summarizeSession = (item: SessionListItem): SessionSummary => {
  const usernames = new Map(item.usersAll.map((user) => [user.id, user.username]));
  const storytellerId = item.storytellers[0]?.id;
  return {
    code: item.name,
    name: item.name,
    isPublic: item.isPublic,
    language: item.language,
    script: item.edition.name,
    storyteller: storytellerId ? (usernames.get(storytellerId) ?? null) : null,
    seated: seatedIds(item).size,
    seats: item.players.length,
    spectators: spectatorsOf(item).length,
    phase: phaseLabel(item.isRunning, item.phase),
    phaseOrder: item.isRunning ? Math.max(0, item.phase) + 1 : 0,
  };
};

/** The people of a session by name, for the expanded row: players in seat order, then spectators. */
export const peopleOf = (item: SessionListItem): { players: string[]; spectators: string[] } => {
  const usernames = new Map(item.usersAll.map((user) => [user.id, user.username]));
  return {
    players: item.players.flatMap((p) => (p.id ? [usernames.get(p.id) ?? p.id] : [])),
    spectators: spectatorsOf(item)
      .map((u) => u.username)
      .sort((a, b) => a.localeCompare(b)),
  };
};
