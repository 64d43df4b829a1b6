import { randomUUID } from 'node:crypto';
import type { UserFlag } from '@belfry/engine';
import type { BanInput, ModeratorSaveBody } from '@belfry/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { flagsOf } from './users';

const HOUR_MS = 3_600_000;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** What a save did that reaches beyond the database: a ban closes the user's sockets at once. */
export interface SaveOutcome {
  banned: { reason: string } | null;
}

/**
 * Spec 2 §5 Moderation, judged in full before anything is written, so a refused save changes nothing:
 * - e-mail and level are special-tpi's alone: a moderator's save naming either is refused whole;
 * - a moderator may not change a special-tpi account at all (nor ban or demote staff), and nobody
 *   changes their own level or bans themselves, so an install cannot lose its last administrator;
 * - setting the banned flag needs a ban: an existing running one, or a new reason (expiry in hours,
 *   none for permanent); taking the flag away unbans (the user leaves the bans still running);
 * - only a save that changes something is accepted.
 * A level granted here does not lapse (an earlier subscription's expiry would end it at once).
 */
export const saveModeratedUser = async (
  db: Kysely<Database>,
  actor: UsersTable,
  target: UsersTable,
  body: ModeratorSaveBody,
  now = Date.now(),
): Promise<SaveOutcome> => {
  const isStaff = actor.level === 'special-tpi';
  const changes = body.user ?? {};
  const self = actor.id === target.id;
  if (!isStaff && (changes.email !== undefined || changes.level !== undefined)) {
    throw new HttpError(403, 'forbidden', 'Only staff (special-tpi) may change an e-mail address or a level.');
  }
  if (!isStaff && target.level === 'special-tpi') {
    throw new HttpError(403, 'forbidden', 'Moderators cannot change a staff account.');
  }
  if (self && changes.level !== undefined && changes.level !== target.level) {
    throw new HttpError(403, 'forbidden', 'You cannot change your own level.');
  }

  const update: Partial<UsersTable> = {};
  if (changes.username !== undefined && changes.username !== target.username) update.username = changes.username;
  if (changes.pronouns !== undefined && changes.pronouns !== target.pronouns) update.pronouns = changes.pronouns;
  if (changes.email !== undefined) {
    const email = changes.email.trim().toLowerCase();
    if (email !== target.email) {
      const taken = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (taken) throw new HttpError(409, 'email_taken', 'Another account has this e-mail address.');
      update.email = email;
    }
  }
  if (changes.level !== undefined && changes.level !== target.level) {
    update.level = changes.level;
    update.expires = null;
  }

  const before = flagsOf(target);
  if (body.ban && changes.flags && !changes.flags.includes('banned')) {
    throw new HttpError(400, 'bad_request', 'A ban goes with the banned flag.');
  }
  const after: UserFlag[] = [...(changes.flags ?? before)];
  if (body.ban && !after.includes('banned')) after.push('banned');
  const banning = after.includes('banned') && !before.includes('banned');
  const unbanning = before.includes('banned') && !after.includes('banned');
  if (banning && !body.ban) {
    throw new HttpError(400, 'bad_request', 'A ban needs a reason: choose a running ban or give a new reason.');
  }
  if (self && (body.ban || banning)) throw new HttpError(403, 'forbidden', 'You cannot ban yourself.');
  if (!sameSet(before, after)) update.flags = JSON.stringify(after);

  const ban = body.ban ? await resolveBan(db, body.ban, now) : null;
  if (Object.keys(update).length === 0 && !ban) throw new HttpError(400, 'bad_request', 'Nothing changed.');

  await db.transaction().execute(async (trx) => {
    if (Object.keys(update).length > 0) {
      await trx
        .updateTable('users')
        .set({ ...update, updated_at: now })
        .where('id', '=', target.id)
        .execute();
    }
    if (ban || unbanning) await leaveRunningBans(trx, target.id, now);
    if (ban) {
      if (ban.isNew) {
        await trx
          .insertInto('bans')
          .values({ id: ban.id, reason: ban.reason, expires: ban.expires, created_at: now })
          .execute();
      }
      await trx.insertInto('ban_users').values({ ban_id: ban.id, user_id: target.id }).execute();
    }
  });
  return { banned: ban ? { reason: ban.reason } : null };
};

interface ResolvedBan {
  id: string;
  reason: string;
  expires: number | null;
  isNew: boolean;
}

/** An existing ban must still be running; a new one gets its id and its end here. */
const resolveBan = async (db: Kysely<Database>, input: BanInput, now: number): Promise<ResolvedBan> => {
  if ('id' in input) {
    const row = await db
      .selectFrom('bans')
      .select(['id', 'reason', 'expires'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    const expires = row?.expires === null || row?.expires === undefined ? null : Number(row.expires);
    if (!row || (expires !== null && expires <= now)) {
      throw new HttpError(404, 'not_found', 'No such ban, or it has run out.');
    }
    return { id: row.id, reason: row.reason, expires, isNew: false };
  }
  const expires = input.expires ? now + Math.round(input.expires * HOUR_MS) : null;
  return { id: randomUUID(), reason: input.reason, expires, isNew: true };
};

/**
 * Takes the user out of every ban still running, so the ban given now (or none, on unban) is the one
 * that counts; bans that ran out stay as the user's history.
 */
const leaveRunningBans = async (trx: Transaction<Database>, userId: string, now: number): Promise<void> => {
  const running = await trx
    .selectFrom('ban_users')
    .innerJoin('bans', 'bans.id', 'ban_users.ban_id')
    .select('bans.id')
    .where('ban_users.user_id', '=', userId)
    .where((eb) => eb.or([eb('bans.expires', 'is', null), eb('bans.expires', '>', now)]))
    .execute();
  if (running.length === 0) return;
  await trx
    .deleteFrom('ban_users')
    .where('user_id', '=', userId)
    .where(
      'ban_id',
      'in',
      running.map((row) => row.id),
    )
    .execute();
};
