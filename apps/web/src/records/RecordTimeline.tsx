import type { GameRecordWire } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';
import { Glyph } from './Glyph';
import { type NominationEntry, seatName, timelineSections, votersOf } from './recordText';

type Entry = GameRecordWire['timeline'][number];

/** The game as it happened: the setup, then each night and day with its deaths and nominations. */
export function RecordTimeline({ record }: { record: GameRecordWire }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  return (
    <ol className="record-timeline" data-testid="record-timeline">
      {timelineSections(record.timeline).map((section) => (
        <li key={section.key} className="record-timeline__section">
          <h3 className={`record-timeline__phase record-timeline__phase--${section.phase?.isNight ? 'night' : 'day'}`}>
            <Glyph
              name={section.phase === null ? 'start' : section.phase.isNight ? 'night' : 'day'}
              className="record-timeline__phase-icon"
            />
            <span data-testid="record-phase">
              {section.phase === null
                ? t('records.timeline.setup')
                : t(section.phase.isNight ? 'records.timeline.night' : 'records.timeline.day', {
                    number: section.phase.number,
                  })}
            </span>
            {section.phase && <time className="record-timeline__time">{time.format(section.phase.at)}</time>}
          </h3>
          {section.entries.length > 0 ? (
            <ul className="record-timeline__entries">
              {section.entries.map((entry, i) => (
                <li key={`${entry.type}-${entry.at}-${i}`} className={`record-entry record-entry--${entry.type}`}>
                  <EntryText record={record} entry={entry} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="record-timeline__quiet muted">{t('records.timeline.quiet')}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

function EntryText({ record, entry }: { record: GameRecordWire; entry: Entry }) {
  const { t } = useTranslation();
  switch (entry.type) {
    case 'start':
      return (
        <p data-testid="record-entry" data-type="start">
          {t('records.timeline.start', { count: entry.players })}
        </p>
      );
    case 'death':
      return (
        <p data-testid="record-entry" data-type="death">
          <Glyph name="dead" className="record-entry__icon" />
          {t('records.timeline.death', { name: seatName(record, entry.seat) })}
        </p>
      );
    case 'revive':
      return (
        <p data-testid="record-entry" data-type="revive">
          <Glyph name="alive" className="record-entry__icon" />
          {t('records.timeline.revive', { name: seatName(record, entry.seat) })}
        </p>
      );
    case 'nomination':
      return <Nomination record={record} entry={entry} />;
    case 'end':
      return (
        <p
          data-testid="record-entry"
          data-type="end"
          className={`record-entry__end record-entry__end--${entry.isEvilWin ? 'evil' : 'good'}`}
        >
          <Glyph name={entry.isEvilWin ? 'evil' : 'good'} className="record-entry__icon" />
          {t(entry.isEvilWin ? 'records.result.evil' : 'records.result.good')}
        </p>
      );
    default:
      return null;
  }
}

function Nomination({ record, entry }: { record: GameRecordWire; entry: NominationEntry }) {
  const { t } = useTranslation();
  const { voters, hidden } = votersOf(record, entry);
  const names = { nominator: seatName(record, entry.nominator), nominee: seatName(record, entry.nominee) };
  return (
    <div data-testid="record-entry" data-type="nomination" data-secret={entry.secret} data-total={entry.total}>
      <p className="record-entry__title">
        <Glyph name="vote" className="record-entry__icon" />
        {t(entry.kind === 'exile' ? 'records.vote.exile' : 'records.vote.execution', names)}
        {entry.nominationType !== 'regular' && (
          <span className="record-badge">{t(`records.vote.type_${entry.nominationType}`)}</span>
        )}
        {entry.secret && <span className="record-badge record-badge--secret">{t('records.vote.secret')}</span>}
      </p>
      <p className="record-entry__count">
        <span data-testid="record-vote-total">
          {t('records.vote.count', { count: entry.total, majority: entry.majority })}
        </span>
        {' · '}
        {entry.finished
          ? t(entry.marked ? 'records.vote.marked' : 'records.vote.not_marked')
          : t('records.vote.closed')}
      </p>
      <p className="record-entry__voters" data-testid="record-voters">
        {voters.length > 0
          ? voters.map((v) => (v.hands > 1 ? `${v.name} ×${v.hands}` : v.name)).join(', ')
          : hidden === 0 && t('records.vote.no_hands')}
        {hidden > 0 && voters.length > 0 && ' · '}
        {hidden > 0 && (
          <span className="muted" data-testid="record-hidden-hands">
            {t('records.vote.hidden', { count: hidden })}
          </span>
        )}
      </p>
    </div>
  );
}
