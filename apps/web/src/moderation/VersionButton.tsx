import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useMe } from '../auth/authStore';
import { openAnnouncement } from './moderationStore';

/**
 * Spec 2 §6: for special-tpi a click on the version opens the announcement form; for everyone else
 * the version is plain text.
 */
export function VersionButton({
  className,
  testId,
  children,
}: {
  className: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const user = useCurrentUser();
  const isStaff = (me?.level ?? user?.level) === 'special-tpi';
  if (!isStaff) {
    return (
      <span className={className} data-testid={testId}>
        {children}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${className} moderation__version`}
      onClick={openAnnouncement}
      title={t('moderation.announcement.open')}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
