import type { ExistingBan } from '@belfry/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../ui/FormField';
import { BAN_HOURS_MAX, BAN_REASON_MAX, type DraftError, type UserDraft } from './userDraft';

/**
 * Spec 2 §5: a ban is an existing one (its reason and end) or a new reason with an optional expiry
 * in hours (none: permanent). Shown while the banned flag is newly set.
 */
export function BanFields({
  draft,
  existing,
  errors,
  onChange,
}: {
  draft: UserDraft;
  existing: ExistingBan[];
  errors: DraftError[];
  onChange: (change: Partial<UserDraft>) => void;
}) {
  const { t, i18n } = useTranslation();
  const choiceId = useId();
  const until = (ban: ExistingBan) =>
    ban.expires === null
      ? t('moderation.ban.permanent')
      : t('moderation.ban.until', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(ban.expires),
          ),
        });

  return (
    <fieldset className="moderation__ban" data-testid="moderation-ban">
      <legend>{t('moderation.ban.title')}</legend>
      <div className="moderation__ban-modes" role="radiogroup" aria-label={t('moderation.ban.kind')}>
        {(['new', 'existing'] as const).map((mode) => (
          <label key={mode} className="checkbox checkbox--inline">
            <input
              type="radio"
              name="ban-mode"
              value={mode}
              checked={draft.banMode === mode}
              disabled={mode === 'existing' && existing.length === 0}
              onChange={() => onChange({ banMode: mode })}
              data-testid={`moderation-ban-mode-${mode}`}
            />
            <span>{t(mode === 'new' ? 'moderation.ban.new' : 'moderation.ban.existing')}</span>
          </label>
        ))}
      </div>
      {draft.banMode === 'existing' ? (
        <div className={`field ${errors.includes('ban_choice') ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={choiceId}>
            {t('moderation.ban.choose')}
          </label>
          <select
            id={choiceId}
            className="field__input"
            value={draft.banId}
            onChange={(event) => onChange({ banId: event.target.value })}
            data-testid="moderation-ban-choice"
          >
            <option value="">{t('moderation.ban.choose_placeholder')}</option>
            {existing.map((ban) => (
              <option key={ban.id} value={ban.id}>
                {t('moderation.ban.option', { reason: ban.reason, until: until(ban), users: ban.users })}
              </option>
            ))}
          </select>
          {errors.includes('ban_choice') && <p className="field__error">{t('moderation.errors.ban_choice')}</p>}
        </div>
      ) : (
        <div className="moderation__ban-new">
          <FormField
            label={t('moderation.ban.reason')}
            value={draft.banReason}
            maxLength={BAN_REASON_MAX}
            required
            onChange={(event) => onChange({ banReason: event.target.value })}
            error={errors.includes('ban_reason') ? t('moderation.errors.ban_reason') : undefined}
            testId="moderation-ban-reason"
          />
          <FormField
            label={t('moderation.ban.hours')}
            type="number"
            inputMode="decimal"
            min={1}
            max={BAN_HOURS_MAX}
            value={draft.banHours}
            onChange={(event) => onChange({ banHours: event.target.value })}
            error={errors.includes('ban_hours') ? t('moderation.errors.ban_hours') : undefined}
            hint={t('moderation.ban.hours_hint')}
            testId="moderation-ban-hours"
          />
        </div>
      )}
    </fieldset>
  );
}
