import { MAX_SESSION_CODE } from '@belfry/engine';
import { z } from 'zod';
import { sessionTags } from './socket';

/** Bodies of the REST calls under /backend/ (spec 2 §5, §7). */
const email = z.email().max(254);
/** The ALTCHA widget's payload (base64 JSON). */
const captcha = z.string().min(1, 'captcha required').max(4000);
/** Spec 2 §5: verification codes are digits only, exactly 6. */
export const verificationCode = z.string().regex(/^\d{6}$/, 'six digits');

export const registerBody = z
  .object({
    email,
    password: z.string().min(6).max(256),
    username: z.string().trim().min(3).max(150),
    acceptsTerms: z.literal(true, 'the terms must be accepted'),
    acceptsMarketing: z.boolean().default(false),
    captcha,
  })
  .strict();

export const loginBody = z.object({ email, password: z.string().min(1).max(256), captcha }).strict();

export const recoverBody = z.object({ email, captcha }).strict();

export const resetBody = z.object({ email, code: verificationCode, password: z.string().min(6).max(256) }).strict();

/** Spec 2 §5 Phone: digits only, leading zeros stripped, 1–14 digits. */
export const phoneNumber = z
  .string()
  .regex(/^\d+$/, 'digits only')
  .transform((digits) => digits.replace(/^0+/, ''))
  .pipe(z.string().min(1).max(14));

export const dialPrefix = z.string().regex(/^\+?\d{1,4}$/, 'a dial prefix such as +44');

export const verifyBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), email: email.optional(), code: verificationCode.optional() }).strict(),
  z
    .object({
      type: z.literal('phone'),
      prefix: dialPrefix,
      phone: phoneNumber,
      code: z.string().length(6).optional(),
    })
    .strict(),
]);

export const updateUserBody = z
  .object({
    pronouns: z.string().trim().max(50).optional(),
    username: z.string().trim().min(3).max(50).optional(),
    hasAgreedTOS: z.literal(true).optional(),
    border: z.string().max(50).optional(),
    avatar: z.union([z.number().int(), z.string().max(100)]).optional(),
    stats: z.enum(['public', 'private', 'hidden']).optional(),
  })
  .strict();

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
    chatServer: z.string().max(200).default(''),
    tags: sessionTags.partial().default({}),
    seats: z.number().int().min(0).max(20).default(0),
  })
  .strict();

export type RegisterBody = z.infer<typeof registerBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type RecoverBody = z.infer<typeof recoverBody>;
export type ResetBody = z.infer<typeof resetBody>;
export type VerifyBody = z.infer<typeof verifyBody>;
export type UpdateUserBody = z.infer<typeof updateUserBody>;
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

export type StatsVisibility = 'public' | 'private' | 'hidden';

export interface Cosmetics {
  border: string;
  borders: string[];
  avatar: number | string;
  avatars: (number | string)[];
  emotes: string[];
  stats: StatsVisibility;
}

export interface Stats {
  games: number;
  storyteller: number;
  player: number;
  stEvilWins: number;
  playerWins: number;
  editions: { id: string; count: number }[];
  roles: { id: string; count: number }[];
}

/** The logged-in user's own account (GET /backend/me). */
export interface Me extends PublicUser {
  pronouns: string;
  /** ms since epoch when the level lapses; null: it does not. */
  expires: number | null;
  cosmetics: Cosmetics;
  hasAgreedTOS: boolean;
  createdAt: number;
  /** A level that is set and not expired (spec 2: "subscription"). */
  isSubscribed: boolean;
  ban: { reason: string; expires: number | null } | null;
}

/** Another user as GET /backend/user/:id shows them. */
export interface PublicProfile {
  id: string;
  username: string;
  pronouns: string;
  level: string;
  cosmetics: Omit<Cosmetics, 'borders' | 'avatars' | 'emotes'>;
  createdAt: number;
}

export interface VersionInfo {
  version: string;
  serverTime: number;
  /** Released versions, newest first. */
  versions: string[];
  /** Where banned users may write, when the install says. */
  supportEmail?: string;
}

/** The error body of every failed REST call. */
export interface ErrorBody {
  error: { code: string; message: string; retryAfter?: number };
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
  fabled: { id: string; name: string }[];
  /** The characters of a custom script (empty for official editions). */
  roles: { id: string; name: string; team: string }[];
  tags: {
    difficulty: number;
    cameras: number;
    travellers: number;
    grimoire: number;
    locked: boolean;
    streaming: boolean;
  };
  isRunning: boolean;
  phase: number;
  /** Seconds users without a subscription may still play here. */
  boostDuration: number;
}
