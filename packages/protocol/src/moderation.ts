import { MAX_SESSION_CODE, type Level, type UserFlag } from '@belfry/engine';
import { z } from 'zod';
import type { Stats } from './rest';

/** Spec 2 §9: the moderation search shows 10 users a page. */
export const MODERATION_PAGE_SIZE = 10;
/** Longest search text; longer ones are refused, not cut (spec 2 §5: an empty one is never sent). */
export const MODERATION_QUERY_MAX = 100;
/** Deepest offset a search may ask for: 1,000 pages of 10, far beyond what a person pages through. */
export const MODERATION_OFFSET_MAX = 10_000;
export const BAN_REASON_MAX = 200;
/** A ban runs at most ten years (in hours); without an expiry it is permanent. */
export const BAN_HOURS_MAX = 87_600;
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_TEXT_MAX = 1_000;
/** Spec 2 §3: a username is at least 3 characters; the profile keeps at most 50. */
export const MODERATED_USERNAME_MIN = 3;
export const MODERATED_USERNAME_MAX = 50;

/** Every level of spec 2 §3, in the order the console lists them. */
export const LEVELS = [
  'none',
  'free',
  'patreon-townsfolk',
  'patreon-minion',
  'patreon-demon',
  'special-free',
  'app-single',
  'app-group',
  'special-moderator',
  'special-tpi',
] as const satisfies readonly Level[];

/** Levels an operator may give every new account: never staff powers (those are granted one by one). */
export const DEFAULT_LEVEL_CHOICES = [
  'none',
  'free',
  'patreon-townsfolk',
  'patreon-minion',
  'patreon-demon',
  'special-free',
  'app-single',
  'app-group',
] as const satisfies readonly Level[];

export type DefaultLevel = (typeof DEFAULT_LEVEL_CHOICES)[number];

/** Every flag of spec 2 §3. */
export const USER_FLAGS = [
  'newuser',
  'tos-agreed',
  'verified-email',
  'verified-phone',
  'powerful',
  'forced-username',
  'forced-pronouns',
  'forced-avatar',
  'forced-private',
  'banned',
] as const satisfies readonly UserFlag[];

// Both lists must name every level and flag the engine knows: a new one fails to compile here.
type Missing<All, Listed> = Exclude<All, Listed>;
const everyLevel: Missing<Level, (typeof LEVELS)[number]> extends never ? true : never = true;
const everyFlag: Missing<UserFlag, (typeof USER_FLAGS)[number]> extends never ? true : never = true;
void everyLevel;
void everyFlag;

/** POST moderator/search: a name or e-mail fragment (or a user id) and where the page starts. */
export const moderatorSearchBody = z
  .object({
    query: z.string().trim().min(1, 'type something to search for').max(MODERATION_QUERY_MAX),
    offset: z.number().int().min(0).max(MODERATION_OFFSET_MAX).default(0),
  })
  .strict();

/** The fields a moderator may change; only changed ones are sent (spec 2 §5). */
export const moderatedUserChanges = z
  .object({
    username: z.string().trim().min(MODERATED_USERNAME_MIN).max(MODERATED_USERNAME_MAX).optional(),
    pronouns: z.string().trim().max(50).optional(),
    /** special-tpi only. */
    email: z.email().max(254).optional(),
    /** special-tpi only. A level granted here does not lapse. */
    level: z.enum(LEVELS).optional(),
    flags: z
      .array(z.enum(USER_FLAGS))
      .max(USER_FLAGS.length)
      .refine((flags) => new Set(flags).size === flags.length, 'a flag is listed twice')
      .optional(),
  })
  .strict();

/** Spec 2 §3 "New-ban input": an existing ban by its id, or a new reason with an optional expiry in hours. */
export const banInput = z.union([
  z.object({ id: z.string().min(1).max(64) }).strict(),
  z
    .object({
      reason: z.string().trim().min(1, 'a ban needs a reason').max(BAN_REASON_MAX),
      /** Hours from now; absent or null: permanent. */
      expires: z.number().positive().max(BAN_HOURS_MAX).nullable().optional(),
    })
    .strict(),
]);

/** POST moderator/{userId}: `user` with the changed fields only, `ban` when the banned flag is set. */
export const moderatorSaveBody = z
  .object({
    user: moderatedUserChanges.optional(),
    ban: banInput.optional(),
  })
  .strict();

/** Spec 2 §3 Announcement: title and text required, the session name optional (spec 2 §5). */
export const announceBody = z
  .object({
    title: z.string().trim().min(1, 'a title is required').max(ANNOUNCEMENT_TITLE_MAX),
    text: z.string().trim().min(1, 'a text is required').max(ANNOUNCEMENT_TEXT_MAX),
    sessionName: z.string().trim().toLowerCase().max(MAX_SESSION_CODE).optional(),
  })
  .strict();

/** The operator's choice of the level new accounts get; null goes back to the DEFAULT_LEVEL setting. */
export const defaultLevelBody = z.object({ defaultLevel: z.enum(DEFAULT_LEVEL_CHOICES).nullable() }).strict();

export type ModeratorSearchBody = z.infer<typeof moderatorSearchBody>;
export type ModeratedUserChanges = z.infer<typeof moderatedUserChanges>;
export type BanInput = z.infer<typeof banInput>;
export type ModeratorSaveBody = z.infer<typeof moderatorSaveBody>;
export type AnnounceBody = z.infer<typeof announceBody>;
export type DefaultLevelBody = z.infer<typeof defaultLevelBody>;

/** One row of the search. */
export interface ModeratorSearchRow {
  id: string;
  username: string;
  email: string;
  level: string;
  flags: string[];
  createdAt: number;
}

export interface ModeratorSearchAnswer {
  count: number;
  rows: ModeratorSearchRow[];
}

/** A user as the moderation view shows them (spec 2 §3 User). */
export interface ModeratedUser extends ModeratorSearchRow {
  pronouns: string;
  expires: number | null;
  updatedAt: number;
}

export interface BanEntry {
  id: string;
  reason: string;
  /** ms since epoch; null: permanent. */
  expires: number | null;
  createdAt: number;
}

/** An existing ban a moderator may put another user under: how many users it holds already. */
export interface ExistingBan extends BanEntry {
  users: number;
}

/** Spec 2 §3 "Tokens[]": one login of the user, as its newest refresh token describes it. */
export interface LoginSession {
  createdAt: number;
  updatedAt: number;
  version: string;
  ip: string;
  agent: string;
  /** The login was ended (logout, reset, theft): its tokens are refused. */
  ended: boolean;
}

/** GET moderator/{userId} (and the answer of a save). */
export interface ModeratorUserAnswer {
  user: ModeratedUser;
  /** This user's bans, newest first. */
  bans: BanEntry[];
  stats: Stats;
  /** The user's latest logins, newest first. */
  tokens: LoginSession[];
  /** Bans still running that this user can be put under ("an existing reason"), newest first. */
  existingBans: ExistingBan[];
}

export interface ModeratorSettingsAnswer {
  /** What new accounts get now. */
  defaultLevel: DefaultLevel;
  /** The operator's choice in the console; null: the DEFAULT_LEVEL setting applies. */
  stored: DefaultLevel | null;
  /** The DEFAULT_LEVEL setting of the server ('none' when unset). */
  fromEnvironment: DefaultLevel;
}
