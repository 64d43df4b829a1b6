import { VOTE_HISTORY_KEEP_MS, type VoteLogEntry } from '@belfry/engine';

/**
 * The vote history (spec 1 §4 "Vote history is kept 3 hours on reload"): what the server sends in
 * `view.vote.history` merged with what this browser saw before, kept in localStorage per session
 * for three hours (by the entries' server timestamps).
 */
export const VOTE_HISTORY_KEY = 'belfry.voteHistory';

type Stored = Record<string, VoteLogEntry[]>;
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One vote is one finish: its moment and the pair make it unique. */
export const entryKey = (entry: VoteLogEntry): string => `${entry.timestamp}:${entry.nominator}:${entry.nominee}`;

const isEntry = (value: unknown): value is VoteLogEntry => {
  const e = value as Partial<VoteLogEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.timestamp === 'number' &&
    typeof e.phase === 'number' &&
    typeof e.nominator === 'number' &&
    typeof e.nominee === 'number' &&
    (e.type === 'exile' || e.type === 'execution') &&
    typeof e.majority === 'number' &&
    typeof e.votes === 'number' &&
    Array.isArray(e.voters) &&
    e.voters.every((v) => typeof v === 'string')
  );
};

/** Entries of both lists once each, oldest first, without those older than three hours. */
export const mergeHistory = (
  known: readonly VoteLogEntry[],
  incoming: readonly VoteLogEntry[],
  now: number,
): VoteLogEntry[] => {
  const byKey = new Map<string, VoteLogEntry>();
  for (const entry of [...known, ...incoming]) byKey.set(entryKey(entry), entry);
  return [...byKey.values()]
    .filter((entry) => entry.timestamp >= now - VOTE_HISTORY_KEEP_MS)
    .sort((a, b) => a.timestamp - b.timestamp);
};

const readAll = (storage: Store): Stored => {
  try {
    const parsed = JSON.parse(storage.getItem(VOTE_HISTORY_KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const all: Stored = {};
    for (const [session, entries] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(entries)) all[session] = entries.filter(isEntry);
    }
    return all;
  } catch {
    return {};
  }
};

/** This session's stored entries younger than three hours. */
export const readStoredHistory = (storage: Store, sessionId: string, now: number): VoteLogEntry[] =>
  mergeHistory(readAll(storage)[sessionId] ?? [], [], now);

/** Stores this session's entries; every session's entries older than three hours are dropped. */
export const writeStoredHistory = (
  storage: Store,
  sessionId: string,
  entries: readonly VoteLogEntry[],
  now: number,
) => {
  const all = readAll(storage);
  all[sessionId] = [...entries];
  const kept: Stored = {};
  for (const [session, list] of Object.entries(all)) {
    const fresh = mergeHistory(list, [], now);
    if (fresh.length > 0) kept[session] = fresh;
  }
  try {
    if (Object.keys(kept).length === 0) storage.removeItem(VOTE_HISTORY_KEY);
    else storage.setItem(VOTE_HISTORY_KEY, JSON.stringify(kept));
  } catch {
    // A full or refused storage only costs the history across reloads.
  }
};
