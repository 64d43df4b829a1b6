import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';

/** The Lobby's help: how to join and how to create a game, in a few lines. */
export function HelpModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('lobby.help.title')} onDismiss={onClose} testId="help-dialog" className="dialog--wide">
      <h3 className="help__heading">{t('lobby.help.join_title')}</h3>
      <ul className="help__list">
        <li>{t('lobby.help.join_list')}</li>
        <li>{t('lobby.help.join_code')}</li>
        <li>{t('lobby.help.join_public')}</li>
      </ul>
      <h3 className="help__heading">{t('lobby.help.create_title')}</h3>
      <ul className="help__list">
        <li>{t('lobby.help.create_subscription')}</li>
        <li>{t('lobby.help.create_name')}</li>
        <li>{t('lobby.help.create_meta')}</li>
      </ul>
      <h3 className="help__heading">{t('lobby.help.watch_title')}</h3>
      <ul className="help__list">
        <li>{t('lobby.help.watch_grimoire')}</li>
      </ul>
      <div className="dialog__buttons">
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
