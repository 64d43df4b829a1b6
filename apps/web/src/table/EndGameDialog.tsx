import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { GameIcon } from '../ui/icons/GameIcon';
import { UI_ICONS } from '../ui/icons/iconNames';
import { endGame } from '../session/gameActions';
import { closeGameDialog } from '../session/gameUiStore';

/** Spec 1 §4 End of game: asks whether evil won, then reveals (one by one, 1 s each when slow). */
export function EndGameDialog() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(true);
  const id = useId();
  return (
    <Modal title={t('game.end.title')} onDismiss={closeGameDialog} testId="end-game-dialog">
      <p className="dialog__text">{t('game.end.text')}</p>
      <div className="end-game__choices">
        <button
          type="button"
          className="result-choice result-choice--good"
          onClick={() => void endGame(false, slow)}
          data-testid="end-game-good"
        >
          <GameIcon name={UI_ICONS.good} />
          {t('game.end.good')}
        </button>
        <button
          type="button"
          className="result-choice result-choice--evil"
          onClick={() => void endGame(true, slow)}
          data-testid="end-game-evil"
        >
          <GameIcon name={UI_ICONS.evil} />
          {t('game.end.evil')}
        </button>
      </div>
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={slow}
          onChange={(event) => setSlow(event.target.checked)}
          data-testid="end-game-slow"
        />
        {t('game.end.slow')}
      </label>
      <div className="dialog__buttons">
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
