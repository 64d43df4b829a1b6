import { useTranslation } from 'react-i18next';
import { dismissAnnouncement, useAnnouncements } from '../session/announcements';
import { Modal } from '../ui/Modal';

/** Spec 2 §7: an announcement that reached this game's socket, shown as a dialogue, one at a time. */
export function AnnouncementReceiver() {
  const { t } = useTranslation();
  const announcement = useAnnouncements((state) => state.queue[0]);
  if (!announcement) return null;
  return (
    // Keyed by content, so the next one opens as a new dialogue (with its own focus) after this one.
    <Modal
      key={`${announcement.title}\n${announcement.text}`}
      title={announcement.title}
      onDismiss={dismissAnnouncement}
      testId="announcement-received"
      className="dialog--wide"
    >
      <p className="dialog__text muted">{t('moderation.announcement.received')}</p>
      <p className="moderation__announcement-text" data-testid="announcement-received-text">
        {announcement.text}
      </p>
      <div className="dialog__buttons">
        <button
          type="button"
          className="button button--primary"
          onClick={dismissAnnouncement}
          autoFocus
          data-testid="announcement-received-close"
        >
          {t('common.ok')}
        </button>
      </div>
    </Modal>
  );
}
