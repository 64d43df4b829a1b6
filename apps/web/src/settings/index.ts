/** The public face of settings/: what other folders may use. */
export { closeSettings, openSettings, SETTINGS_TABS, type SettingsTab, useSettingsDialog } from './settingsDialog';
export { SettingsEffects } from './SettingsEffects';
export { SettingsHost } from './SettingsHost';
export { useSettings } from './settingsStore';
