import { create } from 'zustand';

/** Spec 3 §2: the Settings dialog's six tabs (shortcuts is tab 4 counted from 0). */
export const SETTINGS_TABS = ['general', 'user', 'chat', 'game', 'shortcuts', 'advanced'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

interface SettingsDialogState {
  /** The open tab, or null while the dialog is closed. */
  tab: SettingsTab | null;
}

export const useSettingsDialog = create<SettingsDialogState>(() => ({ tab: null }));

/** Opens Settings (from the lobby, the game menu or the q shortcut), on a tab. */
export const openSettings = (tab: SettingsTab = 'general'): void => useSettingsDialog.setState({ tab });
export const closeSettings = (): void => useSettingsDialog.setState({ tab: null });
