import type { SessionView, VoteLogEntry } from '@belfry/engine';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { phaseLabel } from '../i18n/phaseLabel';
import { serverNow } from '../time/serverClock';
import { mergeHistory, readStoredHistory, writeStoredHistory } from './voteHistory';
import { seesVoteHistory } from './voteRules';
import { closeVoteHistory, openVoteHistory, useVoteStore } from './voteStore';
import { LedgerIcon } from '../ui/icons/InlineIcons';

/** The history as this browser knows it: the server's entries and those stored before a reload (3 h). */
export const useVoteHistory = (view: SessionView): VoteLogEntry[] => {
  const sessionId = view.sessionId;
  const allowed = seesVoteHistory(view);
  const incoming = view.vote.history;
  // What was kept before a reload: read once per session (and when access is gained).
  const stored = useMemo(() => (allowed ? safeRead(sessionId) : []), [allowed, sessionId]);
  const merged = useMemo(
    () => (allowed ? mergeHistory(stored, incoming, serverNow()) : []),
    [allowed, stored, incoming],
  );

  useEffect(() => {
    if (!allowed) return;
    try {
      writeStoredHistory(localStorage, sessionId, merged, serverNow());
    } catch {
      // No storage: the history lasts as long as the page.
    }
  }, [allowed, sessionId, merged]);

  return merged;
};

const safeRead = (sessionId: string): VoteLogEntry[] => {
  try {
    return readStoredHistory(localStorage, sessionId, serverNow());
  } catch {
    return [];
  }
};

/**
 * The top bar's vote-history count (spec 1 §2 "Top bar"): it lives in the table's overlay but is
 * shown in the top bar, before the game code.
 */
export function VoteHistoryButton({ count }: { count: number }) {
  const { t } = useTranslation();
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const bar = document.querySelector<HTMLElement>('.grimoire .topbar__end');
    if (!bar) return;
    const element = document.createElement('span');
    element.className = 'vote-history-host';
    bar.insertBefore(element, bar.querySelector('.session-code'));
    const timer = setTimeout(() => setHost(element), 0);
    return () => {
      clearTimeout(timer);
      element.remove();
    };
  }, []);

  const button = (
    <button
      type="button"
      className="vote-history-button"
      onClick={openVoteHistory}
      aria-label={t('vote.history.open', { count })}
      title={t('vote.history.open', { count })}
      data-testid="vote-history"
      data-count={count}
    >
      <LedgerIcon />
      <span className="vote-history-button__count">{count}</span>
    </button>
  );
  return host ? createPortal(button, host) : null;
}

const nameOf = (view: SessionView, index: number): string => {
  const id = view.seats[index]?.id;
  return (id && view.users[id]?.username) || '';
};

/** Spec 1 §3 Vote log entry: timestamp, phase, nominator, nominee, type, majority, votes, voters. */
export function VoteHistoryDialog({ view, entries }: { view: SessionView; entries: VoteLogEntry[] }) {
  const { t, i18n } = useTranslation();
  const open = useVoteStore((state) => state.historyOpen);
  if (!open) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const seatLabel = (index: number) => {
    const name = nameOf(view, index);
    return name
      ? t('vote.history.seat_named', { number: index + 1, name })
      : t('vote.seat_number', { number: index + 1 });
  };
  const newestFirst = [...entries].reverse();

  return (
    <Modal
      title={t('vote.history.title')}
      onDismiss={closeVoteHistory}
      testId="vote-history-dialog"
      className="dialog--history"
    >
      {newestFirst.length === 0 ? (
        <p className="dialog__text">{t('vote.history.empty')}</p>
      ) : (
        <div className="vote-history__scroll">
          <table className="vote-history">
            <caption className="visually-hidden">{t('vote.history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('vote.history.time')}</th>
                <th scope="col">{t('vote.history.phase')}</th>
                <th scope="col">{t('vote.history.nominator')}</th>
                <th scope="col">{t('vote.history.nominee')}</th>
                <th scope="col">{t('vote.history.type')}</th>
                <th scope="col" className="vote-history__number">
                  {t('vote.history.votes')}
                </th>
                <th scope="col" className="vote-history__number">
                  {t('vote.history.majority')}
                </th>
                <th scope="col">{t('vote.history.voters')}</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((entry) => {
                const phase = phaseLabel(true, entry.phase);
                const reached = entry.votes >= entry.majority;
                return (
                  <tr key={`${entry.timestamp}:${entry.nominator}:${entry.nominee}`} data-testid="vote-history-row">
                    <td>
                      <time dateTime={new Date(entry.timestamp).toISOString()}>{time.format(entry.timestamp)}</time>
                    </td>
                    <td>{t(phase.key, { count: phase.count })}</td>
                    <td>{seatLabel(entry.nominator)}</td>
                    <td>{seatLabel(entry.nominee)}</td>
                    <td>{t(entry.type === 'exile' ? 'vote.kind.exile' : 'vote.kind.execution')}</td>
                    <td className={`vote-history__number ${reached ? 'vote-history__number--reached' : ''}`}>
                      {entry.votes}
                    </td>
                    <td className="vote-history__number">{entry.majority}</td>
                    <td className="vote-history__voters">
                      {entry.voters.length > 0 ? entry.voters.join(', ') : t('vote.history.no_voters')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="dialog__buttons">
        <button
          type="button"
          className="button button--primary"
          onClick={closeVoteHistory}
          data-testid="vote-history-close"
        >
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
