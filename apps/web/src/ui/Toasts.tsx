import { useTranslation } from 'react-i18next';
import { dismissToast, useToastStore } from './toastStore';
import './Toasts.css';

/** Small notices in a corner (join and leave notices); read out politely, closable by button. */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast" data-testid="toast">
          <span className="toast__text">{t(toast.key, toast.params)}</span>
          <button
            type="button"
            className="toast__close"
            onClick={() => dismissToast(toast.id)}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
