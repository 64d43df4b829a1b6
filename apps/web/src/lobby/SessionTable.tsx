import type { SessionListItem } from '@belfry/protocol';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisabledButton } from '../ui/DisabledButton';
import { ChevronIcon, LockIcon, StreamIcon } from '../ui/icons/InlineIcons';
import { notableTags, tagShortKey, tagValueKey } from '../people';
import { languageName } from '../i18n/languageName';
import {
  DEFAULT_SORT,
  joinBlock,
  nextSort,
  pageOf,
  sortSessions,
  type Joiner,
  type SortColumn,
  type SortOrder,
} from './lobbyTable';
import { peopleOf, summarizeSession, type SessionSummary } from './sessionSummary';

interface SessionTableProps {
  sessions: SessionListItem[];
  activeCode: string | null;
  onJoin: (code: string) => void;
  /** Who would join: sessions the spec disables for them (§4 Joining) get a disabled Join. */
  joiner: Joiner;
}

const COLUMN_COUNT = 9;

/**
 * Spec 2 §2 Lobby: a sortable table (game name, language, script, storyteller, players seated/total
 * with spectators, phase, tags), 10 per page; a row expands to show fabled, script and author, the
 * characters of a custom script, players and spectators.
 */
export function SessionTable({ sessions, activeCode, onJoin, joiner }: SessionTableProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<SortOrder>(DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  const items = new Map(sessions.map((item) => [item.name, item]));
  const sorted = sortSessions(sessions.map(summarizeSession), order);
  const current = pageOf(sorted, page);

  const toggle = (code: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const sortBy = (column: SortColumn) => {
    setOrder((now) => nextSort(now, column));
    setPage(0);
  };

  return (
    <>
      <div className="table-scroll" data-testid="session-table">
        <table className="session-table" data-testid="lobby-table">
          <caption className="visually-hidden">{t('lobby.sessions.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="session-table__toggle">
                <span className="visually-hidden">{t('lobby.sessions.details')}</span>
              </th>
              <SortHeader column="name" order={order} onSort={sortBy} label={t('lobby.sessions.name')} />
              <SortHeader column="language" order={order} onSort={sortBy} label={t('lobby.sessions.language')} />
              <SortHeader column="script" order={order} onSort={sortBy} label={t('lobby.sessions.script')} />
              <SortHeader column="storyteller" order={order} onSort={sortBy} label={t('lobby.sessions.storyteller')} />
              <SortHeader column="players" order={order} onSort={sortBy} label={t('lobby.sessions.players')} />
              <SortHeader column="phase" order={order} onSort={sortBy} label={t('lobby.sessions.phase')} />
              <th scope="col">{t('lobby.sessions.tags')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('lobby.sessions.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {current.items.length === 0 && (
              <tr>
                <td colSpan={COLUMN_COUNT} className="lobby__empty">
                  {t('lobby.sessions.empty')}
                </td>
              </tr>
            )}
            {current.items.map((session) => {
              const item = items.get(session.code);
              const open = expanded.has(session.code);
              const detailsId = `session-details-${session.code}`;
              return (
                <Fragment key={session.code}>
                  <tr
                    className={`session-table__row ${open ? 'session-table__row--open' : ''}`}
                    data-testid={`lobby-row-${session.code}`}
                  >
                    <td className="session-table__toggle">
                      <button
                        type="button"
                        className="expand-button"
                        aria-expanded={open}
                        aria-controls={open ? detailsId : undefined}
                        aria-label={t(open ? 'lobby.sessions.collapse' : 'lobby.sessions.expand', {
                          name: session.name,
                        })}
                        onClick={() => toggle(session.code)}
                        data-testid={`lobby-expand-${session.code}`}
                      >
                        <ChevronIcon />
                      </button>
                    </td>
                    <th scope="row" className="session-table__name" data-testid={`session-row-${session.code}`}>
                      {session.name}
                      {!session.isPublic && <span className="chip chip--muted">{t('lobby.sessions.private')}</span>}
                    </th>
                    <SessionCells session={session} item={item} />
                    <td className="session-table__action">
                      <JoinButton
                        session={session}
                        active={session.code === activeCode}
                        block={item && session.code !== activeCode ? joinBlock(item, joiner) : null}
                        onJoin={onJoin}
                      />
                    </td>
                  </tr>
                  {open && item && (
                    <tr className="session-table__details" id={detailsId}>
                      <td colSpan={COLUMN_COUNT}>
                        <SessionDetails item={item} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label={t('lobby.pages.label')}>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setPage(current.page - 1)}
          disabled={current.page === 0}
          data-testid="lobby-page-prev"
        >
          {t('lobby.pages.previous')}
        </button>
        <span className="pager__info" aria-live="polite" data-testid="lobby-page-info">
          {t('lobby.pages.info', { page: current.page + 1, count: current.pageCount })}
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setPage(current.page + 1)}
          disabled={current.page >= current.pageCount - 1}
          data-testid="lobby-page-next"
        >
          {t('lobby.pages.next')}
        </button>
      </nav>
    </>
  );
}

function JoinButton({
  session,
  active,
  block,
  onJoin,
}: {
  session: SessionSummary;
  active: boolean;
  block: ReturnType<typeof joinBlock>;
  onJoin: (code: string) => void;
}) {
  const { t } = useTranslation();
  if (block) {
    return (
      <DisabledButton
        label={t('lobby.sessions.join')}
        reason={t(`lobby.blocked.${block}`)}
        className="button--secondary"
        tooltip="left"
        testId={`join-${session.code}`}
      />
    );
  }
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      onClick={() => onJoin(session.code)}
      aria-label={t(active ? 'lobby.sessions.return_named' : 'lobby.sessions.join_named', { name: session.name })}
      data-testid={`join-${session.code}`}
    >
      {t(active ? 'lobby.sessions.return' : 'lobby.sessions.join')}
    </button>
  );
}

function SortHeader({
  column,
  order,
  onSort,
  label,
}: {
  column: SortColumn;
  order: SortOrder;
  onSort: (column: SortColumn) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const active = order.column === column;
  const sort = active ? (order.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={sort} className={column === 'players' ? 'session-table__numeric' : undefined}>
      <button
        type="button"
        className={`sort-button ${active ? 'sort-button--active' : ''}`}
        onClick={() => onSort(column)}
        title={t('lobby.sessions.sort_hint')}
        data-testid={`lobby-sort-${column}`}
      >
        {label}
        <span className="sort-button__arrow" aria-hidden="true">
          {active ? (order.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

function SessionCells({ session, item }: { session: SessionSummary; item: SessionListItem | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <td>{languageName(session.language, i18n.language)}</td>
      <td className="session-table__script">{session.script}</td>
      <td>{session.storyteller ?? <span className="muted">{t('lobby.sessions.no_storyteller')}</span>}</td>
      <td className="session-table__numeric">
        {t('lobby.sessions.seated', { seated: session.seated, total: session.seats })}
        {session.spectators > 0 && (
          <span className="session-table__spectators">
            {t('lobby.sessions.spectators', { count: session.spectators })}
          </span>
        )}
      </td>
      <td className="session-table__phase">{t(session.phase.key, { count: session.phase.count })}</td>
      <td className="session-table__tags">{item && <TagChips tags={item.tags} />}</td>
    </>
  );
}

/** The tags as short chips with the full meaning as their tooltip and for screen readers. */
export function TagChips({ tags }: { tags: SessionListItem['tags'] }) {
  const { t } = useTranslation();
  const chips = notableTags(tags);
  if (chips.length === 0 && !tags.locked && !tags.streaming) return <span className="muted">–</span>;
  return (
    <span className="chips">
      {tags.locked && (
        <span className="chip chip--lock" title={t('tags.locked.label')}>
          <LockIcon />
          <span className="visually-hidden">{t('tags.locked.label')}</span>
        </span>
      )}
      {tags.streaming && (
        <span className="chip chip--live" title={t('tags.streaming.label')}>
          <StreamIcon />
          <span className="visually-hidden">{t('tags.streaming.label')}</span>
        </span>
      )}
      {chips.map(({ tag, value }) => {
        const meaning = `${t(`tags.${tag}.label`)}: ${t(tagValueKey(tag, value))}`;
        return (
          <span key={tag} className={`chip chip--${tag}`} title={meaning}>
            <span aria-hidden="true">{t(tagShortKey(tag, value))}</span>
            <span className="visually-hidden">{meaning}</span>
          </span>
        );
      })}
    </span>
  );
}

function SessionDetails({ item }: { item: SessionListItem }) {
  const { t } = useTranslation();
  const people = peopleOf(item);
  const list = (names: string[]) =>
    names.length > 0 ? names.join(', ') : <span className="muted">{t('lobby.details.none')}</span>;
  return (
    <dl className="session-details">
      <dt>{t('lobby.details.script')}</dt>
      <dd>
        {item.edition.author
          ? t('lobby.details.script_by', { name: item.edition.name, author: item.edition.author })
          : item.edition.name}
        {item.edition.isOfficial && <span className="chip chip--muted">{t('lobby.details.official')}</span>}
      </dd>
      <dt>{t('lobby.details.fabled')}</dt>
      <dd>{list(item.fabled.map((f) => f.name))}</dd>
      {item.roles.length > 0 && (
        <>
          <dt>{t('lobby.details.characters')}</dt>
          <dd>{item.roles.map((r) => r.name).join(', ')}</dd>
        </>
      )}
      <dt>{t('lobby.details.players')}</dt>
      <dd>{list(people.players)}</dd>
      <dt>{t('lobby.details.spectators')}</dt>
      <dd>{list(people.spectators)}</dd>
    </dl>
  );
}
