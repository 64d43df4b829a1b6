import type { SessionView, Team } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { GameIcon } from '../ui/icons/GameIcon';
import { TEAM_ICONS, UI_ICONS } from '../ui/icons/iconNames';
import { startPointing } from '../session/gameActions';
import { closeGameDialog } from '../session/gameUiStore';

export const POINTING_TEAMS: Team[] = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller'];

/** Spec 1 §4 Pointing: by day everyone; at night a team or the dead. */
export function PointingDialog({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const night = view.game.isNight;
  return (
    <Modal title={t('game.pointing.dialog_title')} onDismiss={closeGameDialog} testId="pointing-dialog">
      <p className="dialog__text">{t(night ? 'game.pointing.night_text' : 'game.pointing.day_text')}</p>
      {night ? (
        <div className="pointing__teams">
          {POINTING_TEAMS.map((team) => (
            <button
              key={team}
              type="button"
              className={`team-button team-count--${team}`}
              onClick={() => void startPointing({ team })}
              data-testid={`pointing-team-${team}`}
            >
              <GameIcon name={TEAM_ICONS[team]!} />
              {t(`game.teams.${team}`)}
            </button>
          ))}
          <button
            type="button"
            className="team-button"
            onClick={() => void startPointing({ dead: true })}
            data-testid="pointing-dead"
          >
            <GameIcon name={UI_ICONS.ghost} />
            {t('game.pointing.dead')}
          </button>
        </div>
      ) : null}
      <div className="dialog__buttons">
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.cancel')}
        </button>
        {!night && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void startPointing()}
            data-testid="pointing-start"
          >
            {t('game.pointing.start')}
          </button>
        )}
      </div>
    </Modal>
  );
}
