import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { closeGameDialog } from '../../session/gameUiStore';
import { RulesText } from './RulesText';
import './Rules.css';

/** The rules for players (spec 1 §2 Playing tab, "Others: rules"), in a dialogue over the table. */
export function RulesDialog() {
  const { t } = useTranslation();
  return (
    <Modal title={t('rules.player.title')} onDismiss={closeGameDialog} testId="rules-dialog" className="rules-dialog">
      <RulesText audience="player" />
      <div className="dialog__buttons">
        <button type="button" className="button button--primary" onClick={closeGameDialog} data-testid="rules-close">
          {t('rules.close')}
        </button>
      </div>
    </Modal>
  );
}
