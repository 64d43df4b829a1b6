import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '../api/appError';
import { sendRequest } from '../session/sessionController';
import { showNotice } from '../ui/dialogs';
import { Modal } from '../ui/Modal';
import { pushToast } from '../ui/toastStore';
import { isIgnoredKey, keyInputOf } from '../ui/shortcuts';
import { nextKeyHistory } from './secretKeys';

/** Spec 1 §5: 2 to 50 characters. */
const MIN = 2;
const MAX = 50;

/**
 * Spec 1 §5/§6 hidden secret prompt: a key history opens it; the server compares the secret with the
 * session code and toggles the powerful flag (extra hand icons), or it did not work.
 */
export function SecretPrompt() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let history = '';
    const onKey = (event: KeyboardEvent) => {
      const ignored = isIgnoredKey(keyInputOf(event));
      if (ignored) return;
      const next = nextKeyHistory(history, event.key);
      history = next.history;
      if (next.opens) setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!open) return null;
  const close = () => {
    setOpen(false);
    setSecret('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await sendRequest('powerful', { secret: secret.trim() });
      close();
      pushToast('secret.done');
    } catch (error) {
      close();
      if (error instanceof AppError && error.code === 'bad_request') void showNotice('secret.title', 'secret.failed');
      else void showNotice('secret.title', `errors.codes.${error instanceof AppError ? error.code : 'internal'}`);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal title={t('secret.title')} onDismiss={close} testId="secret-prompt">
      <form onSubmit={(event) => void submit(event)}>
        <input
          className="field__input"
          type="password"
          autoComplete="off"
          aria-label={t('secret.label')}
          minLength={MIN}
          maxLength={MAX}
          required
          autoFocus
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          data-testid="secret-input"
        />
        <div className="dialog__buttons">
          <button type="button" className="button button--secondary" onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={sending || secret.trim().length < MIN}
            data-testid="secret-submit"
          >
            {t('common.ok')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
