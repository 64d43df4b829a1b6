import type { GameRecord } from '@belfry/engine';
import type { Stats } from '@belfry/protocol';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Editions and characters listed in a profile's statistics, most played first. */
const MAX_LISTED = 50;
/** Users whose statistics this node keeps computed (each is recomputed once a new record names them). */
const CACHED_USERS = 1_000;

const cache = new Map<string, { key: string; stats: Stats }>();

const counted = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_LISTED)
    .map(([id, count]) => ({ id, count }));

const bump = (counts: Map<string, number>, id: string) => counts.set(id, (counts.get(id) ?? 0) + 1);

/**
 * Spec 2 §3 Stats, computed from the user's game records (issue 18): games they told or played;
 * storyteller and player counts; stEvilWins, games they told that evil won; playerWins, games they
 * played on the winning team (their alignment at the end); editions, games per script; roles, games
 * per character they ended with. Watching a game counts for none of these.
 */
export const recordStats = async (db: Kysely<Database>, userId: string): Promise<Stats> => {
  const mine = db
    .selectFrom('game_record_users')
    .innerJoin('game_records', 'game_records.id', 'game_record_users.record_id')
    .where('game_record_users.user_id', '=', userId)
    .where('game_record_users.part', 'in', ['storyteller', 'player']);
  // Records are only ever added: their count and the latest end tell whether anything changed.
  const summary = await mine
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(game_records.ended_at)`.as('last')])
    .executeTakeFirst();
  const key = `${Number(summary?.n ?? 0)}:${Number(summary?.last ?? 0)}`;
  const known = cache.get(userId);
  if (known?.key === key) return known.stats;

  const rows = await mine.select(['game_record_users.part', 'game_records.record']).execute();
  const stats: Stats = { games: 0, storyteller: 0, player: 0, stEvilWins: 0, playerWins: 0, editions: [], roles: [] };
  const editions = new Map<string, number>();
  const roles = new Map<string, number>();
  for (const row of rows) {
    const record = JSON.parse(row.record) as GameRecord;
    stats.games += 1;
    bump(editions, record.script.id);
    if (row.part === 'storyteller') {
      stats.storyteller += 1;
      if (record.result === 'evil') stats.stEvilWins += 1;
      continue;
    }
    stats.player += 1;
    const seat = record.seats.find((s) => s.userId === userId);
    if (seat?.alignment && seat.alignment === record.result) stats.playerWins += 1;
    if (seat?.role) bump(roles, seat.role.id);
  }
  stats.editions = counted(editions);
  stats.roles = counted(roles);
  if (cache.size >= CACHED_USERS) cache.delete(cache.keys().next().value!);
  cache.set(userId, { key, stats });
  return stats;
};
