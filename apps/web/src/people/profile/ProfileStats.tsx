import type { Stats } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';

/** The statistics a card shows, or why it shows none (spec 2 §3 visibility). */
export function ProfileStats({ stats, hiddenOwn = false }: { stats: Stats | null; hiddenOwn?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="profile-card__heading">{t('profile.stats')}</h3>
      {hiddenOwn ? (
        <p className="muted">{t('avatar.edit.stats_hidden_own')}</p>
      ) : stats ? (
        <dl className="profile-card__facts profile-card__facts--stats" data-testid="profile-stats">
          <dt>{t('profile.games')}</dt>
          <dd>{stats.games}</dd>
          <dt>{t('profile.as_storyteller')}</dt>
          <dd>{stats.storyteller}</dd>
          <dt>{t('profile.as_player')}</dt>
          <dd>{stats.player}</dd>
          <dt>{t('profile.player_wins')}</dt>
          <dd>{stats.playerWins}</dd>
          <dt>{t('profile.evil_wins')}</dt>
          <dd>{stats.stEvilWins}</dd>
        </dl>
      ) : (
        <p className="muted">{t('profile.stats_hidden')}</p>
      )}
    </>
  );
}
