import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { AddSeatButton } from './AddSeatButton';
import { isViewerStoryteller } from '../session/sessionRules';
import { GameIcon } from '../ui/icons/GameIcon';
import { TEAM_ICONS, UI_ICONS } from '../ui/icons/iconNames';
import { toggleMode, toggleTownSquare, useGameUi } from '../session/gameUiStore';
import { phaseText } from './phaseText';
import { RecordLink } from '../records';
import { gamePath } from '../routing/paths';
import { useServerNow } from '../time/serverTime';
import { timerDisplay } from './timerDisplay';
import { DISTRIBUTION_TEAMS, distributionCell, TOWN_TABLE_MIN_PLAYERS, townCounts } from './townInfo';

/**
 * Spec 1 §2 Town info: the script and author of an unofficial script, the timer, and for 5 or more
 * non-travellers the phase, players, living and the character distribution; with fewer a hint
 * that the Storyteller gathers players; in the town-square view a hint to return.
 */
export function TownInfo({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const isTownSquare = useGameUi((state) => state.isTownSquare);
  const storyteller = isViewerStoryteller(view);
  const counts = townCounts(view.seats);
  const phase = phaseText(view.game);
  const night = view.game.isNight;
  const lastEntry = view.game.history.at(-1);

  return (
    <section className="town-info" data-testid="town-info" aria-label={t('game.town.label')}>
      {!view.edition.isOfficial && (
        <p className="town-info__script" data-testid="town-script">
          <span className="town-info__script-name">{view.edition.name}</span>
          {view.edition.author && (
            <span className="town-info__author">{t('game.town.by', { author: view.edition.author })}</span>
          )}
        </p>
      )}
      <TimerDisplay view={view} />
      {counts.players >= TOWN_TABLE_MIN_PLAYERS ? (
        <>
          <p className={`town-info__phase town-info__phase--${night ? 'night' : 'day'}`} data-testid="town-phase">
            {/* Over, neither sun nor moon: the reveal keeps its own dark backdrop. */}
            <GameIcon
              name={phase.key === 'phase.over' ? UI_ICONS.gong : night ? UI_ICONS.night : UI_ICONS.day}
              className="town-info__phase-icon"
            />
            {t(phase.key, { count: phase.count })}
          </p>
          <table className="town-info__table">
            <tbody>
              <tr>
                <th scope="row">{t('game.town.players')}</th>
                <td data-testid="town-players">
                  {counts.players}
                  {counts.travellers > 0 && (
                    <span className="town-info__travellers">
                      {' '}
                      {t('game.town.plus_travellers', { count: counts.travellers })}
                    </span>
                  )}
                </td>
              </tr>
              <tr>
                <th scope="row">{t('game.town.alive')}</th>
                <td data-testid="town-alive">{counts.alive}</td>
              </tr>
            </tbody>
          </table>
          <ul className="town-info__teams" aria-label={t('game.town.distribution')}>
            {DISTRIBUTION_TEAMS.map((team) => (
              <li key={team} className={`team-count team-count--${team}`} title={t(`game.teams.${team}`)}>
                <GameIcon name={TEAM_ICONS[team]!} className="team-count__icon" />
                <span className="team-count__value" data-testid={`town-${team}`}>
                  {distributionCell(counts.distribution, team)}
                </span>
                <span className="team-count__label">{t(`game.teams_short.${team}`)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="circle__count">{t('grimoire.circle.players', { count: view.seats.length })}</p>
          <p className="circle__hint" data-testid="gather-hint">
            {t(storyteller ? 'game.town.gather_storyteller' : 'game.town.gather_hint')}
          </p>
          {storyteller && (
            <div className="overlay__buttons">
              <AddSeatButton view={view} />
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => toggleMode('gather')}
                data-testid="town-gather"
              >
                {t('game.menu.gather')}
              </button>
            </div>
          )}
        </>
      )}
      {isTownSquare && <TownSquareHint />}
      {/* Issue 18: after the end, the game's record (found once the server has written it). */}
      {lastEntry?.type === 'end' && !view.game.isRunning && view.sessionId && (
        <RecordLink sessionId={view.sessionId} endedAt={lastEntry.time} recordPath={gamePath} />
      )}
    </section>
  );
}

/** The round timer (spec 1 §4): minutes above 30 s, then seconds, then the ended text for 5 s. */
export function TimerDisplay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const now = useServerNow(view.timer !== null, 250);
  const shown = timerDisplay(view.timer, now);
  if (shown.kind === 'hidden' || !view.timer) return null;
  const text =
    shown.kind === 'minutes'
      ? t('game.timer.minutes', { count: shown.value })
      : shown.kind === 'seconds'
        ? t('game.timer.seconds', { count: shown.value })
        : t('game.timer.ended');
  return (
    <div
      className={`timer timer--${shown.kind} ${view.timer.paused !== null ? 'timer--paused' : ''}`}
      data-testid="timer-display"
      data-kind={shown.kind}
      role="timer"
    >
      <GameIcon name={UI_ICONS.timer} className="timer__icon" />
      <span className="timer__body">
        {view.timer.title && <span className="timer__title">{view.timer.title}</span>}
        <span className="timer__value">{text}</span>
        {view.timer.paused !== null && <span className="timer__paused">{t('game.timer.paused')}</span>}
      </span>
    </div>
  );
}

/** The town-square view's reminder in the centre (spec 1 §2: a hint to return). */
function TownSquareHint() {
  const { t } = useTranslation();
  return (
    <p className="town-info__return">
      {t('game.town.return_hint')}{' '}
      <button type="button" className="button button--link" onClick={toggleTownSquare} data-testid="town-return">
        {t('game.town.return')}
      </button>
    </p>
  );
}
