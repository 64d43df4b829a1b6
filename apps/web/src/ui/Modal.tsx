import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import './Dialog.css';

interface ModalProps {
  /** Already translated. */
  title: string;
  children: ReactNode;
  /** Called on Escape or a backdrop click, unless the modal is important. */
  onDismiss?: () => void;
  /** Spec 1 §2: an important modal does not close on Escape or a backdrop click. */
  important?: boolean;
  testId?: string;
  className?: string;
}

/** A modal dialogue with its own content (forms), in the same frame as the DialogHost's dialogues. */
export function Modal({ title, children, onDismiss, important = false, testId, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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
    if (!important) onDismiss?.();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dismiss();
  };

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      data-important={important || undefined}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      onClick={onBackdropClick}
    >
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
