import { createHmac } from 'node:crypto';
import { endedChronicle, gameRecord, type SessionState } from '@belfry/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Record ids this node wrote lately, so the states after an end do not each ask the database again. */
const REMEMBERED_IDS = 10_000;

/**
 * Writes the record of a game once it has ended (issue 18). The id comes from the session and the
 * game's start, keyed with an install secret (a bare hash of a short session code could be reversed),
 * and the insert ignores an existing row: a restart, a replay or a second node writes it once.
 */
export class RecordWriter {
  private written = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
  ) {}

  idFor(sessionId: string, startedAt: number): string {
    return createHmac('sha256', this.secret).update(`${sessionId}\n${startedAt}`).digest('base64url').slice(0, 22);
  }

  /**
   * Called with every stored state: writes the record when the state holds a game that has ended
   * and is not written yet. After a crash between the end and the write, the session's next stored
   * change writes it.
   */
  async afterCommit(state: SessionState): Promise<void> {
    const entries = endedChronicle(state);
    if (!entries) return;
    const id = this.idFor(state.sessionId, entries[0]!.at);
    if (this.written.has(id)) return;
    const built = gameRecord(state, id);
    if (!built) return;
    const { record, parts } = built;
    await this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('game_records')
        .values({
          id,
          session_id: state.sessionId,
          started_at: record.startedAt,
          ended_at: record.endedAt,
          record: JSON.stringify(record),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0 || parts.length === 0) return;
      await tx
        .insertInto('game_record_users')
        .values(parts.map(({ userId, part }) => ({ record_id: id, user_id: userId, part })))
        .onConflict((oc) => oc.columns(['record_id', 'user_id']).doNothing())
        .execute();
    });
    if (this.written.size >= REMEMBERED_IDS) this.written.clear();
    this.written.add(id);
  }
}
