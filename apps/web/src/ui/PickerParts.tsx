import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A picker list's search text and page: a new search (or tab) starts again on the first page. */
export interface PagedSearch {
  query: string;
  page: number;
  setQuery: (query: string) => void;
  setPage: (page: number) => void;
  firstPage: () => void;
}

export const usePagedSearch = (initialQuery = ''): PagedSearch => {
  const [query, setQueryState] = useState(initialQuery);
  const [page, setPage] = useState(0);
  return {
    query,
    page,
    setQuery: (next) => {
      setQueryState(next);
      setPage(0);
    },
    setPage,
    firstPage: () => setPage(0),
  };
};

interface TabsProps {
  tabs: { id: string; label: string; count?: number }[];
  current: string;
  onChange: (id: string) => void;
  testIdPrefix: string;
}

/** A row of tabs (arrow keys move between them). */
export function Tabs({ tabs, current, onChange, testIdPrefix }: TabsProps) {
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const at = tabs.findIndex((tab) => tab.id === current);
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (next) onChange(next.id);
  };
  return (
    <div className="picker__tabs" role="tablist" onKeyDown={onKey}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          className="picker__tab"
          aria-selected={tab.id === current}
          tabIndex={tab.id === current ? 0 : -1}
          onClick={() => onChange(tab.id)}
          data-testid={`${testIdPrefix}-${tab.id}`}
        >
          {tab.label}
          {tab.count !== undefined && <span className="picker__tab-count">{tab.count}</span>}
        </button>
      ))}
    </div>
  );
}

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
}

export function SearchField({ value, onChange, label, testId }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="field picker__search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        data-testid={testId}
      />
    </div>
  );
}

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  testIdPrefix: string;
}

export function Pager({ page, pages, onPage, testIdPrefix }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <div className="picker__pager">
      <button
        type="button"
        className="button button--tiny button--ghost"
        onClick={() => onPage(page - 1)}
        disabled={page === 0}
        data-testid={`${testIdPrefix}-prev`}
      >
        {t('game.picker.prev')}
      </button>
      <span className="picker__page" data-testid={`${testIdPrefix}-info`}>
        {t('game.picker.page', { page: page + 1, pages })}
      </span>
      <button
        type="button"
        className="button button--tiny button--ghost"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages - 1}
        data-testid={`${testIdPrefix}-next`}
      >
        {t('game.picker.next')}
      </button>
    </div>
  );
}
