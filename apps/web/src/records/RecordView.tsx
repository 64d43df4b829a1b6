import type { RecordAnswer } from '@belfry/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '../api/appError';
import { Glyph } from './Glyph';
import { setRecordPublic } from './api';
import { exportFileName } from './recordText';
import { RecordTimeline } from './RecordTimeline';

/** Saves the record as it was answered to this reader, in the published schema. */
const download = (answer: RecordAnswer) => {
  const blob = new Blob([JSON.stringify(answer.record, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(answer.record);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** A finished game: result, script, the table as it ended, the timeline, the export and (Storyteller) visibility. */
export function RecordView({ answer, onChange }: { answer: RecordAnswer; onChange: (next: RecordAnswer) => void }) {
  const { t, i18n } = useTranslation();
  const { record } = answer;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const minutes = Math.max(1, Math.round((record.endedAt - record.startedAt) / 60_000));
  const evil = record.result === 'evil';
  return (
    <div className="record" data-testid="record">
      <section className={`card record__summary record__summary--${record.result}`}>
        <div className="record__result" data-testid="record-result" data-result={record.result}>
          <Glyph name={record.result} className="record__result-icon" />
          <div>
            <h1 className="record__title">{t(evil ? 'records.result.evil' : 'records.result.good')}</h1>
            <p className="record__meta">
              <span data-testid="record-script">{record.script.name || t('records.script_unnamed')}</span>
              {record.script.author && !record.script.isOfficial && (
                <span className="muted"> {t('records.by', { author: record.script.author })}</span>
              )}
            </p>
            <p className="record__meta muted">
              {when.format(record.startedAt)} · {t('records.duration', { count: minutes })} ·{' '}
              {t('records.players', { count: record.seats.length })}
            </p>
          </div>
        </div>
        <div className="record__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => download(answer)}
            data-testid="record-download"
          >
            {t('records.download')}
          </button>
          <a
            className="button button--ghost button--small"
            href="/game-record-schema.json"
            target="_blank"
            rel="noreferrer"
          >
            {t('records.schema')}
          </a>
        </div>
        {answer.mayPublish && <PublicToggle answer={answer} onChange={onChange} />}
      </section>

      <div className="record__grid">
        <section className="card record__table" aria-labelledby="record-seats-title">
          <h2 id="record-seats-title" className="card__title">
            {t('records.seats_title')}
          </h2>
          <ul className="record-seats" data-testid="record-seats">
            {record.seats.map((seat) => {
              const won = seat.alignment === null ? null : seat.alignment === record.result;
              return (
                <li
                  key={seat.index}
                  className={`record-seat ${seat.isDead ? 'record-seat--dead' : ''}`}
                  data-testid={`record-seat-${seat.index}`}
                  data-role={seat.role?.id ?? ''}
                  data-alignment={seat.alignment ?? ''}
                >
                  <span
                    className={`record-seat__token record-seat__token--${seat.role?.team ?? 'none'}`}
                    aria-hidden="true"
                  >
                    {seat.index + 1}
                  </span>
                  <span className="record-seat__who">
                    <span className="record-seat__name">
                      {seat.username || t('records.empty_seat', { number: seat.index + 1 })}
                    </span>
                    <span className="record-seat__role">
                      {seat.role?.name ?? t('records.no_role')}
                      {seat.alignment && (
                        <span className={`record-badge record-badge--${seat.alignment}`}>
                          {t(`records.alignment.${seat.alignment}`)}
                        </span>
                      )}
                    </span>
                  </span>
                  <span className="record-seat__end">
                    {seat.isDead && (
                      <span className="record-seat__dead" title={t('records.dead')}>
                        <Glyph name="dead" label={t('records.dead')} />
                      </span>
                    )}
                    {won !== null && (
                      <span className={`record-badge record-badge--${won ? 'won' : 'lost'}`}>
                        {t(won ? 'records.won' : 'records.lost')}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
          <dl className="record__people">
            <dt>{t('records.storytellers', { count: record.storytellers.length })}</dt>
            <dd data-testid="record-storytellers">{record.storytellers.map((p) => p.username).join(', ') || '–'}</dd>
            <dt>{t('records.spectators', { count: record.spectators.length })}</dt>
            <dd>{record.spectators.map((p) => p.username).join(', ') || '–'}</dd>
          </dl>
        </section>

        <section className="card record__story" aria-labelledby="record-timeline-title">
          <h2 id="record-timeline-title" className="card__title">
            {t('records.timeline.title')}
          </h2>
          <RecordTimeline record={record} />
        </section>
      </div>
    </div>
  );
}

/** Spec: the Storyteller may make a record public: anyone logged in may read it then. */
function PublicToggle({ answer, onChange }: { answer: RecordAnswer; onChange: (next: RecordAnswer) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = (isPublic: boolean) => {
    setPending(true);
    setError(null);
    setRecordPublic(answer.record.id, isPublic)
      .then((result) => onChange({ ...answer, isPublic: result.isPublic }))
      .catch((err: unknown) =>
        setError(
          err instanceof AppError && err.code === 'rate_limited'
            ? t('records.error.rate_limited')
            : t('records.error.publish'),
        ),
      )
      .finally(() => setPending(false));
  };
  return (
    <div className="record__publish">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={answer.isPublic}
          disabled={pending}
          onChange={(event) => toggle(event.target.checked)}
          data-testid="record-public"
        />
        <span>{t('records.public')}</span>
      </label>
      <p className="record__hint muted">{t(answer.isPublic ? 'records.public_on' : 'records.public_off')}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
