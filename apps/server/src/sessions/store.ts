import { type SessionState, upgradeState } from '@belfry/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Durable session states. Every write is a compare-and-set on the version, so two server nodes
 * can never both apply an intent to the same version of a session (DESIGN principle 4).
 */
export class SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a new session; false when the code is taken. */
  async create(state: SessionState, now = Date.now()): Promise<boolean> {
    const result = await this.db
      .insertInto('sessions')
      .values({
        id: state.sessionId,
        state: JSON.stringify(state),
        version: state.version,
        owner_id: state.meta.owner.id,
        is_public: state.meta.isPublic ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async load(id: string): Promise<SessionState | undefined> {
    const row = await this.db.selectFrom('sessions').select('state').where('id', '=', id).executeTakeFirst();
    return row ? upgradeState(JSON.parse(row.state) as SessionState) : undefined;
  }

  async exists(id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Stores `next` only if the stored version is still `expected`; false on a lost race. */
  async save(next: SessionState, expected: number, now = Date.now()): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({
        state: JSON.stringify(next),
        version: next.version,
        is_public: next.meta.isPublic ? 1 : 0,
        updated_at: now,
      })
      .where('id', '=', next.sessionId)
      .where('version', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes sessions nobody touched since `before` (no presence or ping writes: nobody online); returns their ids. */
  async removeIdle(before: number, keep: ReadonlySet<string>): Promise<string[]> {
    const stale = await this.db.selectFrom('sessions').select('id').where('updated_at', '<', before).execute();
    const ids = stale.map((row) => row.id).filter((id) => !keep.has(id));
    if (ids.length > 0)
      await this.db.deleteFrom('sessions').where('id', 'in', ids).where('updated_at', '<', before).execute();
    return ids;
  }

  async all(limit = 1000): Promise<SessionState[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('state')
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => upgradeState(JSON.parse(row.state) as SessionState));
  }
}
