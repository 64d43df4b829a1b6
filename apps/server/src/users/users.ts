import { hasSubscription, isModeratorLevel, type Level, type UserFlag } from '@belfry/engine';
import type { Cosmetics, Me, PublicProfile, Stats, StatsVisibility, UpdateUserBody } from '@belfry/protocol';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { HttpError } from '../http/errors';

export const flagsOf = (row: Pick<UsersTable, 'flags'>): UserFlag[] => JSON.parse(row.flags) as UserFlag[];
export const cosmeticsOf = (row: Pick<UsersTable, 'cosmetics'>): Cosmetics => JSON.parse(row.cosmetics) as Cosmetics;
export const statsOf = (row: Pick<UsersTable, 'stats'>): Stats => JSON.parse(row.stats) as Stats;

/** Avatars 0–25 are free for everyone (spec 2 §5). */
export const FREE_AVATARS = 25;

export class Users {
  constructor(private readonly db: Kysely<Database>) {}

  byId(id: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byEmail(email: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  async setFlags(id: string, change: (flags: UserFlag[]) => UserFlag[], now = Date.now()): Promise<void> {
    const row = await this.byId(id);
    if (!row) return;
    const flags = [...new Set(change(flagsOf(row)))];
    await this.db
      .updateTable('users')
      .set({ flags: JSON.stringify(flags), updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** The current ban of a user: the latest unexpired one, if the banned flag is set. */
  async activeBan(row: UsersTable, now = Date.now()): Promise<Me['ban']> {
    if (!flagsOf(row).includes('banned')) return null;
    const bans = await this.db
      .selectFrom('bans')
      .innerJoin('ban_users', 'ban_users.ban_id', 'bans.id')
      .select(['bans.reason', 'bans.expires'])
      .where('ban_users.user_id', '=', row.id)
      .orderBy('bans.created_at', 'desc')
      .execute();
    const live = bans.find((b) => b.expires === null || b.expires > now);
    if (bans.length > 0 && !live) return null; // every ban has run out
    return live ? { reason: live.reason, expires: live.expires } : { reason: '', expires: null };
  }

  async me(row: UsersTable, now = Date.now()): Promise<Me> {
    const flags = flagsOf(row);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      level: row.level,
      flags,
      pronouns: row.pronouns,
      expires: row.expires,
      cosmetics: cosmeticsOf(row),
      hasAgreedTOS: flags.includes('tos-agreed'),
      createdAt: row.created_at,
      isSubscribed: hasSubscription(row.level as Level, row.expires, now),
      ban: await this.activeBan(row, now),
    };
  }

  /** Spec 2 §5 Profile: a user edits only their own profile; forced flags lock fields. */
  async update(row: UsersTable, body: UpdateUserBody, now = Date.now()): Promise<UsersTable> {
    const flags = flagsOf(row);
    const cosmetics = cosmeticsOf(row);
    const changes: Partial<UsersTable> = {};
    if (body.username !== undefined && body.username !== row.username) {
      if (flags.includes('forced-username')) throw new HttpError(403, 'forbidden', 'Your username is locked.');
      changes.username = body.username.slice(0, 50);
    }
    if (body.pronouns !== undefined && body.pronouns !== row.pronouns) {
      if (flags.includes('forced-pronouns')) throw new HttpError(403, 'forbidden', 'Your pronouns are locked.');
      changes.pronouns = body.pronouns.slice(0, 50);
    }
    if (body.hasAgreedTOS) flags.push('tos-agreed');
    if (body.border !== undefined) {
      if (body.border !== '' && !cosmetics.borders.includes(body.border)) {
        throw new HttpError(403, 'forbidden', 'That border is not yours to use.');
      }
      cosmetics.border = body.border;
    }
    if (body.avatar !== undefined) {
      if (flags.includes('forced-avatar')) throw new HttpError(403, 'forbidden', 'Your avatar is locked.');
      cosmetics.avatar = this.allowedAvatar(row, cosmetics, body.avatar, now);
    }
    if (body.stats !== undefined) cosmetics.stats = body.stats;
    await this.db
      .updateTable('users')
      .set({
        ...changes,
        flags: JSON.stringify([...new Set(flags)]),
        cosmetics: JSON.stringify(cosmetics),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    return (await this.byId(row.id))!;
  }

  /** Spec 2 §5: negative ids need a level (else avatar 0); custom string avatars must be in the list. */
  private allowedAvatar(row: UsersTable, cosmetics: Cosmetics, avatar: number | string, now: number): number | string {
    if (typeof avatar === 'string') return cosmetics.avatars.includes(avatar) ? avatar : 0;
    if (avatar < 0) return hasSubscription(row.level as Level, row.expires, now) ? avatar : 0;
    return avatar <= FREE_AVATARS || cosmetics.avatars.includes(avatar) ? avatar : 0;
  }

  /** GET user/{id}: the profile, and the stats when their visibility lets `viewer` see them. */
  async profile(id: string, viewer: UsersTable): Promise<{ user: PublicProfile; stats: Stats | null } | null> {
    const row = await this.byId(id);
    if (!row) return null;
    const cosmetics = cosmeticsOf(row);
    const visibility: StatsVisibility = cosmetics.stats;
    const isModerator = isModeratorLevel(viewer.level as Level);
    const maySee = visibility === 'public' || viewer.id === row.id || isModerator;
    return {
      user: {
        id: row.id,
        username: row.username,
        pronouns: row.pronouns,
        level: row.level,
        cosmetics: { border: cosmetics.border, avatar: cosmetics.avatar, stats: cosmetics.stats },
        createdAt: row.created_at,
      },
      stats: maySee ? statsOf(row) : null,
    };
  }
}
