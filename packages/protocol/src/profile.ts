import { hasSubscription, type Level, type UserFlag } from '@belfry/engine';
import type { Me } from './rest';

/**
 * Spec 2 §5 Profile and §9: the numbers both ends apply to the profile card. No zod here: the Lobby
 * uses these and must not load the schemas (the lookup's is in avatarLookup.ts).
 */
export const PROFILE_TEXT_MAX = 50;
export const PROFILE_USERNAME_MIN = 3;
/** Avatar upload: at most 5 MB (spec 2 §9). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars 0 to 25 are free for everyone (spec 2 §9). */
export const FREE_AVATAR_MAX = 25;
/** Belfry's negative avatars, -1 to -6: they need an account level (spec 2 §5). */
export const LEVEL_AVATAR_MIN = -6;
/**
 * The avatar value of an uploaded picture, served at /avatars/{userId}.webp. An upload puts it in the
 * user's avatar list, so that it is a custom string avatar like any other.
 */
export const UPLOADED_AVATAR = 'upload';
/** The multipart field an upload comes in (spec 2 §7). */
export const AVATAR_FIELD = 'avatar';

/** Why an upload was refused: the avatar dialogue's key (spec 2 §8); anything else is avatar_generic. */
export type AvatarRefusal = 'avatar_size' | 'avatar_type' | 'avatar_pixel';

/**
 * Cuts a profile text at 50 UTF-16 units, as the spec's "cut to 50" says, without leaving half of a
 * character drawn from two units behind.
 */
export const cutProfileText = (text: string): string => {
  if (text.length <= PROFILE_TEXT_MAX) return text;
  const cut = text.slice(0, PROFILE_TEXT_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};

/**
 * Spec 2 §9 "borders by level": townsfolk; plus minion; plus demon; the staff's own; rainbow and
 * progress for the powerful flag. A lapsed level unlocks nothing; borders granted one by one
 * (cosmetics.borders) are added by the server.
 */
export const levelBorders = (
  level: string,
  flags: readonly string[],
  expires: number | null,
  now: number,
): string[] => {
  const borders: string[] = [];
  if (hasSubscription(level as Level, expires, now)) {
    const rank: Record<string, number> = {
      'patreon-townsfolk': 1,
      'app-single': 1,
      'special-free': 1,
      'patreon-minion': 2,
      'app-group': 2,
      'patreon-demon': 3,
      'special-moderator': 3,
      'special-tpi': 3,
    };
    borders.push(...['townsfolk', 'minion', 'demon'].slice(0, rank[level] ?? 1));
    if (level === 'special-tpi') borders.push('tpi');
    if (level === 'special-moderator' || level === 'special-tpi') borders.push('moderator');
  }
  if ((flags as readonly UserFlag[]).includes('powerful')) borders.push('rainbow', 'progress');
  return borders;
};

/** Every border Belfry draws, in the order the card offers them. */
export const BORDERS = ['townsfolk', 'minion', 'demon', 'tpi', 'moderator', 'rainbow', 'progress'] as const;

/** How a user looks: the avatar chosen, its border, and for an upload the time it was stored. */
export interface AvatarInfo {
  avatar: number | string;
  border: string;
  /** ms since epoch of the uploaded picture (the image's cache key); null when none is shown. */
  version: number | null;
}

/** The answer of a lookup: only the ids that are users. */
export type AvatarLookup = Record<string, AvatarInfo>;

/** The answer of an upload (POST /backend/user/avatar). */
export interface AvatarUploadAnswer {
  user: Me;
  avatar: AvatarInfo;
}
