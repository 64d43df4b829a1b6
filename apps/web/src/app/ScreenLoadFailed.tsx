import { useTranslation } from 'react-i18next';
import { ReloadButton } from '../ui/ReloadButton';
import { SimplePage } from '../ui/SimplePage';

/**
 * A screen whose code did not arrive (offline, or a new version replaced the files): said once, with
 * a reload, instead of a blank page or a retry loop.
 */
export function ScreenLoadFailed() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('app.screen_failed_title')} testId="screen-load-failed">
      <p>{t('app.screen_failed_text')}</p>
      <div className="simple-page__actions">
        <ReloadButton testId="screen-load-reload" />
      </div>
    </SimplePage>
  );
}
