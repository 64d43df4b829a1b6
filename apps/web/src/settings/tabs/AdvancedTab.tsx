import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoiceStore } from '../../voice';
import { SettingToggle } from '../controls';
import { enableCustomCss, isCssAddress, resolveCustomCss } from '../customCss';
import {
  BACKGROUND_MAX,
  CUSTOM_CSS_MAX,
  DEFAULT_CHROMA_KEY,
  isBackgroundAddress,
  setSettings,
  useSettings,
} from '../settingsStore';

/** Spec 3 §3 advanced: streaming helpers (night static, chroma key), cameras, sheets, own styles. */
export function AdvancedTab({ onVoiceSetup }: { onVoiceSetup: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const hidden = [
    useVoiceStore((s) => s.hideTownSquareCams),
    useVoiceStore((s) => s.hidePrivateCams),
    useVoiceStore((s) => s.hideRevealCams),
  ];
  const chromaId = useId();

  return (
    <div className="settings-tab" data-testid="settings-tab-advanced">
      <SettingToggle
        label={t('settings.advanced.night_static')}
        checked={settings.hasNightStatic}
        onChange={(hasNightStatic) => setSettings({ hasNightStatic })}
        testId="settings-night-static"
      />
      <SettingToggle
        label={t('settings.advanced.public_town_square')}
        checked={settings.hasPublicTownSquare}
        onChange={(hasPublicTownSquare) => setSettings({ hasPublicTownSquare })}
        testId="settings-public-town-square"
      />
      <SettingToggle
        label={t('settings.advanced.condensed_sheets')}
        checked={settings.hasCondensedSheets}
        onChange={(hasCondensedSheets) => setSettings({ hasCondensedSheets })}
        testId="settings-condensed-sheets"
      />
      <div className="settings-row">
        <p className="settings-row__label">{t('settings.advanced.hidden_cams')}</p>
        <p className="field__hint settings-row__hint" data-testid="settings-hidden-cams">
          {t('settings.advanced.hidden_cams_state', {
            townSquare: t(hidden[0] ? 'settings.hidden' : 'settings.shown'),
            privateChats: t(hidden[1] ? 'settings.hidden' : 'settings.shown'),
            reveal: t(hidden[2] ? 'settings.hidden' : 'settings.shown'),
          })}
        </p>
        <button type="button" className="button button--small button--ghost" onClick={onVoiceSetup}>
          {t('settings.advanced.hidden_cams_change')}
        </button>
      </div>
      <fieldset className="settings-group">
        <legend>{t('settings.advanced.chroma_key')}</legend>
        <SettingToggle
          label={t('settings.advanced.chroma_key_on')}
          hint={t('settings.advanced.chroma_key_hint')}
          checked={settings.isChromaKey}
          onChange={(isChromaKey) => setSettings({ isChromaKey })}
          testId="settings-chroma-key"
        />
        <div className="settings-inline">
          <label htmlFor={chromaId}>{t('settings.advanced.chroma_key_colour')}</label>
          <input
            id={chromaId}
            type="color"
            value={settings.chromaKey.toLowerCase()}
            onChange={(event) => setSettings({ chromaKey: event.target.value })}
            data-testid="settings-chroma-key-colour"
          />
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => setSettings({ chromaKey: DEFAULT_CHROMA_KEY })}
            disabled={settings.chromaKey.toUpperCase() === DEFAULT_CHROMA_KEY}
            data-testid="settings-chroma-key-reset"
          >
            {t('settings.advanced.chroma_key_reset', { colour: DEFAULT_CHROMA_KEY })}
          </button>
        </div>
      </fieldset>
      <BackgroundField />
      <CustomCssField />
    </div>
  );
}

/** Spec 1 §2: an image or an mp4/webm video behind the table; one that fails to load is cleared. */
function BackgroundField() {
  const { t } = useTranslation();
  const stored = useSettings((s) => s.background);
  const [draft, setDraft] = useState(stored);
  const [problem, setProblem] = useState(false);
  const id = useId();
  const apply = () => {
    const value = draft.trim();
    if (!value || !isBackgroundAddress(value)) return setProblem(true);
    setProblem(false);
    setSettings({ background: value });
  };
  return (
    <fieldset className="settings-group">
      <legend>{t('settings.advanced.background')}</legend>
      <form
        className="settings-inline"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('settings.advanced.background_address')}
        </label>
        <input
          id={id}
          type="url"
          className="field__input"
          maxLength={BACKGROUND_MAX}
          placeholder={t('settings.advanced.background_placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={problem || undefined}
          data-testid="settings-background"
        />
        <button type="submit" className="button button--small" data-testid="settings-background-apply">
          {t('settings.apply')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={!stored}
          onClick={() => {
            setDraft('');
            setSettings({ background: '' });
          }}
          data-testid="settings-background-clear"
        >
          {t('settings.clear')}
        </button>
      </form>
      {problem && (
        <p className="field__error" role="alert">
          {t('settings.advanced.background_invalid')}
        </p>
      )}
      <p className="field__hint">{t('settings.advanced.background_hint')}</p>
    </fieldset>
  );
}

/** Spec 3 §4/§5: the user's own stylesheet, typed or fetched from an address, kept only after confirming. */
function CustomCssField() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [draft, setDraft] = useState(settings.customCSS);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const save = async (): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    const result = await resolveCustomCss(draft);
    setBusy(false);
    if (!result.ok) {
      setProblem(t(`settings.advanced.custom_css_error_${result.reason}`));
      return false;
    }
    setSettings({ customCSS: result.css });
    setDraft(result.css);
    return true;
  };

  return (
    <fieldset className="settings-group">
      <legend>{t('settings.advanced.custom_css')}</legend>
      <label htmlFor={id} className="field__hint">
        {t('settings.advanced.custom_css_hint')}
      </label>
      <textarea
        id={id}
        className="field__input settings-css"
        rows={5}
        maxLength={CUSTOM_CSS_MAX}
        spellCheck={false}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={problem ? true : undefined}
        data-testid="settings-custom-css"
      />
      {problem && (
        <p className="field__error" role="alert" data-testid="settings-custom-css-error">
          {problem}
        </p>
      )}
      <div className="settings-inline">
        <button
          type="button"
          className="button button--small"
          onClick={() => void save()}
          disabled={busy || draft === settings.customCSS}
          aria-busy={busy || undefined}
          data-testid="settings-custom-css-save"
        >
          {busy
            ? t('settings.advanced.custom_css_loading')
            : t(isCssAddress(draft) ? 'settings.advanced.custom_css_fetch' : 'settings.advanced.custom_css_save')}
        </button>
        <SettingToggle
          label={t('settings.advanced.custom_css_enabled')}
          checked={settings.customCSSEnabled}
          onChange={(on) => {
            if (!on) return setSettings({ customCSSEnabled: false });
            // What is in the box is what gets enabled: save it first.
            void (draft === settings.customCSS ? Promise.resolve(true) : save()).then((ok) => {
              if (ok && useSettings.getState().customCSS) enableCustomCss();
              else if (ok) setProblem(t('settings.advanced.custom_css_empty'));
            });
          }}
          testId="settings-custom-css-enabled"
        />
      </div>
    </fieldset>
  );
}
