import { type Actor, apply, createSession, type Intent, type SessionState } from '@belfry/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { SessionStore } from '../src/sessions/store';
import { DIALECTS, freshDatabase } from './harness';

const NOW = 1_800_000_000_000;
const account = (id: string) => ({ id, username: id, pronouns: '', level: 'none' as const, flags: [], createdAt: NOW });
const PLAYER: Actor = { userId: 'player', level: 'none' };

/** The state after `intent`, which the rules must accept. */
const applied = (state: SessionState, intent: Intent, at: number): SessionState => {
  const result = apply(state, intent, PLAYER, at);
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.state;
};

/**
 * The event insert is compiled once and run with new parameters (store.ts): each stored intent must
 * still be its own row with every column in place, and a version stored already must still be refused,
 * since that refusal is the compare-and-set between nodes (DESIGN principle 5).
 */
describe.each(DIALECTS)('session events (%s)', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let store: SessionStore;
  beforeAll(async () => {
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    db = await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
    store = new SessionStore(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('stores each intent as one row, refuses a version stored already, and replays what it stored', async () => {
    const created = createSession({ sessionId: 'store', owner: account('owner'), seats: 5, now: NOW });
    created.users.player = { ...account('player'), isOnline: true, grimoireAccess: 0 };
    expect(await store.create(created, NOW)).toBe(true);
    const first: Intent = { type: 'claimSeat', index: 2 };
    const second: Intent = { type: 'claimSeat', index: -1 };
    const one = applied(created, first, NOW + 1);
    const two = applied(one, second, NOW + 2);

    expect(await store.append(one, first, PLAYER, NOW + 1, 'request-1')).toBe(true);
    // Another node's intent for the same version: refused, and nothing of it is kept.
    expect(await store.append(one, second, PLAYER, NOW + 9, 'request-x')).toBe(false);
    expect(await store.append(two, second, PLAYER, NOW + 2)).toBe(true);

    const rows = await db.kysely
      .selectFrom('session_events')
      .select(['session_id', 'version', 'intent', 'actor', 'at', 'request_id'])
      .where('session_id', '=', 'store')
      .orderBy('version')
      .execute();
    expect(rows.map((row) => ({ ...row, at: Number(row.at) }))).toEqual([
      {
        session_id: 'store',
        version: one.version,
        intent: JSON.stringify(first),
        actor: JSON.stringify(PLAYER),
        at: NOW + 1,
        request_id: 'request-1',
      },
      {
        session_id: 'store',
        version: two.version,
        intent: JSON.stringify(second),
        actor: JSON.stringify(PLAYER),
        at: NOW + 2,
        request_id: null,
      },
    ]);
    expect(await store.applied('store', 'request-1')).toBe(true);
    expect(await store.applied('store', 'request-x')).toBe(false);
    // What a restart rebuilds from the snapshot and the two rows is the state they were stored with.
    expect(await store.load('store')).toEqual(two);
  });
});
