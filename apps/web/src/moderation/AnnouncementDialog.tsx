import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../ui/FormField';
import { Modal } from '../ui/Modal';
import { sendAnnouncement } from './moderationApi';
import { moderationFailure, type ModerationFailure } from './moderationErrors';

/** The server's bounds (spec 2 §3 Announcement; the session name is a session code, at most 20). */
const TITLE_MAX = 100;
const TEXT_MAX = 1_000;
const SESSION_MAX = 20;

/**
 * Spec 2 §2 Announcement (special-tpi): title and text required, a game's name optional; without one
 * it reaches every connected user. A failure shows modals.announcement.error's text and keeps the form.
 */
export function AnnouncementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [sessionName, setSessionName] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<ModerationFailure | null>(null);
  const ready = title.trim() !== '' && text.trim() !== '';
  // A refusal speaks of what was sent: editing the form puts it away.
  const edit = (set: (value: string) => void, value: string) => {
    set(value);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || state === 'sending') return;
    setState('sending');
    setFailure(null);
    const session = sessionName.trim().toLowerCase();
    sendAnnouncement({ title: title.trim(), text: text.trim(), ...(session ? { sessionName: session } : {}) }).then(
      () => setState('sent'),
      (error: unknown) => {
        setState('idle');
        setFailure(moderationFailure(error));
      },
    );
  };

  return (
    <Modal
      title={t('moderation.announcement.title')}
      onDismiss={onClose}
      testId="announcement-dialog"
      className="dialog--wide"
    >
      {state === 'sent' ? (
        <>
          <p role="status" data-testid="announcement-sent">
            {sessionName.trim()
              ? t('moderation.announcement.sent_session', { name: sessionName.trim().toLowerCase() })
              : t('moderation.announcement.sent_all')}
          </p>
          <div className="dialog__buttons">
            <button
              type="button"
              className="button button--primary"
              onClick={onClose}
              autoFocus
              data-testid="announcement-close"
            >
              {t('common.close')}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} className="moderation__announce" noValidate>
          <FormField
            label={t('moderation.announcement.field_title')}
            value={title}
            maxLength={TITLE_MAX}
            required
            autoFocus
            onChange={(event) => edit(setTitle, event.target.value)}
            testId="announcement-title"
          />
          <div className="field">
            <label className="field__label" htmlFor="announcement-text">
              {t('moderation.announcement.field_text')}
            </label>
            <textarea
              id="announcement-text"
              className="field__input moderation__textarea"
              value={text}
              maxLength={TEXT_MAX}
              required
              rows={5}
              onChange={(event) => edit(setText, event.target.value)}
              data-testid="announcement-text"
            />
            <p className="field__hint">{t('moderation.announcement.length', { used: text.length, max: TEXT_MAX })}</p>
          </div>
          <FormField
            label={t('moderation.announcement.field_session')}
            value={sessionName}
            maxLength={SESSION_MAX}
            hint={t('moderation.announcement.session_hint')}
            onChange={(event) => edit(setSessionName, event.target.value)}
            testId="announcement-session"
          />
          {failure && (
            <p className="form-error" role="alert" data-testid="announcement-error">
              {t('moderation.announcement.error')}{' '}
              {failure.key === 'moderation.errors.not_found'
                ? t('moderation.announcement.no_game')
                : `${t(failure.key)} ${failure.detail ?? ''}`}
            </p>
          )}
          <div className="dialog__buttons">
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={!ready || state === 'sending'}
              data-testid="announcement-send"
            >
              {state === 'sending' ? t('moderation.announcement.sending') : t('moderation.announcement.send')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
