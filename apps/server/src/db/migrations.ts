import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

/** Migrations live in code so that both dialects and every install run the same steps. */
const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('username', 'varchar(150)', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('level', 'varchar(32)', (c) => c.notNull())
        .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('family', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('version', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('secrets')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['secrets', 'sessions', 'refresh_tokens', 'users'])
        await db.schema.dropTable(table).execute();
    },
  },
  '0002_accounts': {
    async up(db: Kysely<unknown>) {
      const cosmetics = JSON.stringify({
        border: '',
        borders: [],
        avatar: 0,
        avatars: [],
        emotes: [],
        stats: 'public',
      });
      const stats = JSON.stringify({
        games: 0,
        storyteller: 0,
        player: 0,
        stEvilWins: 0,
        playerWins: 0,
        editions: [],
        roles: [],
      });
      const columns: [string, 'text' | 'bigint' | 'integer' | 'varchar(32)', string | number | null][] = [
        ['pronouns', 'text', ''],
        ['expires', 'bigint', null],
        ['cosmetics', 'text', cosmetics],
        ['stats', 'text', stats],
        ['accepts_marketing', 'integer', 0],
        ['disabled_at', 'bigint', null],
        ['phone', 'varchar(32)', null],
        ['patreon_id', 'text', null],
      ];
      for (const [name, type, fallback] of columns) {
        await db.schema
          .alterTable('users')
          .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      }
      await db.schema.createIndex('users_phone').on('users').column('phone').unique().execute();
      await db.schema
        .createTable('email_codes')
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
        .addColumn('last_attempt_at', 'bigint')
        .addPrimaryKeyConstraint('email_codes_pk', ['purpose', 'email'])
        .execute();
      await db.schema
        .createTable('phone_codes')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('phone', 'varchar(32)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
        .addColumn('last_attempt_at', 'bigint')
        .execute();
      await db.schema
        .createTable('send_log')
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('key', 'varchar(254)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('send_log_kind_key_at').on('send_log').columns(['kind', 'key', 'at']).execute();
      await db.schema
        .createTable('bans')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('expires', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ban_users')
        .addColumn('ban_id', 'varchar(64)', (c) => c.notNull().references('bans.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('ban_users_pk', ['ban_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('captcha_used')
        .addColumn('signature', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'rate_limits',
        'captcha_used',
        'ban_users',
        'bans',
        'send_log',
        'phone_codes',
        'email_codes',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0003_logins': {
    async up(db: Kysely<unknown>) {
      // One row per login: access tokens name it, so ending it (logout, a reused refresh token, a
      // password reset) refuses them at once instead of when they expire.
      await db.schema
        .createTable('logins')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('logins_user_id').on('logins').column('user_id').execute();
      // Logins made before this step are the refresh-token families still holding a usable token;
      // they keep working (their next refresh gives access tokens that name them).
      await sql`
        INSERT INTO logins (id, user_id, created_at, updated_at, ended_at, ip)
        SELECT family, MIN(user_id), MIN(created_at), MAX(updated_at), NULL, MAX(ip)
        FROM refresh_tokens
        WHERE revoked_at IS NULL
        GROUP BY family
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('logins').execute();
    },
  },
};

migrations['0004_session_events'] = {
  async up(db: Kysely<unknown>) {
    // Issue 16: a write costs what it changes. Each applied intent is one small row; the session row
    // keeps a snapshot (its state at its version), rewritten every so many events. The primary key is
    // the compare-and-set between nodes: one event per version.
    await db.schema
      .createTable('session_events')
      .addColumn('session_id', 'varchar(20)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('intent', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      // The client's id of the request: a retry after a node died is applied at most once.
      .addColumn('request_id', 'varchar(64)')
      .addPrimaryKeyConstraint('session_events_pk', ['session_id', 'version'])
      .execute();
    await db.schema
      .createIndex('session_events_request')
      .on('session_events')
      .columns(['session_id', 'request_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('session_events').execute();
  },
};

migrations['0005_people_and_records'] = {
  async up(db: Kysely<unknown>) {
    // Issue 18: operator settings kept in the database (e.g. the level new accounts get).
    await db.schema
      .createTable('settings')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Uploaded avatars, re-encoded to webp, as base64 text: one column type in both dialects, and every
    // node behind a load balancer serves the same picture.
    await db.schema
      .createTable('avatars')
      .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // A finished game (the reveal): its record as JSON, and who took part, for the record page and stats.
    await db.schema
      .createTable('game_records')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('session_id', 'varchar(20)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint', (c) => c.notNull())
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('record', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('game_records_ended').on('game_records').column('ended_at').execute();
    await db.schema
      .createTable('game_record_users')
      .addColumn('record_id', 'varchar(32)', (c) => c.notNull().references('game_records.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
      /** 'storyteller', 'player' or 'spectator'. */
      .addColumn('part', 'varchar(16)', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_record_users_pk', ['record_id', 'user_id'])
      .execute();
    await db.schema.createIndex('game_record_users_user').on('game_record_users').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['game_record_users', 'game_records', 'avatars', 'settings'])
      await db.schema.dropTable(table).execute();
  },
};

migrations['0006_tournament'] = {
  async up(db: Kysely<unknown>) {
    // Issue 21: the community script tournament. The imported file is one JSON row; votes and the
    // counts made at each lock are rows of their own.
    await db.schema
      .createTable('tournaments')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('imported_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('tournament_votes')
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('match_index', 'integer', (c) => c.notNull())
      .addColumn('choice', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      // One vote per account and match, whatever arrives at once.
      .addPrimaryKeyConstraint('tournament_votes_pk', ['user_id', 'match_index'])
      .execute();
    await db.schema.createIndex('tournament_votes_match').on('tournament_votes').column('match_index').execute();
    await db.schema
      .createTable('tournament_results')
      .addColumn('match_index', 'integer', (c) => c.primaryKey())
      .addColumn('votes_a', 'integer', (c) => c.notNull())
      .addColumn('votes_b', 'integer', (c) => c.notNull())
      .addColumn('points_a', 'integer', (c) => c.notNull())
      .addColumn('points_b', 'integer', (c) => c.notNull())
      .addColumn('counted_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['tournament_results', 'tournament_votes', 'tournaments'])
      await db.schema.dropTable(table).execute();
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
