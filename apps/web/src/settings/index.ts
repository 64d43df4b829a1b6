/** The public face of settings/: what other folders may use. */
export { closeSettings, openSettings, SETTINGS_TABS, type SettingsTab, useSettingsDialog } from './settingsDialog';
