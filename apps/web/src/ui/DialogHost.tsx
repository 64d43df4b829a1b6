import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogStore, type OpenDialog } from './dialogStore';
import './Dialog.css';

/** Renders the oldest open dialogue; the next one shows when it closes. */
export function DialogHost() {
  const dialogs = useDialogStore((state) => state.dialogs);
  const first = dialogs[0];
  return first ? <ModalDialog key={first.id} entry={first} /> : null;
}

function ModalDialog({ entry }: { entry: OpenDialog }) {
  const { t } = useTranslation();
  const close = useDialogStore((state) => state.close);
  const ref = useRef<HTMLDialogElement>(null);
  const { spec } = entry;
  const titleId = `dialog-title-${entry.id}`;
  const text = spec.textKey ? t(spec.textKey, { ...spec.textParams, defaultValue: '' }) : '';
  // The server's message is shown only when it says more than the translated text.
  const detail = spec.detail && spec.detail !== text ? spec.detail : '';

  useEffect(() => {
    const dialog = ref.current;
    // Where focus was before: it goes back there when the dialogue closes (keyboard users stay put).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal puts it in the top layer with a focus trap; Escape arrives as `cancel`.
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const dismiss = () => {
    if (!spec.important) close(entry.id, null);
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dismiss();
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={spec.testId}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      onClick={onBackdropClick}
    >
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {t(spec.titleKey, spec.textParams)}
        </h2>
        {text && <p className="dialog__text">{text}</p>}
        {detail && <p className="dialog__detail">{detail}</p>}
        <div className="dialog__buttons">
          {spec.buttons.map((button, index) => (
            <button
              key={button.value}
              type="button"
              className={`button button--${button.variant ?? 'secondary'}`}
              autoFocus={index === spec.buttons.length - 1}
              onClick={() => close(entry.id, button.value)}
            >
              {t(button.labelKey)}
            </button>
          ))}
        </div>
      </div>
    </dialog>
  );
}
