import { type Tournament, type TournamentMatch } from '@belfry/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockTime, pointsFromVotes } from './state';

/** The one current tournament's row. */
const ROW_ID = 1;

/**
 * The count of a match waits this long after its lock: a vote judged just before the lock has been
 * written by then (a vote not written within half of it is refused, see `vote`).
 */
export const LOCK_GRACE_MS = 1000;

export interface StoredResult {
  votes: [number, number];
  /** In tenths. */
  points: [number, number];
}

export const allMatches = (tournament: Tournament): TournamentMatch[] => [
  ...tournament.matches,
  ...tournament.playoffs,
];

/** Votes kept across a re-import: the match keeps its index and the same two scripts (by id, in order). */
const keptMatches = (before: Tournament, after: Tournament) => {
  const kept: { index: number; from: [number, number]; to: [number, number] }[] = [];
  const next = new Map(allMatches(after).map((match) => [match.index, match]));
  for (const match of allMatches(before)) {
    const other = next.get(match.index);
    if (!other) continue;
    const ids = match.scripts.map((i) => before.scripts[i]?.id);
    const otherIds = other.scripts.map((i) => after.scripts[i]?.id);
    if (ids[0] === otherIds[0] && ids[1] === otherIds[1])
      kept.push({ index: match.index, from: match.scripts, to: other.scripts });
  }
  return kept;
};

/** The tournament, its votes and its counts in the database (both dialects). */
export class TournamentStore {
  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<Tournament | null> {
    const row = await this.db.selectFrom('tournaments').select('data').where('id', '=', ROW_ID).executeTakeFirst();
    return row ? (JSON.parse(row.data) as Tournament) : null;
  }

  /** A fresh install's tournament: written only when there is none (two nodes starting at once write it once). */
  async insertIfEmpty(tournament: Tournament, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('tournaments')
      .values({ id: ROW_ID, data: JSON.stringify(tournament), imported_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /**
   * Replaces the tournament. Votes stay only on matches whose index and two scripts (by id, in the
   * same order) are unchanged, their choices following the scripts to their new indexes; every count
   * is dropped, and the caller counts the locked matches again from the votes kept. Returns how many
   * votes were kept.
   */
  async replace(tournament: Tournament, now = Date.now()): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('tournaments').select('data').where('id', '=', ROW_ID).executeTakeFirst();
      const before = row ? (JSON.parse(row.data) as Tournament) : null;
      const kept = before ? keptMatches(before, tournament) : [];
      const keptIndexes = kept.map((match) => match.index);
      let query = trx.deleteFrom('tournament_votes');
      if (keptIndexes.length > 0) query = query.where('match_index', 'not in', keptIndexes);
      await query.execute();
      for (const match of kept) {
        if (match.from[0] === match.to[0] && match.from[1] === match.to[1]) continue;
        // Both choices at once, so that two scripts swapping places do not meet halfway.
        await trx
          .updateTable('tournament_votes')
          .set((eb) => ({
            choice: eb.case().when('choice', '=', match.from[0]).then(match.to[0]).else(match.to[1]).end(),
          }))
          .where('match_index', '=', match.index)
          .execute();
      }
      await trx.deleteFrom('tournament_results').execute();
      await trx
        .insertInto('tournaments')
        .values({ id: ROW_ID, data: JSON.stringify(tournament), imported_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data: JSON.stringify(tournament), imported_at: now }))
        .execute();
      if (keptIndexes.length === 0) return 0;
      const count = await trx
        .selectFrom('tournament_votes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(count.n);
    });
  }

  async results(): Promise<Map<number, StoredResult>> {
    const rows = await this.db.selectFrom('tournament_results').selectAll().execute();
    return new Map(
      rows.map((row) => [
        Number(row.match_index),
        {
          votes: [Number(row.votes_a), Number(row.votes_b)],
          points: [Number(row.points_a), Number(row.points_b)],
        },
      ]),
    );
  }

  /** The account's votes: match index → chosen script index. */
  async votesOf(userId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('tournament_votes')
      .select(['match_index', 'choice'])
      .where('user_id', '=', userId)
      .execute();
    return Object.fromEntries(rows.map((row) => [String(row.match_index), Number(row.choice)]));
  }

  /**
   * Sets, changes or clears the account's vote on a match already judged open at `now`: null, or the
   * script already chosen, clears it. The primary key (user, match) keeps one vote per account and
   * match whatever arrives at once. A vote not written before half the lock grace has passed is
   * refused (and rolled back), so the count at the lock never misses an accepted vote.
   */
  async vote(userId: string, match: TournamentMatch, votePeriod: number, choice: number | null, now: number) {
    const deadline = lockTime(match, votePeriod) + LOCK_GRACE_MS / 2;
    return this.db.transaction().execute(async (trx): Promise<number | null> => {
      const current = await trx
        .selectFrom('tournament_votes')
        .select('choice')
        .where('user_id', '=', userId)
        .where('match_index', '=', match.index)
        .executeTakeFirst();
      let result: number | null;
      if (choice === null || (current && Number(current.choice) === choice)) {
        await trx
          .deleteFrom('tournament_votes')
          .where('user_id', '=', userId)
          .where('match_index', '=', match.index)
          .execute();
        result = null;
      } else {
        await trx
          .insertInto('tournament_votes')
          .values({ user_id: userId, match_index: match.index, choice, at: now })
          .onConflict((oc) => oc.columns(['user_id', 'match_index']).doUpdateSet({ choice, at: now }))
          .execute();
        result = choice;
      }
      if (Date.now() >= deadline) throw lockedError();
      return result;
    });
  }

  /**
   * Counts every match whose vote locked at least the grace ago and has no count yet: its votes, the
   * points from the share, written once (a second count, here or on another node, writes nothing).
   * Returns the indexes counted now.
   */
  async countDue(tournament: Tournament, now = Date.now()): Promise<number[]> {
    const counted = await this.results();
    const due = allMatches(tournament).filter(
      (match) => !counted.has(match.index) && lockTime(match, tournament.votePeriod) + LOCK_GRACE_MS <= now,
    );
    const done: number[] = [];
    for (const match of due) {
      const rows = await this.db
        .selectFrom('tournament_votes')
        .select(['choice', (eb) => eb.fn.countAll<number>().as('n')])
        .where('match_index', '=', match.index)
        .groupBy('choice')
        .execute();
      const votesFor = (script: number) => Number(rows.find((row) => Number(row.choice) === script)?.n ?? 0);
      const votes: [number, number] = [votesFor(match.scripts[0]), votesFor(match.scripts[1])];
      const points = pointsFromVotes(...votes);
      const inserted = await this.db
        .insertInto('tournament_results')
        .values({
          match_index: match.index,
          votes_a: votes[0],
          votes_b: votes[1],
          points_a: points[0],
          points_b: points[1],
          counted_at: now,
        })
        .onConflict((oc) => oc.column('match_index').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) done.push(match.index);
    }
    return done;
  }

  /** The next time a match becomes due for counting after `now`, or null when none is left. */
  async nextDue(tournament: Tournament, now = Date.now()): Promise<number | null> {
    const counted = await this.results();
    const times = allMatches(tournament)
      .filter((match) => !counted.has(match.index))
      .map((match) => lockTime(match, tournament.votePeriod) + LOCK_GRACE_MS)
      .filter((time) => time > now);
    return times.length > 0 ? Math.min(...times) : null;
  }
}

export const lockedError = () => new HttpError(409, 'votelocked', 'You can no longer vote on this match.');
