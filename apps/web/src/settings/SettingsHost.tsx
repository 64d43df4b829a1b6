import { lazy, Suspense } from 'react';
import { withLaterStrings } from '../i18n';
import { CustomCssConfirm } from './CustomCssConfirm';
import { useSettingsDialog } from './settingsDialog';

// Loaded when Settings first opens: its six tabs are not part of any screen's first load.
const SettingsDialog = lazy(async () => ({
  default: (await withLaterStrings(() => import('./SettingsDialog'))).SettingsDialog,
}));

/** Mounted once per page: the Settings dialog when open, and the custom CSS question when asked. */
export function SettingsHost() {
  const tab = useSettingsDialog((s) => s.tab);
  return (
    <>
      <Suspense fallback={null}>{tab && <SettingsDialog tab={tab} />}</Suspense>
      <CustomCssConfirm />
    </>
  );
}
