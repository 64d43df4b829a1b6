import type { SessionTags } from '@belfry/engine';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CYCLE_TAGS, cycleTag, tagValue, tagValueKey, type CycleTag } from './sessionTags';
import './SessionTagControls.css';

interface SessionTagControlsProps {
  tags: SessionTags;
  onChange: (change: Partial<SessionTags>) => void;
  /** Read-only for everyone but the Storyteller in a live session. */
  disabled?: boolean;
  /** The data-testid of each control, by tag name ('locked' and 'streaming' included). */
  testId: (name: CycleTag | 'locked' | 'streaming') => string;
}

/**
 * Spec 2 §4 Session meta: difficulty, cameras, travellers and grimoire cycle 0 → 1 → 2 → 0 on
 * click (each value says what it means); locked and streaming are toggles.
 */
export function SessionTagControls({ tags, onChange, disabled = false, testId }: SessionTagControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="tag-controls">
      {CYCLE_TAGS.map((tag) => (
        <TagCycle
          key={tag}
          tag={tag}
          value={tagValue(tags[tag])}
          disabled={disabled}
          testId={testId(tag)}
          onCycle={() => onChange({ [tag]: cycleTag(tags[tag]) })}
        />
      ))}
      <label className="checkbox tag-controls__toggle">
        <input
          type="checkbox"
          checked={tags.locked}
          disabled={disabled}
          onChange={(event) => onChange({ locked: event.target.checked })}
          data-testid={testId('locked')}
        />
        <span>
          {t('tags.locked.label')}
          <span className="tag-controls__hint">{t('tags.locked.hint')}</span>
        </span>
      </label>
      <label className="checkbox tag-controls__toggle">
        <input
          type="checkbox"
          checked={tags.streaming}
          disabled={disabled}
          onChange={(event) => onChange({ streaming: event.target.checked })}
          data-testid={testId('streaming')}
        />
        <span>
          {t('tags.streaming.label')}
          <span className="tag-controls__hint">{t('tags.streaming.hint')}</span>
        </span>
      </label>
    </div>
  );
}

function TagCycle({
  tag,
  value,
  disabled,
  testId,
  onCycle,
}: {
  tag: CycleTag;
  value: 0 | 1 | 2;
  disabled: boolean;
  testId: string;
  onCycle: () => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const meaning = t(tagValueKey(tag, value));
  return (
    <div className="tag-cycle">
      <span className="tag-cycle__label" id={labelId}>
        {t(`tags.${tag}.label`)}
      </span>
      <button
        type="button"
        className={`tag-cycle__button tag-cycle__button--${value}`}
        onClick={onCycle}
        disabled={disabled}
        aria-describedby={labelId}
        aria-label={t('tags.cycle_label', { tag: t(`tags.${tag}.label`), value: meaning })}
        title={disabled ? undefined : t('tags.cycle_hint')}
        data-testid={testId}
        data-value={value}
      >
        <span className="tag-cycle__dots" aria-hidden="true">
          {[0, 1, 2].map((step) => (
            <span key={step} className={`tag-cycle__dot ${step === value ? 'tag-cycle__dot--on' : ''}`} />
          ))}
        </span>
        <span className="tag-cycle__value">{meaning}</span>
      </button>
    </div>
  );
}
