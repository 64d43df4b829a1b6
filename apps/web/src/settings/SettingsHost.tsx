import { CustomCssConfirm } from './CustomCssConfirm';
import { SettingsDialog } from './SettingsDialog';
import { useSettingsDialog } from './settingsDialog';

/** Mounted once per page: the Settings dialog when open, and the custom CSS question when asked. */
export function SettingsHost() {
  const tab = useSettingsDialog((s) => s.tab);
  return (
    <>
      {tab && <SettingsDialog tab={tab} />}
      <CustomCssConfirm />
    </>
  );
}
