import { FREE_AVATAR_MAX, LEVEL_AVATAR_MIN, UPLOADED_AVATAR } from '@belfry/protocol';
import { FREE_AVATAR_ICONS, LEVEL_AVATAR_ICONS } from '../../ui/icons/avatarIcons';

/** A drawn avatar: a Game Icon in white on a disc of its colour. */
export interface AvatarArt {
  icon: string;
  colour: string;
}

/**
 * The discs' colours, one per free avatar: dark enough that the white icon keeps a contrast of at
 * least 4.5:1, and far enough apart that neighbours in the picker are told apart.
 */
const FREE_COLOURS = [
  '#4a4e69',
  '#7a4419',
  '#5c6b73',
  '#b04a1c',
  '#6b4f3a',
  '#5b6f3b',
  '#8c5a2b',
  '#6a3d9a',
  '#a23b3b',
  '#7b5e2e',
  '#b5401f',
  '#9c2f5a',
  '#2f6f73',
  '#3d5a80',
  '#1f6f8b',
  '#585b3e',
  '#8a4f7d',
  '#34568b',
  '#2e7d4f',
  '#2f5d3a',
  '#805b10',
  '#3b3b58',
  '#6d4c7d',
  '#1d6a96',
  '#26547c',
  '#4b3869',
];
const LEVEL_COLOURS = ['#8a6d1d', '#7d3c98', '#2c6e8f', '#1b6b5a', '#a33a4a', '#5a4a9c'];

/** The ids in the order the picker offers them: the free set, then the level set. */
export const FREE_AVATAR_IDS = FREE_AVATAR_ICONS.map((_, index) => index);
export const LEVEL_AVATAR_IDS = LEVEL_AVATAR_ICONS.map((_, index) => -1 - index);

/** Whether Belfry draws this avatar id itself (not an upload, not a custom string avatar). */
export const isDrawnAvatar = (avatar: number | string): avatar is number =>
  typeof avatar === 'number' && Number.isInteger(avatar) && avatar >= LEVEL_AVATAR_MIN && avatar <= FREE_AVATAR_MAX;

/**
 * The art of an avatar id. Anything Belfry cannot draw (a custom string avatar without art of its
 * own, an id from a newer version) shows avatar 0, as the server falls back to it.
 */
export const avatarArt = (avatar: number | string): AvatarArt => {
  if (isDrawnAvatar(avatar)) {
    if (avatar >= 0) return { icon: FREE_AVATAR_ICONS[avatar]!, colour: FREE_COLOURS[avatar]! };
    return { icon: LEVEL_AVATAR_ICONS[-1 - avatar]!, colour: LEVEL_COLOURS[-1 - avatar]! };
  }
  return { icon: FREE_AVATAR_ICONS[0]!, colour: FREE_COLOURS[0]! };
};

export const isUploadedAvatar = (avatar: number | string): boolean => avatar === UPLOADED_AVATAR;

/** Where an uploaded picture is served; the version pins the address so the browser keeps it for good. */
export const uploadedAvatarUrl = (userId: string, version: number | null): string =>
  `/avatars/${encodeURIComponent(userId)}.webp${version ? `?v=${version}` : ''}`;

export const AVATAR_COLOURS = { free: FREE_COLOURS, level: LEVEL_COLOURS } as const;
