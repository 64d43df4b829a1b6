import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../session/sessionStore';
import { reasonKey } from './disconnectReasons';

/** A small pill that always says how the session connection is doing. */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const state = useSessionStore((store) => store.connection);
  return (
    <span className={`connection connection--${state}`} role="status" data-testid="connection-state" data-state={state}>
      <span className="status-dot" aria-hidden="true" />
      {t(`connection.${state}`)}
    </span>
  );
}

/** Spec 1 §4: after an unexpected disconnect, say so (with the reason) until a fresh view arrives. */
export function ReconnectBanner() {
  const { t } = useTranslation();
  const state = useSessionStore((store) => store.connection);
  const reason = useSessionStore((store) => store.reason);
  if (state !== 'reconnecting') return null;
  return (
    <div className="reconnect-banner" role="alert" data-testid="reconnecting">
      <span className="spinner" aria-hidden="true" />
      <div>
        <p className="reconnect-banner__title">{t('connection.reconnecting_title')}</p>
        <p className="reconnect-banner__text">
          {t('error.server2_text', {
            reason: reason ? t(reasonKey(reason), { defaultValue: reason }) : t('connection.reason.unknown'),
          })}
        </p>
      </div>
    </div>
  );
}
