import type { PublicProfile, Stats } from '@belfry/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserProfile } from '../auth/backend';
import { Modal } from '../ui/Modal';
import { toAppError, type AppError } from '../api/appError';
import { levelKey } from './levels';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'error'; error: AppError }
  | { kind: 'ready'; user: PublicProfile; stats: Stats | null };

/** Spec 2 §2 "User profile card, by userId": opened from the users list; closing returns there. */
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
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    getUserProfile(userId).then(
      ({ user, stats }) => live && setLoaded({ kind: 'ready', user, stats }),
      (error: unknown) => live && setLoaded({ kind: 'error', error: toAppError(error) }),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const title = loaded.kind === 'ready' ? loaded.user.username : fallbackName;
  return (
    <Modal title={title} onDismiss={onClose} testId="profile-card">
      {loaded.kind === 'loading' && <p className="muted">{t('profile.loading')}</p>}
      {loaded.kind === 'error' && (
        <p className="form-error" role="alert">
          {t('profile.error')} {t(`errors.codes.${loaded.error.code}`)}
        </p>
      )}
      {loaded.kind === 'ready' && (
        <>
          <dl className="profile">
            <dt>{t('profile.pronouns')}</dt>
            <dd>{loaded.user.pronouns || <span className="muted">{t('profile.none')}</span>}</dd>
            <dt>{t('profile.level')}</dt>
            <dd>{levelKey(loaded.user.level) ? t(levelKey(loaded.user.level)!) : loaded.user.level}</dd>
            <dt>{t('profile.since')}</dt>
            <dd>
              {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(loaded.user.createdAt))}
            </dd>
          </dl>
          <h3 className="profile__heading">{t('profile.stats')}</h3>
          {loaded.stats ? (
            <dl className="profile profile--stats" data-testid="profile-stats">
              <dt>{t('profile.games')}</dt>
              <dd>{loaded.stats.games}</dd>
              <dt>{t('profile.as_storyteller')}</dt>
              <dd>{loaded.stats.storyteller}</dd>
              <dt>{t('profile.as_player')}</dt>
              <dd>{loaded.stats.player}</dd>
              <dt>{t('profile.player_wins')}</dt>
              <dd>{loaded.stats.playerWins}</dd>
              <dt>{t('profile.evil_wins')}</dt>
              <dd>{loaded.stats.stEvilWins}</dd>
            </dl>
          ) : (
            <p className="muted">{t('profile.stats_hidden')}</p>
          )}
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
