import { DEFAULT_LEVEL_CHOICES, type DefaultLevel, type ModeratorSettingsAnswer } from '@belfry/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { levelKey } from '../people';
import { loadModeratorSettings, saveDefaultLevel } from './moderationApi';
import { moderationFailure, type ModerationFailure } from './moderationErrors';

/** '' stands for "as the server's DEFAULT_LEVEL says". */
type Choice = DefaultLevel | '';

/**
 * The operator's setting (special-tpi): the level every new account gets, so a private group can let
 * everyone create games without promoting each person. Stored on the server; empty falls back to
 * the DEFAULT_LEVEL the server was started with.
 */
export function DefaultLevelSetting() {
  const { t } = useTranslation();
  const selectId = useId();
  const [settings, setSettings] = useState<ModeratorSettingsAnswer | null>(null);
  const [choice, setChoice] = useState<Choice>('');
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [failure, setFailure] = useState<ModerationFailure | null>(null);

  useEffect(() => {
    let live = true;
    loadModeratorSettings().then(
      (loaded) => {
        if (!live) return;
        setSettings(loaded);
        setChoice(loaded.stored ?? '');
      },
      (error: unknown) => live && setFailure(moderationFailure(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  const name = (level: string) => {
    const key = levelKey(level);
    return key ? t(key) : level;
  };
  const changed = settings !== null && choice !== (settings.stored ?? '');
  const save = () => {
    setState('saving');
    setFailure(null);
    saveDefaultLevel(choice === '' ? null : choice).then(
      (saved) => {
        setSettings(saved);
        setChoice(saved.stored ?? '');
        setState('saved');
      },
      (error: unknown) => {
        setState('idle');
        setFailure(moderationFailure(error));
      },
    );
  };

  return (
    <section className="moderation__setting" aria-labelledby={`${selectId}-title`} data-testid="moderation-settings">
      <h3 id={`${selectId}-title`} className="moderation__heading">
        {t('moderation.settings.title')}
      </h3>
      <p className="muted">{t('moderation.settings.text')}</p>
      <div className="moderation__setting-row">
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {t('moderation.settings.label')}
          </label>
          <select
            id={selectId}
            className="field__input"
            value={choice}
            disabled={!settings || state === 'saving'}
            onChange={(event) => {
              setChoice(event.target.value as Choice);
              setState('idle');
            }}
            data-testid="moderation-default-level"
          >
            <option value="">
              {t('moderation.settings.from_environment', { level: name(settings?.fromEnvironment ?? 'none') })}
            </option>
            {DEFAULT_LEVEL_CHOICES.map((level) => (
              <option key={level} value={level}>
                {name(level)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={!changed || state === 'saving'}
          onClick={save}
          data-testid="moderation-default-level-save"
        >
          {state === 'saving' ? t('moderation.user.saving') : t('moderation.settings.save')}
        </button>
      </div>
      <p className="moderation__status" aria-live="polite" data-testid="moderation-settings-message">
        {state === 'saved' && settings && t('moderation.settings.saved', { level: name(settings.defaultLevel) })}
        {failure && (
          <span className="form-error">
            {t(failure.key)} {failure.detail}
          </span>
        )}
      </p>
    </section>
  );
}
