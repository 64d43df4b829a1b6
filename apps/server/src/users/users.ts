import { hasSubscription, isModeratorLevel, type Level, type UserFlag } from '@belfry/engine';
import {
  cutProfileText,
  FREE_AVATAR_MAX,
  LEVEL_AVATAR_MIN,
  levelBorders,
  UPLOADED_AVATAR,
  type Cosmetics,
  type Me,
  type PublicProfile,
  type Stats,
  type StatsVisibility,
  type UpdateUserBody,
} from '@belfry/protocol';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { recordStats } from '../records/stats';

export const flagsOf = (row: Pick<UsersTable, 'flags'>): UserFlag[] => JSON.parse(row.flags) as UserFlag[];
export const cosmeticsOf = (row: Pick<UsersTable, 'cosmetics'>): Cosmetics => JSON.parse(row.cosmetics) as Cosmetics;
export const statsOf = (row: Pick<UsersTable, 'stats'>): Stats => JSON.parse(row.stats) as Stats;

export class Users {
  constructor(private readonly db: Kysely<Database>) {}

  byId(id: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byIds(ids: string[]): Promise<UsersTable[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
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
      // The borders the card may offer: those granted, and those of the level and flags.
      cosmetics: { ...cosmeticsOf(row), borders: this.bordersOf(row, cosmeticsOf(row), now) },
      hasAgreedTOS: flags.includes('tos-agreed'),
      createdAt: row.created_at,
      isSubscribed: hasSubscription(row.level as Level, row.expires, now),
      ban: await this.activeBan(row, now),
    };
  }

  /**
   * Spec 2 §5 Profile: a user edits only their own profile (the route takes `row` from the token);
   * forced flags lock username, pronouns and avatar. Every check runs before anything is written, so a
   * refused update changes nothing.
   */
  async update(row: UsersTable, body: UpdateUserBody, now = Date.now()): Promise<UsersTable> {
    const flags = flagsOf(row);
    const cosmetics = cosmeticsOf(row);
    const changes: Partial<UsersTable> = {};
    if (body.username !== undefined && body.username !== row.username) {
      if (flags.includes('forced-username')) throw new HttpError(403, 'forbidden', 'Your username is locked.');
      changes.username = cutProfileText(body.username);
    }
    if (body.pronouns !== undefined && body.pronouns !== row.pronouns) {
      if (flags.includes('forced-pronouns')) throw new HttpError(403, 'forbidden', 'Your pronouns are locked.');
      changes.pronouns = cutProfileText(body.pronouns);
    }
    if (body.hasAgreedTOS) flags.push('tos-agreed');
    if (body.border !== undefined && body.border !== cosmetics.border) {
      if (body.border !== '' && !this.bordersOf(row, cosmetics, now).includes(body.border)) {
        throw new HttpError(403, 'forbidden', 'That border is not yours to use.');
      }
      cosmetics.border = body.border;
    }
    if (body.avatar !== undefined && body.avatar !== cosmetics.avatar) {
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

  /** After an upload: the picture joins the user's avatar list, so that choosing it passes allowedAvatar. */
  async addUploadedAvatar(row: UsersTable, now = Date.now()): Promise<UsersTable> {
    const cosmetics = cosmeticsOf(row);
    if (!cosmetics.avatars.includes(UPLOADED_AVATAR)) {
      cosmetics.avatars = [...cosmetics.avatars, UPLOADED_AVATAR];
      await this.db
        .updateTable('users')
        .set({ cosmetics: JSON.stringify(cosmetics), updated_at: now })
        .where('id', '=', row.id)
        .execute();
    }
    return (await this.byId(row.id))!;
  }

  /** Borders granted one by one, and those of the user's level and flags (spec 2 §9). */
  bordersOf(row: UsersTable, cosmetics: Cosmetics, now: number): string[] {
    return [...new Set([...cosmetics.borders, ...levelBorders(row.level, flagsOf(row), row.expires, now)])];
  }

  /**
   * Spec 2 §5: avatars 0–25 are free; Belfry's negative ones (-1 to -6) need a level; a custom string
   * avatar (an upload among them, which needs a level too) must be in the user's list; any other
   * choice falls back to avatar 0.
   */
  allowedAvatar(row: UsersTable, cosmetics: Cosmetics, avatar: number | string, now: number): number | string {
    const subscribed = hasSubscription(row.level as Level, row.expires, now);
    if (typeof avatar === 'string') {
      if (avatar === UPLOADED_AVATAR && !subscribed) return 0;
      return cosmetics.avatars.includes(avatar) ? avatar : 0;
    }
    if (cosmetics.avatars.includes(avatar)) return avatar;
    if (avatar < 0) return subscribed && avatar >= LEVEL_AVATAR_MIN ? avatar : 0;
    return avatar <= FREE_AVATAR_MAX ? avatar : 0;
  }

  /**
   * How others see a user: the stored choice judged again now, so that a lapsed level shows avatar 0
   * and no level border, as the rules would have chosen.
   */
  shownCosmetics(row: UsersTable, now = Date.now()): { avatar: number | string; border: string } {
    const cosmetics = cosmeticsOf(row);
    const border = this.bordersOf(row, cosmetics, now).includes(cosmetics.border) ? cosmetics.border : '';
    return { avatar: this.allowedAvatar(row, cosmetics, cosmetics.avatar, now), border };
  }

  /** Whether the user's uploaded picture may be shown: in their list, and their level still current. */
  mayShowUpload(row: UsersTable, now = Date.now()): boolean {
    return this.allowedAvatar(row, cosmeticsOf(row), UPLOADED_AVATAR, now) === UPLOADED_AVATAR;
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
        cosmetics: { ...this.shownCosmetics(row), stats: cosmetics.stats },
        createdAt: row.created_at,
      },
      stats: maySee ? await recordStats(this.db, row.id) : null,
    };
  }
}
