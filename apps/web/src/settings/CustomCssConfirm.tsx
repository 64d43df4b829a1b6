import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { keepCustomCss, revertCustomCss, useCustomCssConfirm } from './customCss';

/**
 * Spec 3 §4: "keep these styles?" with the seconds left, above the Settings dialog. The timer lives in
 * customCss.ts, not here, so a stylesheet that hides this question still times out and switches off.
 */
export function CustomCssConfirm() {
  const { t } = useTranslation();
  const deadline = useCustomCssConfirm((s) => s.deadline);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [deadline]);

  if (deadline === null) return null;
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <Modal
      title={t('settings.custom_css_confirm.title')}
      onDismiss={revertCustomCss}
      testId="custom-css-confirm"
      className="custom-css-confirm"
    >
      <p>{t('settings.custom_css_confirm.question')}</p>
      <p className="custom-css-confirm__count" aria-live="polite" data-testid="custom-css-confirm-seconds">
        {t('settings.custom_css_confirm.countdown', { count: seconds })}
      </p>
      <div className="dialog__buttons">
        <button type="button" className="button" onClick={keepCustomCss} data-testid="custom-css-keep">
          {t('settings.custom_css_confirm.keep')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={revertCustomCss}
          data-testid="custom-css-revert"
        >
          {t('settings.custom_css_confirm.revert')}
        </button>
      </div>
    </Modal>
  );
}
