import { IMAGE_OPT_IN_KEY } from './imageOptIn';

/**
 * The localStorage keys of the settings (spec 3 §3) that the part of the app using them reads by
 * itself, while the Settings dialog writes them: one name each, here, for both sides.
 */
export const STORED_SETTING_KEYS = {
  isImageOptIn: IMAGE_OPT_IN_KEY,
  isTouchSupport: 'belfry.touchSupport',
  isPlayerNightOrder: 'belfry.playerNightOrder',
  isPlayerBluffs: 'belfry.playerBluffs',
} as const;
