import {
  MODERATION_PAGE_SIZE,
  type BanEntry,
  type ExistingBan,
  type LoginSession,
  type ModeratedUser,
  type ModeratorSearchAnswer,
  type ModeratorSearchRow,
  type ModeratorUserAnswer,
} from '@belfry/protocol';
import { type Kysely, sql } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { flagsOf, statsOf } from './users';

/** Logins shown per user: the newest ones; older ones say nothing a moderator acts on. */
const LOGINS_SHOWN = 20;
/** Bans listed per user, and running bans offered to choose from. */
const BANS_SHOWN = 50;

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally ('!' escapes). */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

const searchRow = (row: UsersTable): ModeratorSearchRow => ({
  id: row.id,
  username: row.username,
  email: row.email,
  level: row.level,
  flags: flagsOf(row),
  createdAt: Number(row.created_at),
});

export const moderatedUser = (row: UsersTable): ModeratedUser => ({
  ...searchRow(row),
  pronouns: row.pronouns,
  expires: row.expires === null ? null : Number(row.expires),
  updatedAt: Number(row.updated_at),
});

const banEntry = (row: { id: string; reason: string; expires: number | null; created_at: number }): BanEntry => ({
  id: row.id,
  reason: row.reason,
  expires: row.expires === null ? null : Number(row.expires),
  createdAt: Number(row.created_at),
});

/** What the moderation console reads (spec 2 §7 moderator/search and moderator/{userId}). */
export class ModerationQueries {
  constructor(private readonly db: Kysely<Database>) {}

  /** Users whose name or e-mail contains the text (any case), or whose id it is; 10 a page. */
  async search(query: string, offset: number): Promise<ModeratorSearchAnswer> {
    const pattern = containsPattern(query);
    const matching = this.db
      .selectFrom('users')
      .where((eb) =>
        eb.or([
          eb(sql`lower(username)`, 'like', sql`${pattern} escape '!'`),
          eb(sql`lower(email)`, 'like', sql`${pattern} escape '!'`),
          eb('id', '=', query),
        ]),
      );
    const counted = await matching.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
    const rows = await matching
      .selectAll()
      .orderBy(sql`lower(username)`)
      .orderBy('id')
      .limit(MODERATION_PAGE_SIZE)
      .offset(offset)
      .execute();
    return { count: Number(counted?.count ?? 0), rows: rows.map(searchRow) };
  }

  /** The edit view of one user: account, bans, stats, logins and the running bans to choose from. */
  async view(row: UsersTable, now = Date.now()): Promise<ModeratorUserAnswer> {
    const [bans, tokens, existingBans] = await Promise.all([
      this.bansOf(row.id),
      this.loginsOf(row.id),
      this.runningBans(now),
    ]);
    return { user: moderatedUser(row), bans, stats: statsOf(row), tokens, existingBans };
  }

  async bansOf(userId: string): Promise<BanEntry[]> {
    const rows = await this.db
      .selectFrom('bans')
      .innerJoin('ban_users', 'ban_users.ban_id', 'bans.id')
      .select(['bans.id', 'bans.reason', 'bans.expires', 'bans.created_at'])
      .where('ban_users.user_id', '=', userId)
      .orderBy('bans.created_at', 'desc')
      .limit(BANS_SHOWN)
      .execute();
    return rows.map(banEntry);
  }

  /** Bans that have not run out, newest first, with how many users each holds. */
  async runningBans(now: number): Promise<ExistingBan[]> {
    const rows = await this.db
      .selectFrom('bans')
      .leftJoin('ban_users', 'ban_users.ban_id', 'bans.id')
      .select(['bans.id', 'bans.reason', 'bans.expires', 'bans.created_at'])
      .select((eb) => eb.fn.count('ban_users.user_id').as('users'))
      .where((eb) => eb.or([eb('bans.expires', 'is', null), eb('bans.expires', '>', now)]))
      .groupBy(['bans.id', 'bans.reason', 'bans.expires', 'bans.created_at'])
      .orderBy('bans.created_at', 'desc')
      .limit(BANS_SHOWN)
      .execute();
    return rows.map((row) => ({ ...banEntry(row), users: Number(row.users) }));
  }

  /**
   * Spec 2 §3 "Tokens[]": each of the newest logins with what its newest refresh token recorded
   * (client version, address, browser). One small query per login keeps the long rotation history
   * of a login out of memory.
   */
  async loginsOf(userId: string): Promise<LoginSession[]> {
    const logins = await this.db
      .selectFrom('logins')
      .select(['id', 'created_at', 'updated_at', 'ended_at', 'ip'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .limit(LOGINS_SHOWN)
      .execute();
    return Promise.all(
      logins.map(async (login) => {
        const token = await this.db
          .selectFrom('refresh_tokens')
          .select(['version', 'agent', 'ip'])
          .where('family', '=', login.id)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        return {
          createdAt: Number(login.created_at),
          updatedAt: Number(login.updated_at),
          version: token?.version ?? '',
          ip: login.ip || token?.ip || '',
          agent: token?.agent ?? '',
          ended: login.ended_at !== null,
        };
      }),
    );
  }
}
