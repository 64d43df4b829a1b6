import type { SessionView } from '@belfry/engine';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementReceiver, ModerationHost, VersionButton } from '../moderation';
import { serverOffset } from '../time/clockStore';
import { GameIcon } from '../ui/icons/GameIcon';
import { LanguageSelect } from '../ui/LanguageSelect';
import { TEAM_ICONS, UI_ICONS } from '../ui/icons/iconNames';
import { AppInfo, useShownVersion } from './AppInfo';
import { phaseText } from './phaseText';
import { DISTRIBUTION_TEAMS, distributionCell, townCounts } from './townInfo';

/**
 * Spec 1 §2 Version bar: the version ("-app" in the installed app) with its release notes, Quit in the
 * app, the update-available and outdated-browser warnings, the language, and on the Grimoire the phase with its start
 * time, the living and all players, and the character distribution as a tooltip.
 */
export function VersionBar({ view }: { view: SessionView }) {
  const { t, i18n } = useTranslation();
  const tipId = useId();
  const version = useShownVersion();
  const phase = phaseText(view.game);
  const counts = townCounts(view.seats);
  const since =
    phase.since !== null
      ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
          new Date(phase.since - serverOffset()),
        )
      : null;
  return (
    <footer className="version-bar" data-testid="version-bar">
      {/* Spec 2 §6: staff open the announcement form from here; the game screen also shows what arrives. */}
      <VersionButton className="version-bar__version" testId="app-version">
        {t('game.version', { version })}
      </VersionButton>
      <AppInfo />
      <ModerationHost />
      <AnnouncementReceiver />
      <LanguageSelect className="version-bar__language" />
      <span
        className="version-bar__phase"
        // Screen readers hear the phase change (night falls, a new day) without losing their place.
        aria-live="polite"
        aria-atomic="true"
        data-testid="phase-label"
        data-phase={view.game.phase}
        data-night={String(view.game.isNight)}
      >
        <GameIcon name={view.game.isNight ? UI_ICONS.night : UI_ICONS.day} className="version-bar__icon" />
        {t(phase.key, { count: phase.count })}
        {since && <span className="version-bar__since">{t('game.since', { time: since })}</span>}
      </span>
      <span className="version-bar__alive" data-testid="alive-count">
        {t('game.alive_of', { alive: counts.alive, total: counts.total })}
      </span>
      <span className="tooltip-host tooltip-host--up version-bar__distribution">
        <button type="button" className="version-bar__tip" aria-describedby={tipId} data-testid="distribution-tooltip">
          {DISTRIBUTION_TEAMS.map((team) => (
            <span key={team} className={`team-dot team-count--${team}`}>
              <GameIcon name={TEAM_ICONS[team]!} />
              {distributionCell(counts.distribution, team)}
            </span>
          ))}
        </button>
        <span className="tooltip tooltip--table" role="tooltip" id={tipId}>
          {t('game.distribution_tip', {
            count: counts.players,
            townsfolk: distributionCell(counts.distribution, 'townsfolk'),
            outsider: distributionCell(counts.distribution, 'outsider'),
            minion: distributionCell(counts.distribution, 'minion'),
            demon: distributionCell(counts.distribution, 'demon'),
          })}
        </span>
      </span>
    </footer>
  );
}
