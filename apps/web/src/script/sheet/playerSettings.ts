import { create } from 'zustand';
import { STORED_SETTING_KEYS } from '../../ui/storedSettingKeys';

/**
 * Spec 3 §3 game settings a player sets for themselves: isPlayerNightOrder (the night order tabs
 * without grimoire access) and isPlayerBluffs (the bluffs tab for a seated player). Kept in
 * localStorage; the settings dialogue switches them with `setPlayerSetting`.
 */
export type PlayerSetting = 'isPlayerNightOrder' | 'isPlayerBluffs';

export const PLAYER_SETTING_KEYS: Readonly<Record<PlayerSetting, string>> = {
  isPlayerNightOrder: STORED_SETTING_KEYS.isPlayerNightOrder,
  isPlayerBluffs: STORED_SETTING_KEYS.isPlayerBluffs,
};

const read = (setting: PlayerSetting): boolean => {
  try {
    return localStorage.getItem(PLAYER_SETTING_KEYS[setting]) === 'true';
  } catch {
    return false;
  }
};

export const usePlayerSettings = create<Record<PlayerSetting, boolean>>(() => ({
  isPlayerNightOrder: read('isPlayerNightOrder'),
  isPlayerBluffs: read('isPlayerBluffs'),
}));

export const setPlayerSetting = (setting: PlayerSetting, value: boolean): void => {
  usePlayerSettings.setState({ [setting]: value });
  try {
    localStorage.setItem(PLAYER_SETTING_KEYS[setting], String(value));
  } catch {
    // Kept for this visit only.
  }
};

// Another tab of this browser changed it: follow.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    for (const setting of Object.keys(PLAYER_SETTING_KEYS) as PlayerSetting[]) {
      if (event.key === PLAYER_SETTING_KEYS[setting])
        usePlayerSettings.setState({ [setting]: event.newValue === 'true' });
    }
  });
}
