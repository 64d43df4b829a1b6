import type { ModeratorSearchAnswer } from '@belfry/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { levelKey } from '../people';
import { FormField } from '../ui/FormField';
import { searchUsers } from './moderationApi';
import { moderationFailure, type ModerationFailure } from './moderationErrors';
import { rememberSearch, showUser, useModerationStore } from './moderationStore';

/** Spec 2 §9: 10 users a page. */
export const PAGE_SIZE = 10;
/** The server refuses longer queries. */
const QUERY_MAX = 100;

type Results =
  | { kind: 'idle' }
  | { kind: 'loading'; previous: ModeratorSearchAnswer | null }
  | { kind: 'ready'; answer: ModeratorSearchAnswer }
  | { kind: 'error'; failure: ModerationFailure };

/** Spec 2 §2 Moderation, search view: a name, e-mail or id; results 10 a page; a row opens the user. */
export function SearchView() {
  const { t, i18n } = useTranslation();
  const [remembered] = useState(() => useModerationStore.getState());
  const [query, setQuery] = useState(remembered.query);
  // The search shown: coming back from a user's edit view shows the same page again.
  const [search, setSearch] = useState<{ query: string; offset: number } | null>(() =>
    remembered.query.trim() ? { query: remembered.query, offset: remembered.offset } : null,
  );
  const [results, setResults] = useState<Results>(() =>
    remembered.query.trim() ? { kind: 'loading', previous: null } : { kind: 'idle' },
  );
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!search) {
      inputRef.current?.focus();
      return;
    }
    let live = true;
    rememberSearch(search.query, search.offset);
    searchUsers(search.query, search.offset).then(
      (answer) => live && setResults({ kind: 'ready', answer }),
      (error: unknown) => live && setResults({ kind: 'error', failure: moderationFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [search]);

  const run = (text: string, from: number) => {
    setResults((current) => ({ kind: 'loading', previous: current.kind === 'ready' ? current.answer : null }));
    setSearch({ query: text, offset: from });
  };

  const trimmed = query.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) run(trimmed, 0);
  };

  const answer = results.kind === 'ready' ? results.answer : results.kind === 'loading' ? results.previous : null;
  const loading = results.kind === 'loading';
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const lastPage = answer ? Math.max(0, Math.ceil(answer.count / PAGE_SIZE) - 1) : 0;
  const offset = search?.offset ?? 0;
  const page = Math.floor(offset / PAGE_SIZE);

  return (
    <div className="moderation__search">
      <form className="moderation__search-form" onSubmit={submit} role="search">
        <FormField
          ref={inputRef}
          label={t('moderation.search.label')}
          placeholder={t('moderation.search.placeholder')}
          value={query}
          maxLength={QUERY_MAX}
          onChange={(event) => setQuery(event.target.value)}
          testId="moderation-query"
          className="moderation__query"
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={!trimmed || loading}
          data-testid="moderation-search-submit"
        >
          {loading ? t('moderation.search.searching') : t('moderation.search.submit')}
        </button>
      </form>

      {results.kind === 'idle' && <p className="muted">{t('moderation.search.hint')}</p>}
      {results.kind === 'error' && (
        <p className="form-error" role="alert" data-testid="moderation-message">
          {t(results.failure.key)} {results.failure.detail}
        </p>
      )}
      {answer && answer.count === 0 && (
        <p className="muted" data-testid="moderation-count" data-count={0}>
          {t('moderation.search.empty', { query: search?.query ?? '' })}
        </p>
      )}
      {answer && answer.count > 0 && (
        <>
          <div className="table-scroll">
            <table className="moderation__table" aria-busy={loading} data-testid="moderation-results">
              <thead>
                <tr>
                  <th scope="col">{t('moderation.search.col_name')}</th>
                  <th scope="col">{t('moderation.search.col_email')}</th>
                  <th scope="col">{t('moderation.search.col_level')}</th>
                  <th scope="col">{t('moderation.search.col_since')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((row) => {
                  const key = levelKey(row.level);
                  return (
                    <tr key={row.id} data-testid={`moderation-row-${row.id}`}>
                      <th scope="row">
                        <button
                          type="button"
                          className="button button--link moderation__name"
                          onClick={() => showUser(row.id)}
                          aria-label={t('moderation.search.open_user', { name: row.username })}
                          data-testid={`moderation-open-${row.id}`}
                        >
                          {row.username}
                        </button>
                        {row.flags.includes('banned') && (
                          <span className="moderation__badge">{t('moderation.search.banned_badge')}</span>
                        )}
                      </th>
                      <td className="moderation__email">{row.email}</td>
                      <td>{key ? t(key) : row.level}</td>
                      <td>{dateFormat.format(new Date(row.createdAt))}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t('moderation.search.pages')}>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={page === 0 || loading}
              onClick={() => run(search?.query ?? '', Math.max(0, offset - PAGE_SIZE))}
              data-testid="moderation-page-prev"
            >
              {t('moderation.search.prev')}
            </button>
            <span className="pager__info" aria-live="polite" data-testid="moderation-page-info">
              {t('moderation.search.page', {
                from: offset + 1,
                to: Math.min(offset + PAGE_SIZE, answer.count),
                total: answer.count,
              })}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={page >= lastPage || loading}
              onClick={() => run(search?.query ?? '', offset + PAGE_SIZE)}
              data-testid="moderation-page-next"
            >
              {t('moderation.search.next')}
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
