import { MAX_SESSION_CODE } from '@belfry/engine';
import { z } from 'zod';

/** Bodies of the REST calls under /backend/ used so far (spec 2 §7). */
export const registerBody = z
  .object({
    email: z.email().max(254),
    password: z.string().min(6).max(256),
    username: z.string().trim().min(3).max(150),
  })
  .strict();

export const loginBody = z.object({ email: z.email().max(254), password: z.string().min(1).max(256) }).strict();

export const refreshBody = z.object({ refreshToken: z.string().min(10).max(200) }).strict();

/**
 * Spec 2 §5: the session name is 3–20 characters without leading or trailing space; the code
 * derived from it is trimmed and lower-cased.
 */
export const sessionCode = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(MAX_SESSION_CODE)
  .regex(/^[\p{L}\p{N}_-]+$/u, 'letters, digits, - and _ only');

export const createSessionBody = z
  .object({
    name: sessionCode,
    isPublic: z.boolean().default(false),
    language: z.string().min(2).max(10).default('en'),
    seats: z.number().int().min(0).max(20).default(0),
  })
  .strict();

export type RegisterBody = z.infer<typeof registerBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type CreateSessionBody = z.infer<typeof createSessionBody>;

/** The answer of login, register and refresh. */
export interface AuthTokens {
  accessToken: string;
  /** ms since epoch */
  accessExpires: number;
  refreshToken: string;
  user: PublicUser;
}

export interface PublicUser {
  id: string;
  username: string;
  email: string;
  level: string;
  flags: string[];
}

/** A row of the lobby's session list (spec 2 §3 "Session list item"). */
export interface SessionListItem {
  name: string;
  isPublic: boolean;
  language: string;
  edition: { id: string; name: string; author: string; isOfficial: boolean };
  storytellers: { id: string }[];
  players: { id: string; isDead: boolean; isVoteless: boolean }[];
  usersAll: { id: string; username: string; isOnline: boolean }[];
  isRunning: boolean;
  phase: number;
}
