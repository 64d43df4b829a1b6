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

export interface SecretsTable {
  name: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  secrets: SecretsTable;
}
