import type { ChatServerInfo } from '@belfry/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chatServerState, loadPercent, type ChatServerState } from './chatServerState';
import type { ChatServerList } from './useChatServers';
import './ChatServers.css';

interface ChatServerFieldProps {
  list: ChatServerList;
  /** The chosen host; '' is "automatic" on the create form, "none" in a session. */
  value: string;
  onChange: (host: string) => void;
  /** In a session the current chat server cannot be re-picked, and there is no "automatic". */
  inSession?: boolean;
  readOnly?: boolean;
  testId: string;
}

/**
 * Spec 2 §2 / §5: the chat server of the create form and the meta header. Every option says how many
 * users it has; full (200+) and silent servers, and in a session the current one, cannot be picked.
 * The chosen one shows its health: a dot from green (load 0) to red (load 1), users, load and latency.
 */
export function ChatServerField({
  list,
  value,
  onChange,
  inSession = false,
  readOnly = false,
  testId,
}: ChatServerFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { servers, error } = list;
  const chosen = servers?.find((s) => s.host === value);
  const unknownValue = !!value && !!servers && !chosen;

  const optionLabel = (server: ChatServerInfo, state: ChatServerState) => {
    const users = server.health ? t('chat_servers.users', { count: server.health.users }) : null;
    const text = users ? `${server.name} · ${users}` : server.name;
    return state === 'free' ? text : `${text} (${t(`chat_servers.state.${state}`)})`;
  };

  return (
    <div className="field chat-server" data-testid={testId}>
      <label className="field__label" htmlFor={id}>
        {t('meta.chat_server')}
      </label>
      {servers === null ? (
        <p className="chat-server__note" role="status">
          {t('chat_servers.loading')}
        </p>
      ) : servers.length === 0 && !error ? (
        <p className="chat-server__note" data-testid={`${testId}-none`}>
          {value || t(inSession ? 'chat_servers.unset' : 'chat_servers.none')}
        </p>
      ) : (
        <>
          <select
            id={id}
            className="field__input"
            value={value}
            disabled={readOnly}
            aria-describedby={`${id}-health`}
            onChange={(event) => onChange(event.target.value)}
            data-testid={`${testId}-select`}
          >
            {(!inSession || !value) && (
              <option value="" disabled={inSession}>
                {t(inSession ? 'chat_servers.unset' : 'chat_servers.automatic')}
              </option>
            )}
            {unknownValue && (
              <option value={value} disabled>
                {`${value} (${t('chat_servers.state.gone')})`}
              </option>
            )}
            {servers.map((server) => {
              const state = chatServerState(server, inSession ? value : undefined);
              return (
                <option key={server.host} value={server.host} disabled={state !== 'free'}>
                  {optionLabel(server, state)}
                </option>
              );
            })}
          </select>
          <p id={`${id}-health`} className="chat-server__health" data-testid={`${testId}-health`}>
            {chosen ? <Health server={chosen} /> : !value && !inSession ? t('chat_servers.automatic_hint') : null}
          </p>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {t('chat_servers.error')}{' '}
          <button type="button" className="button button--ghost button--small" onClick={list.reload}>
            {t('chat_servers.retry')}
          </button>
        </p>
      )}
    </div>
  );
}

function Health({ server }: { server: ChatServerInfo }) {
  const { t } = useTranslation();
  const { health } = server;
  if (!health) {
    return (
      <>
        <span className="chat-server__dot chat-server__dot--down" aria-hidden="true" />
        {t('chat_servers.down')}
      </>
    );
  }
  return (
    <>
      <span className="chat-server__dot" style={{ background: health.color }} aria-hidden="true" />
      {t('chat_servers.health', {
        users: t('chat_servers.users', { count: health.users }),
        load: loadPercent(health.load),
        latency: Math.round(health.latency),
      })}
    </>
  );
}
