import { useTranslation } from 'react-i18next';
import { languageName } from './languageName';
import type { SessionSummary } from './sessionSummary';

interface SessionTableProps {
  sessions: SessionSummary[];
  activeCode: string | null;
  onJoin: (code: string) => void;
}

export function SessionTable({ sessions, activeCode, onJoin }: SessionTableProps) {
  const { t, i18n } = useTranslation();
  if (sessions.length === 0) return <p className="lobby__empty">{t('lobby.sessions.empty')}</p>;
  return (
    <div className="table-scroll">
      <table className="session-table" data-testid="session-table">
        <caption className="visually-hidden">{t('lobby.sessions.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lobby.sessions.name')}</th>
            <th scope="col">{t('lobby.sessions.language')}</th>
            <th scope="col">{t('lobby.sessions.storyteller')}</th>
            <th scope="col" className="session-table__numeric">
              {t('lobby.sessions.players')}
            </th>
            <th scope="col">{t('lobby.sessions.phase')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('lobby.sessions.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.code} data-testid={`session-row-${session.code}`}>
              <th scope="row" className="session-table__name">
                {session.name}
              </th>
              <td>{languageName(session.language, i18n.language)}</td>
              <td>{session.storyteller ?? <span className="muted">{t('lobby.sessions.no_storyteller')}</span>}</td>
              <td className="session-table__numeric">
                {t('lobby.sessions.seated', { seated: session.seated, total: session.seats })}
                {session.spectators > 0 && (
                  <span className="session-table__spectators">
                    {t('lobby.sessions.spectators', { count: session.spectators })}
                  </span>
                )}
              </td>
              <td>{t(session.phase.key, { count: session.phase.count })}</td>
              <td className="session-table__action">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => onJoin(session.code)}
                  aria-label={t(
                    session.code === activeCode ? 'lobby.sessions.return_named' : 'lobby.sessions.join_named',
                    {
                      name: session.name,
                    },
                  )}
                  data-testid={`join-${session.code}`}
                >
                  {t(session.code === activeCode ? 'lobby.sessions.return' : 'lobby.sessions.join')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
