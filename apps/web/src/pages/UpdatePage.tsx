import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_VERSION } from '../version/buildInfo';
import { latestVersion, mustUpdate } from '../version/versions';
import { useVersionStore } from '../version/versionStore';
import { ReloadButton } from '../ui/ReloadButton';
import { SimplePage } from '../ui/SimplePage';
import { PATHS } from '../routing/paths';

/** Spec 2 §2 "Update page": the current and the latest version; web users are told to reload. */
export function UpdatePage() {
  const { t } = useTranslation();
  const info = useVersionStore((state) => state.info);
  const forced = useVersionStore((state) => mustUpdate(state.newerCount));
  const latest = info ? latestVersion(info.versions, info.version) : null;

  return (
    <SimplePage title={t('update.title')} testId="update-page">
      <p>{t('update.text')}</p>
      <dl className="update__versions">
        <dt>{t('update.current')}</dt>
        <dd data-testid="update-current">{APP_VERSION}</dd>
        <dt>{t('update.latest')}</dt>
        <dd data-testid="update-latest">{latest ?? t('update.unknown')}</dd>
      </dl>
      <div className="simple-page__actions">
        <ReloadButton testId="update-reload" />
        {!forced && (
          <Link className="button button--secondary" to={PATHS.lobby}>
            {t('common.to_lobby')}
          </Link>
        )}
      </div>
    </SimplePage>
  );
}
