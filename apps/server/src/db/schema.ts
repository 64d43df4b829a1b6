import type { Generated } from 'kysely';

/** Tables as Kysely sees them. Times are ms since epoch; JSON columns are text in both dialects. */
export interface UsersTable {
  id: string;
  email: string;
  username: string;
  password_hash: string;
  level: string;
  /** JSON array of flags */
  flags: string;
  created_at: number;
  updated_at: number;
  pronouns: string;
  /** When the level lapses (ms); null: never. */
  expires: number | null;
  /** JSON Cosmetics */
  cosmetics: string;
  /** JSON Stats */
  stats: string;
  accepts_marketing: number;
  /** Set when the account is disabled (login answers account_disabled). */
  disabled_at: number | null;
  /** Verified phone in international form, e.g. +44 7700900123; unique. */
  phone: string | null;
  patreon_id: string | null;
}

export interface EmailCodesTable {
  purpose: 'verify' | 'reset';
  email: string;
  user_id: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  last_sent_at: number;
  last_attempt_at: number | null;
}

export interface PhoneCodesTable {
  user_id: string;
  phone: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  last_sent_at: number;
  last_attempt_at: number | null;
}

/** One row per SMS or mail sent, for daily budgets. */
export interface SendLogTable {
  kind: string;
  key: string;
  at: number;
}

export interface BansTable {
  id: string;
  reason: string;
  expires: number | null;
  created_at: number;
}

export interface BanUsersTable {
  ban_id: string;
  user_id: string;
}

export interface CaptchaUsedTable {
  signature: string;
  expires_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  /** Every rotation of one login shares a family; reusing a spent token revokes the family. */
  family: string;
  created_at: number;
  updated_at: number;
  expires_at: number;
  revoked_at: number | null;
  version: string;
  ip: string;
  agent: string;
}

/** A login: made by login, reset or a pending verification, kept across refreshes, ended by logout. */
export interface LoginsTable {
  /** The `sid` of its access tokens and the `family` of its refresh tokens. */
  id: string;
  user_id: string;
  created_at: number;
  updated_at: number;
  /** Set when the login ends; its access tokens are refused from then on. */
  ended_at: number | null;
  /** The client's address at the last login or refresh, as the HTTP layer saw it (TRUST_PROXY applies). */
  ip: string;
}

export interface SessionsTable {
  id: string;
  /** JSON of the engine's SessionState */
  state: string;
  version: number;
  owner_id: string;
  is_public: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One applied intent (issue 16): replayed on the session's snapshot to rebuild its state. */
export interface SessionEventsTable {
  session_id: string;
  version: number;
  /** JSON of the engine's Intent, as applied (with what the server added to it). */
  intent: string;
  /** JSON of the engine's Actor. */
  actor: string;
  /** The server time it was applied at: `apply`'s `now`. */
  at: number;
  /** The client's id of the request, when it gave one. */
  request_id: string | null;
}

export interface SecretsTable {
  name: string;
  value: string;
}

/** Operator settings (issue 18), e.g. `default_level`: the level new accounts get. */
export interface SettingsTable {
  name: string;
  value: string;
  updated_at: number;
}

/** An uploaded avatar, re-encoded to a square webp (base64). */
export interface AvatarsTable {
  user_id: string;
  image: string;
  updated_at: number;
}

/** A finished game (issue 18): written once at the reveal. */
export interface GameRecordsTable {
  id: string;
  session_id: string;
  started_at: number;
  ended_at: number;
  /** The Storyteller may make a record public; otherwise only those who took part see it. */
  is_public: Generated<number>;
  /** JSON of the record (protocol `GameRecord`). */
  record: string;
}

export interface GameRecordUsersTable {
  record_id: string;
  user_id: string;
  part: 'storyteller' | 'player' | 'spectator';
}

/** The community script tournament (issue 21): one row, id 1, the imported file as checked. */
export interface TournamentsTable {
  id: number;
  /** JSON of the protocol's `Tournament`. */
  data: string;
  imported_at: number;
}

/** One vote per account and match: the primary key (user_id, match_index) lets the database decide. */
export interface TournamentVotesTable {
  user_id: string;
  match_index: number;
  /** The chosen script's index in the tournament's scripts. */
  choice: number;
  at: number;
}

/** A match's count, written once when its vote locks. */
export interface TournamentResultsTable {
  match_index: number;
  votes_a: number;
  votes_b: number;
  /** Points of each side, in tenths (integers in both dialects). */
  points_a: number;
  points_b: number;
  counted_at: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  logins: LoginsTable;
  sessions: SessionsTable;
  session_events: SessionEventsTable;
  secrets: SecretsTable;
  email_codes: EmailCodesTable;
  phone_codes: PhoneCodesTable;
  send_log: SendLogTable;
  bans: BansTable;
  ban_users: BanUsersTable;
  captcha_used: CaptchaUsedTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
  avatars: AvatarsTable;
  game_records: GameRecordsTable;
  game_record_users: GameRecordUsersTable;
  tournaments: TournamentsTable;
  tournament_votes: TournamentVotesTable;
  tournament_results: TournamentResultsTable;
}
