import type { VoteLogEntry } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { mergeHistory, readStoredHistory, VOTE_HISTORY_KEY, writeStoredHistory } from './voteHistory';

const HOUR = 60 * 60_000;
const NOW = 1_700_000_000_000;

const entry = (timestamp: number, nominee = 1, votes = 3): VoteLogEntry => ({
  timestamp,
  phase: 2,
  nominator: 0,
  nominee,
  type: 'execution',
  majority: 3,
  votes,
  voters: ['ANN', 'BOB', 'CID'],
});

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('mergeHistory', () => {
  it('keeps each vote once (timestamp, nominator, nominee), oldest first', () => {
    const merged = mergeHistory([entry(NOW - 2000), entry(NOW - 1000)], [entry(NOW - 1000), entry(NOW - 3000)], NOW);
    expect(merged.map((e) => e.timestamp)).toEqual([NOW - 3000, NOW - 2000, NOW - 1000]);
  });

  it('tells apart two votes of the same moment on different nominees', () => {
    expect(mergeHistory([entry(NOW, 1)], [entry(NOW, 2)], NOW)).toHaveLength(2);
  });

  it('drops entries older than 3 hours', () => {
    const merged = mergeHistory([entry(NOW - 3 * HOUR - 1), entry(NOW - 3 * HOUR)], [], NOW);
    expect(merged.map((e) => e.timestamp)).toEqual([NOW - 3 * HOUR]);
  });
});

describe('stored history', () => {
  it('survives a reload for 3 hours, per session', () => {
    const storage = new MemoryStorage();
    writeStoredHistory(storage, 'abc', [entry(NOW - HOUR)], NOW);
    writeStoredHistory(storage, 'xyz', [entry(NOW - HOUR, 4)], NOW);
    expect(readStoredHistory(storage, 'abc', NOW + HOUR)).toEqual([entry(NOW - HOUR)]);
    expect(readStoredHistory(storage, 'abc', NOW + 2 * HOUR + 1)).toEqual([]);
    expect(readStoredHistory(storage, 'nope', NOW)).toEqual([]);
  });

  it("drops every session's stale entries when writing, and the key when nothing is left", () => {
    const storage = new MemoryStorage();
    writeStoredHistory(storage, 'old', [entry(NOW - HOUR)], NOW);
    writeStoredHistory(storage, 'abc', [entry(NOW + 3 * HOUR)], NOW + 3 * HOUR);
    expect(Object.keys(JSON.parse(storage.getItem(VOTE_HISTORY_KEY)!) as object)).toEqual(['abc']);
    writeStoredHistory(storage, 'abc', [], NOW + 3 * HOUR);
    expect(storage.getItem(VOTE_HISTORY_KEY)).toBeNull();
  });

  it('ignores damaged storage', () => {
    const storage = new MemoryStorage();
    storage.setItem(VOTE_HISTORY_KEY, '{not json');
    expect(readStoredHistory(storage, 'abc', NOW)).toEqual([]);
    storage.setItem(VOTE_HISTORY_KEY, JSON.stringify({ abc: [{ timestamp: 'x' }, entry(NOW)] }));
    expect(readStoredHistory(storage, 'abc', NOW)).toEqual([entry(NOW)]);
  });
});
