import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS, releasesPath } from '../routing/paths';
import { SimplePage } from '../ui/SimplePage';
import { APP_VERSION } from '../version/buildInfo';
import { RELEASE_NOTES, releaseNotesOf } from '../version/releaseNotes';
import './ReleaseNotesPage.css';

/** Spec 3 §9: the release notes page of one version (version/releaseNotes.ts), with links to the others. */
export function ReleaseNotesPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const version = search.get('version') || APP_VERSION;
  const release = releaseNotesOf(version);
  const date = release
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(release.date))
    : null;
  return (
    <SimplePage title={t('app_info.releases_title', { version })} testId="release-notes">
      {release ? (
        <>
          <p className="release-notes__date">{t('app_info.releases_date', { date })}</p>
          <ul className="release-notes__list" data-testid="release-notes-list">
            {release.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status" data-testid="release-notes-missing">
          {t('app_info.releases_missing', { version })}
        </p>
      )}
      <nav aria-label={t('app_info.releases_versions')}>
        <ul className="release-notes__versions">
          {RELEASE_NOTES.map((other) => (
            <li key={other.version}>
              <Link
                to={releasesPath(other.version)}
                aria-current={other.version === release?.version ? 'page' : undefined}
              >
                {other.version}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="simple-page__actions">
        <Link className="button button--secondary" to={PATHS.lobby}>
          {t('common.to_lobby')}
        </Link>
      </div>
    </SimplePage>
  );
}
