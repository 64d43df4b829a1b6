import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS, releasesPath } from '../routing/paths';
import { isStandalone, STANDALONE_QUERY, shownVersion } from '../version/appMode';
import { APP_VERSION } from '../version/buildInfo';
import { isUnsupportedBrowser } from '../version/browserSupport';
import { useVersionStore } from '../version/versionStore';
import './AppInfo.css';

const subscribeDisplayMode = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(STANDALONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the page runs as the installed app; follows the window when it is moved out of the app or into it. */
export const useStandalone = (): boolean => useSyncExternalStore(subscribeDisplayMode, isStandalone, () => false);

/** The version as the version bar shows it: with "-app" in the installed app (spec 1 §2). */
export const useShownVersion = (): string => shownVersion(APP_VERSION, useStandalone());

/**
 * The version bar's app bits (spec 1 §2): the release notes of this version, Quit in the installed
 * app, and the update-available and outdated-browser warnings.
 */
export function AppInfo() {
  const { t } = useTranslation();
  const standalone = useStandalone();
  const newer = useVersionStore((state) => state.newerCount);
  const outdated = isUnsupportedBrowser(navigator.userAgent);
  return (
    <>
      <Link className="app-info__link" to={releasesPath(APP_VERSION)} data-testid="release-notes-link">
        {t('app_info.release_notes')}
      </Link>
      {newer > 0 && (
        <Link className="app-info__warning" to={PATHS.update} data-testid="update-available">
          {t('app_info.update_available')}
        </Link>
      )}
      {outdated && (
        <span className="app-info__warning" role="note" data-testid="outdated-browser">
          {t('app_info.outdated_browser')}
        </span>
      )}
      {standalone && (
        <button type="button" className="app-info__quit" onClick={() => window.close()} data-testid="app-quit">
          {t('app_info.quit')}
        </button>
      )}
    </>
  );
}
