import { useTranslation } from 'react-i18next';

/** Reloads the page: the way to fetch a newer build or retry what did not arrive. */
export function ReloadButton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => window.location.reload()}
      data-testid={testId}
    >
      {t('update.reload')}
    </button>
  );
}
