import { SESSION_FULL_ONLINE } from '@belfry/engine';
import type { SessionListItem } from '@belfry/protocol';
import type { SessionSummary } from './sessionSummary';

/** Spec 2 §9: the lobby shows 10 sessions per page. */
export const LOBBY_PAGE_SIZE = 10;

export const SORT_COLUMNS = ['name', 'language', 'script', 'storyteller', 'players', 'phase'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  column: SortColumn;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortOrder = { column: 'name', direction: 'asc' };

const text = (a: string | null, b: string | null): number => {
  // Sessions without a Storyteller go last whichever way the column is sorted by name.
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
};

const compareBy = (column: SortColumn, a: SessionSummary, b: SessionSummary): number => {
  switch (column) {
    case 'name':
      return text(a.name, b.name);
    case 'language':
      return text(a.language, b.language);
    case 'script':
      return text(a.script, b.script);
    case 'storyteller':
      return text(a.storyteller, b.storyteller);
    case 'players':
      return a.seated - b.seated || a.seats - b.seats || a.spectators - b.spectators;
    case 'phase':
      return a.phaseOrder - b.phaseOrder;
  }
};

/** Sorts a copy by the column; equal rows keep a stable order by name. */
export const sortSessions = (rows: readonly SessionSummary[], order: SortOrder): SessionSummary[] => {
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const primary = compareBy(order.column, a, b);
    if (primary !== 0) {
      // "No Storyteller" stays at the end in both directions.
      if (order.column === 'storyteller' && (a.storyteller === null || b.storyteller === null)) return primary;
      return primary * sign;
    }
    return text(a.name, b.name);
  });
};

/** Clicking a header: the same column flips its direction, another one starts ascending. */
export const nextSort = (current: SortOrder, column: SortColumn): SortOrder =>
  current.column === column
    ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' };

export interface Page<T> {
  items: T[];
  /** 0-based, clamped into range. */
  page: number;
  /** At least 1, so an empty list still reads "page 1 of 1". */
  pageCount: number;
}

export const pageOf = <T>(rows: readonly T[], page: number, size = LOBBY_PAGE_SIZE): Page<T> => {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const clamped = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  return { items: rows.slice(clamped * size, clamped * size + size), page: clamped, pageCount };
};

/** Private sessions are listed (and counted) only when the user asked to see them. */
export const visibleSessions = (items: readonly SessionListItem[], showPrivate: boolean): SessionListItem[] =>
  showPrivate ? [...items] : items.filter((item) => item.isPublic);

export interface LobbyStats {
  sessions: number;
  /** Distinct users online in the counted sessions. */
  online: number;
}

export const lobbyStats = (items: readonly SessionListItem[], showPrivate: boolean): LobbyStats => {
  const counted = visibleSessions(items, showPrivate);
  const online = new Set<string>();
  for (const item of counted) for (const user of item.usersAll) if (user.isOnline) online.add(user.id);
  return { sessions: counted.length, online: online.size };
};

export type JoinBlock = 'session_full' | 'subscription_needed' | 'forced_private';

export interface Joiner {
  id: string;
  /** A level that is set and not expired; null while unknown (then nothing is blocked for it). */
  subscribed: boolean | null;
  isModerator: boolean;
  flags: readonly string[];
}

/**
 * Spec 2 §4 Joining: a session is disabled for the user when 25 or more are online and the user is
 * not a player, Storyteller or moderator; when the user has no subscription and the session no boost;
 * when it is public and the user forced-private. (A public session without a verified phone is not
 * disabled: joining opens the phone verification.)
 */
export const joinBlock = (item: SessionListItem, joiner: Joiner): JoinBlock | null => {
  const isMember =
    item.players.some((p) => p.id !== '' && p.id === joiner.id) || item.storytellers.some((st) => st.id === joiner.id);
  const online = item.usersAll.filter((u) => u.isOnline && u.id !== joiner.id).length;
  if (online >= SESSION_FULL_ONLINE && !isMember && !joiner.isModerator) return 'session_full';
  if (joiner.subscribed === false && item.boostDuration <= 0) return 'subscription_needed';
  if (item.isPublic && joiner.flags.includes('forced-private')) return 'forced_private';
  return null;
};
