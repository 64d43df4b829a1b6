import type { PublicProfile, Stats } from '@belfry/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/authStore';
import { getUserProfile } from '../../auth/backend';
import { Avatar, levelKey, ProfileCard, ProfileStats } from '../../people';

type Loaded = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; user: PublicProfile; stats: Stats | null };

/** Spec 3 §2 user tab: one's own profile and statistics; editing opens the own profile card. */
export function UserTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [editing, setEditing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    if (!userId || editing) return;
    let live = true;
    getUserProfile(userId).then(
      ({ user: profile, stats }) => live && setLoaded({ kind: 'ready', user: profile, stats }),
      () => live && setLoaded({ kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [userId, editing, attempt]);

  const level = loaded.kind === 'ready' ? levelKey(loaded.user.level) : null;
  if (!user) return <p className="muted">{t('settings.user.signed_out')}</p>;

  return (
    <div className="settings-tab settings-user" data-testid="settings-tab-user">
      <div className="settings-user__head">
        <Avatar userId={user.id} size="large" />
        <div>
          <p className="settings-user__name" data-testid="settings-user-name">
            {loaded.kind === 'ready' ? loaded.user.username : user.username}
          </p>
          {loaded.kind === 'ready' && loaded.user.pronouns && <p className="muted">{loaded.user.pronouns}</p>}
          {level && <p className="muted">{t(level)}</p>}
        </div>
        <button
          type="button"
          className="button button--small"
          onClick={() => setEditing(true)}
          data-testid="settings-edit-profile"
        >
          {t('settings.user.edit')}
        </button>
      </div>
      {loaded.kind === 'loading' && (
        <p className="muted" role="status">
          {t('settings.user.loading')}
        </p>
      )}
      {loaded.kind === 'error' && (
        <p className="field__error" role="alert">
          {t('settings.user.error')}{' '}
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => {
              setLoaded({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('settings.retry')}
          </button>
        </p>
      )}
      {loaded.kind === 'ready' && <ProfileStats stats={loaded.stats} />}
      {editing && (
        <ProfileCard
          userId={user.id}
          fallbackName={user.username}
          onClose={() => {
            // Loaded again after editing, so the tab shows what was saved.
            setLoaded({ kind: 'loading' });
            setEditing(false);
          }}
        />
      )}
    </div>
  );
}
