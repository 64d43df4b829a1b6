import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { dismissEditionAlerts, useEditionUi } from './editionStore';
import { jsonPath, type EditionAlert } from './problems';
import { isImageOptIn, setImageOptIn } from './scriptSource';
import { browserStore } from './storage';
import './Edition.css';

/**
 * Spec 3 §5 / §8: what went wrong reading a script, in one alert: the size, the character count,
 * the unreadable text or address, each schema issue with its JSON path, the unknown ids, and the
 * homebrew notice about images.
 */
export function EditionAlerts() {
  const { t } = useTranslation();
  const alerts = useEditionUi((state) => state.alerts);
  const first = alerts[0];
  if (!first) return null;
  return (
    <Modal
      title={t(first.titleKey)}
      onDismiss={dismissEditionAlerts}
      testId="edition-alerts"
      className="dialog--wide dialog--edition-alerts"
    >
      <div role="alert" className="edition-alerts">
        {alerts.map((alert, index) => (
          <AlertPart key={alert.kind} alert={alert} showTitle={index > 0 && alert.titleKey !== first.titleKey} />
        ))}
      </div>
      <div className="dialog__buttons">
        <button
          type="button"
          className="button button--primary"
          onClick={dismissEditionAlerts}
          data-testid="edition-alerts-ok"
          autoFocus
        >
          {t('common.ok')}
        </button>
      </div>
    </Modal>
  );
}

function AlertPart({ alert, showTitle }: { alert: EditionAlert; showTitle: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={`edition-alert edition-alert--${alert.kind}`} data-testid={`edition-alert-${alert.kind}`}>
      {showTitle && <h3 className="edition-alert__title">{t(alert.titleKey)}</h3>}
      <p className="dialog__text">{t(alert.textKey, alert.params)}</p>
      {alert.issues && (
        <ul className="edition-alert__list">
          {alert.issues.map((issue, index) => (
            <li key={`${issue.path}-${index}`} data-testid="edition-issue" data-path={jsonPath(issue.path)}>
              <code className="edition-alert__path">{jsonPath(issue.path)}</code>
              <span className="edition-alert__message">{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
      {alert.ids && (
        <ul className="edition-alert__list edition-alert__list--ids">
          {alert.ids.map((id) => (
            <li key={id} data-testid="edition-unknown-id">
              <code>{id}</code>
            </li>
          ))}
        </ul>
      )}
      {alert.kind === 'homebrew' && <ImageOptIn />}
    </section>
  );
}

function ImageOptIn() {
  const { t } = useTranslation();
  const store = browserStore();
  const [on, setOn] = useState(() => isImageOptIn(store));
  return (
    <label className="checkbox edition-alert__optin">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          setImageOptIn(store, event.target.checked);
          setOn(event.target.checked);
        }}
        data-testid="edition-alert-optin"
      />
      {t('edition.image_optin')}
    </label>
  );
}
