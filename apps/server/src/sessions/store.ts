import { apply, type Actor, type Intent, type SessionState, upgradeState } from '@belfry/engine';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Events between two snapshots: a restart replays at most this many intents per session. */
export const SNAPSHOT_EVERY = 100;

interface EventRow {
  version: number;
  intent: string;
  actor: string;
  at: number;
}

/**
 * Replays stored events on a state. `apply` is pure: the same intent, actor and time on the same state
 * give the same next state, so a replay rebuilds exactly what was acknowledged.
 */
const replay = (state: SessionState, events: readonly EventRow[]): SessionState => {
  let current = state;
  for (const event of events) {
    if (event.version <= current.version) continue;
    const result = apply(current, JSON.parse(event.intent) as Intent, JSON.parse(event.actor) as Actor, event.at);
    // An event was stored only after it applied to this very state; should the rules have changed under
    // a stored game (an upgrade) and refuse it now, the game keeps what it was rather than stop.
    const next = result.ok ? result.state : current;
    current = next.version === event.version ? next : { ...next, version: event.version };
  }
  return current;
};

/**
 * Durable session states (DESIGN principles 3 and 5). A write costs what it changes: each applied intent
 * is one event row (its primary key is the compare-and-set between nodes: one event per version), and
 * the session row holds a snapshot rewritten every 100 events. Loading replays the events after the
 * snapshot.
 */
export class SessionStore {
  /**
   * The event insert, built and compiled once: Kysely builds and compiles a query anew on every call,
   * about half of what storing an intent cost the server's thread (bench/, open loop at 500 x 16).
   * Only its parameters change, in the order of the columns there.
   */
  private readonly appendQuery: CompiledQuery;

  constructor(private readonly db: Kysely<Database>) {
    this.appendQuery = db
      .insertInto('session_events')
      .values({ session_id: '', version: 0, intent: '', actor: '', at: 0, request_id: null })
      .onConflict((oc) => oc.columns(['session_id', 'version']).doNothing())
      .compile();
  }

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
    if (!row) return undefined;
    return this.catchUp(upgradeState(JSON.parse(row.state) as SessionState));
  }

  /** `state` with every event stored after its version applied (another node moved the session on). */
  async catchUp(state: SessionState): Promise<SessionState> {
    const row = await this.db
      .selectFrom('sessions')
      .select('version')
      .where('id', '=', state.sessionId)
      .executeTakeFirst();
    // A newer snapshot holds what happened since (its events are gone): start from it.
    if (row && row.version > state.version) return (await this.load(state.sessionId)) ?? state;
    const events = await this.db
      .selectFrom('session_events')
      .select(['version', 'intent', 'actor', 'at'])
      .where('session_id', '=', state.sessionId)
      .where('version', '>', state.version)
      .orderBy('version')
      .execute();
    return replay(state, events);
  }

  async exists(id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst());
  }

  /**
   * Stores the intent that turned `prev` into `next` (one version on), only if no other node stored
   * that version first; false on a lost race. Nothing else is written.
   */
  async append(next: SessionState, intent: Intent, actor: Actor, at: number, requestId?: string): Promise<boolean> {
    const parameters = [
      next.sessionId,
      next.version,
      JSON.stringify(intent),
      JSON.stringify(actor),
      at,
      requestId ?? null,
    ];
    const result = await this.db.executeQuery(CompiledQuery.raw(this.appendQuery.sql, parameters));
    return Number(result.numAffectedRows ?? 0) === 1;
  }

  /** Whether a request with this id was applied already (its event is kept for 100 versions at least). */
  async applied(sessionId: string, requestId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('session_events')
      .select('version')
      .where('session_id', '=', sessionId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Writes `state` as the snapshot (never moving one back) and drops the events before the previous
   * snapshot: the last 100 stay, so a retried request can still be recognised.
   */
  async snapshot(state: SessionState, now = Date.now()): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const moved = await tx
        .updateTable('sessions')
        .set({
          state: JSON.stringify(state),
          version: state.version,
          is_public: state.meta.isPublic ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', state.sessionId)
        .where('version', '<', state.version)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) {
        await tx
          .deleteFrom('session_events')
          .where('session_id', '=', state.sessionId)
          .where('version', '<=', state.version - SNAPSHOT_EVERY)
          .execute();
      }
    });
  }

  /**
   * Deletes sessions nobody touched since `before` (no event and no snapshot since; nobody online);
   * returns their ids.
   */
  async removeIdle(before: number, keep: ReadonlySet<string>): Promise<string[]> {
    const stale = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('updated_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('session_events')
              .select('session_events.version')
              .whereRef('session_events.session_id', '=', 'sessions.id')
              .where('session_events.at', '>=', before),
          ),
        ),
      )
      .execute();
    const ids = stale.map((row) => row.id).filter((id) => !keep.has(id));
    if (ids.length > 0) {
      await this.db.deleteFrom('session_events').where('session_id', 'in', ids).execute();
      await this.db.deleteFrom('sessions').where('id', 'in', ids).where('updated_at', '<', before).execute();
    }
    return ids;
  }

  /** The newest sessions (the lobby), each brought up to date from its events. */
  async all(limit = 1000): Promise<SessionState[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('state')
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
    const states = rows.map((row) => upgradeState(JSON.parse(row.state) as SessionState));
    const events = states.length
      ? await this.db
          .selectFrom('session_events')
          .select(['session_id', 'version', 'intent', 'actor', 'at'])
          .where(
            'session_id',
            'in',
            states.map((s) => s.sessionId),
          )
          .orderBy('session_id')
          .orderBy('version')
          .execute()
      : [];
    const bySession = new Map<string, EventRow[]>();
    for (const event of events) {
      const list = bySession.get(event.session_id) ?? [];
      list.push(event);
      bySession.set(event.session_id, list);
    }
    return states.map((state) => replay(state, bySession.get(state.sessionId) ?? []));
  }
}
