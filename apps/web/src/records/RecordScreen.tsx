import type { RecordAnswer } from '@belfry/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '../api/appError';
import { getRecord } from './api';
import { RecordView } from './RecordView';
import './records.css';

type Loaded = { kind: 'loading' } | { kind: 'error'; key: string } | { kind: 'ready'; answer: RecordAnswer };

const errorKey = (error: unknown): string => {
  if (!(error instanceof AppError)) return 'records.error.load';
  if (error.code === 'not_found' || error.code === 'bad_request') return 'records.error.not_found';
  if (error.code === 'rate_limited') return 'records.error.rate_limited';
  if (error.code === 'network' || error.code === 'timeout') return 'error.connection';
  return 'records.error.load';
};

/** Loads one record and shows it, or says why it cannot (mounted anew for another id). */
export function RecordScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    getRecord(id).then(
      (answer) => live && setLoaded({ kind: 'ready', answer }),
      (error: unknown) => live && setLoaded({ kind: 'error', key: errorKey(error) }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  if (loaded.kind === 'loading') {
    return (
      <p className="records__state" role="status" data-testid="record-loading">
        {t('records.loading')}
      </p>
    );
  }
  if (loaded.kind === 'error') {
    return (
      <section className="card records__state" role="alert" data-testid="record-error">
        <p>{t(loaded.key)}</p>
        {loaded.key !== 'records.error.not_found' && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setLoaded({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('records.retry')}
          </button>
        )}
      </section>
    );
  }
  return <RecordView answer={loaded.answer} onChange={(answer) => setLoaded({ kind: 'ready', answer })} />;
}
