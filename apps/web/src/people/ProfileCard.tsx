import type { PublicProfile, Stats } from '@belfry/protocol';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserProfile } from '../auth/backend';
import { useMe } from '../auth/authStore';
import { withLaterStrings } from '../i18n';
import { Modal } from '../ui/Modal';
import { toAppError, type AppError } from '../api/appError';
import { Avatar } from './avatars/Avatar';
import { refreshAvatar } from './avatars/avatarStore';
import { levelKey } from './levels';
import { ProfileStats } from './profile/ProfileStats';
import './profile/ProfileCard.css';

// One's own profile (avatar picker, pronouns, statistics) loads when first opened.
const OwnProfile = lazy(async () => ({
  default: (await withLaterStrings(() => import('./profile/OwnProfile'))).OwnProfile,
}));

type Loaded =
  | { kind: 'loading' }
  | { kind: 'error'; error: AppError }
  | { kind: 'ready'; user: PublicProfile; stats: Stats | null };

/**
 * Spec 2 §2 "User profile card, by userId": opened from the users list (closing returns there) and
 * from the Lobby. One's own card edits the profile (spec 2 §5); anyone else's only shows it.
 */
export function ProfileCard({
  userId,
  fallbackName,
  onClose,
}: {
  userId: string;
  fallbackName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    // The card shows how the user looks now, not as a list cached it a minute ago.
    refreshAvatar(userId);
    getUserProfile(userId).then(
      ({ user, stats }) => live && setLoaded({ kind: 'ready', user, stats }),
      (error: unknown) => live && setLoaded({ kind: 'error', error: toAppError(error) }),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  if (me && me.id === userId && loaded.kind === 'ready') {
    return (
      <Suspense fallback={null}>
        <OwnProfile me={me} stats={loaded.stats} onClose={onClose} />
      </Suspense>
    );
  }

  const title = loaded.kind === 'ready' ? loaded.user.username : fallbackName;
  return (
    <Modal title={title} onDismiss={onClose} testId="profile-card" className="profile-card">
      {loaded.kind === 'loading' && (
        <p className="muted" role="status">
          {t('profile.loading')}
        </p>
      )}
      {loaded.kind === 'error' && (
        <p className="form-error" role="alert">
          {t('profile.error')} {t(`errors.codes.${loaded.error.code}`)}
        </p>
      )}
      {loaded.kind === 'ready' && (
        <>
          <div className="profile-card__identity">
            <Avatar userId={userId} size="large" label={t('avatar.of', { name: loaded.user.username })} />
            <dl className="profile-card__facts">
              <dt>{t('profile.pronouns')}</dt>
              <dd data-testid="profile-pronouns-shown">
                {loaded.user.pronouns || <span className="muted">{t('profile.none')}</span>}
              </dd>
              <dt>{t('profile.level')}</dt>
              <dd>{levelKey(loaded.user.level) ? t(levelKey(loaded.user.level)!) : loaded.user.level}</dd>
              <dt>{t('profile.since')}</dt>
              <dd>
                {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(loaded.user.createdAt))}
              </dd>
            </dl>
          </div>
          <ProfileStats stats={loaded.stats} />
        </>
      )}
      <div className="dialog__buttons">
        <button
          type="button"
          className="button button--primary"
          onClick={onClose}
          autoFocus
          data-testid="profile-close"
        >
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
