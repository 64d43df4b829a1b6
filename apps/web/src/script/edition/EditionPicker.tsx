import { editionById } from '@belfry/content';
import type { SessionView } from '@belfry/engine';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { Tabs } from '../../ui/PickerParts';
import { useIsPending } from '../../session/sessionStore';
import {
  chooseOfficialEdition,
  clearCharacters,
  loadCustomScript,
  loadReleaseScript,
  loadScriptFile,
  loadScriptUrl,
} from './editionActions';
import {
  LEVEL_MARKS,
  logoUrl,
  OFFICIAL_EDITION_IDS,
  SCRIPT_SCHEMA_URL,
  type OfficialEditionId,
} from './editionChoices';
import { closeEditionPicker, themeChanged, useEditionUi } from './editionStore';
import { RELEASE_SCRIPT_IDS } from './releaseScript';
import { isImageOptIn, isScriptUrl, lastScriptUrl, setImageOptIn } from './scriptSource';
import { browserStore } from './storage';
import { chosenTheme, saveTheme, themeGroupOf, themesFor, themeUrl } from './themes';
import './Edition.css';

type Source = 'file' | 'paste' | 'url';
const SOURCES: Source[] = ['file', 'paste', 'url'];

/**
 * Spec 3 §2 Edition picker (Storyteller): the official editions and the experimental set, a custom
 * script from a file, pasted text or an address, the release script, the backgrounds and clearing
 * the Grimoire's characters.
 */
export function EditionPicker({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const pending = useIsPending('edition');
  const clearing = useIsPending('clear');
  const current = view.edition;
  const fallbackName = t('edition.custom.default_name');

  return (
    <Modal
      title={t('edition.title')}
      onDismiss={closeEditionPicker}
      testId="edition-picker"
      className="dialog--edition"
    >
      <p className="edition__current" data-testid="edition-current" data-edition={current.id}>
        {t('edition.current', { name: current.name || t('edition.custom.default_name') })}
        {current.author && <span className="edition__author"> {t('edition.by', { author: current.author })}</span>}
      </p>

      <section className="edition__section" aria-labelledby="edition-official">
        <h3 id="edition-official" className="edition__heading">
          {t('edition.official')}
        </h3>
        <ul className="edition__cards">
          {OFFICIAL_EDITION_IDS.map((id) => (
            <li key={id}>
              <EditionCard id={id} isCurrent={current.id === id} disabled={pending} />
            </li>
          ))}
        </ul>
      </section>

      <section className="edition__section" aria-labelledby="edition-custom">
        <h3 id="edition-custom" className="edition__heading">
          {t('edition.custom.title')}
        </h3>
        <CustomScript fallbackName={fallbackName} disabled={pending} />
        <div className="edition__release">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void loadReleaseScript(t('edition.release.name'), t('edition.release.author'))}
            disabled={pending}
            data-testid="edition-release"
          >
            {t('edition.release.button')}
          </button>
          <span className="field__hint">{t('edition.release.hint', { count: RELEASE_SCRIPT_IDS.length })}</span>
        </div>
      </section>

      <ThemeChooser view={view} />

      <div className="dialog__buttons edition__footer">
        <button
          type="button"
          className="button button--danger"
          onClick={() => void clearCharacters()}
          disabled={clearing}
          data-testid="edition-clear"
        >
          {t('edition.clear.button')}
        </button>
        <span className="edition__spacer" />
        <button
          type="button"
          className="button button--secondary"
          onClick={closeEditionPicker}
          data-testid="edition-close"
        >
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}

function EditionCard({ id, isCurrent, disabled }: { id: OfficialEditionId; isCurrent: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  const edition = editionById(id);
  if (!edition) return null;
  const marks = LEVEL_MARKS[edition.level];
  const level = t(`edition.level.${edition.level}`);
  return (
    <button
      type="button"
      className={`edition-card edition-card--${id} ${isCurrent ? 'edition-card--current' : ''}`}
      aria-pressed={isCurrent}
      disabled={disabled}
      onClick={() => void chooseOfficialEdition(id)}
      data-testid={`edition-${id}`}
      data-level={edition.level}
    >
      <img className="edition-card__logo" src={logoUrl(id)} alt="" width={88} height={101} />
      <span className="edition-card__name">{id === 'carousel' ? t('edition.experimental') : edition.name}</span>
      <span className="edition-card__level" title={t('edition.level_label', { level })}>
        <span className="edition-card__marks" aria-hidden="true">
          {[1, 2, 3].map((n) => (
            <span key={n} className={`edition-card__mark ${n <= marks ? 'edition-card__mark--on' : ''}`} />
          ))}
        </span>
        {level}
      </span>
      <span className="edition-card__count">{t('edition.characters', { count: edition.roles.length })}</span>
      {isCurrent && <span className="card__badge edition-card__badge">{t('edition.in_use')}</span>}
    </button>
  );
}

function CustomScript({ fallbackName, disabled }: { fallbackName: string; disabled: boolean }) {
  const { t } = useTranslation();
  const store = browserStore();
  const [source, setSource] = useState<Source>('file');
  const [text, setText] = useState('');
  const [url, setUrl] = useState(() => lastScriptUrl(store));
  const [urlError, setUrlError] = useState(false);
  const [optIn, setOptIn] = useState(() => isImageOptIn(store));
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), paste: useId(), url: useId(), urlError: useId(), optIn: useId() };

  const submitPaste = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void loadCustomScript(text, fallbackName);
  };
  const submitUrl = (event: FormEvent) => {
    event.preventDefault();
    if (!isScriptUrl(url)) {
      setUrlError(true);
      return;
    }
    void loadScriptUrl(url, fallbackName);
  };

  return (
    <div className="edition__custom">
      <Tabs
        tabs={SOURCES.map((id) => ({ id, label: t(`edition.custom.tab_${id}`) }))}
        current={source}
        onChange={(next) => setSource(next as Source)}
        testIdPrefix="edition-source"
      />
      {source === 'file' && (
        <div className="field edition__source">
          <label className="field__label" htmlFor={ids.file}>
            {t('edition.custom.file_label')}
          </label>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept=".json,application/json,text/plain"
            className="field__input edition__file"
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared at once, so that choosing the same file again reads it again.
              event.target.value = '';
              if (file) void loadScriptFile(file, fallbackName);
            }}
            data-testid="edition-file"
          />
          <span className="field__hint">{t('edition.custom.file_hint')}</span>
        </div>
      )}
      {source === 'paste' && (
        <form className="field edition__source" onSubmit={submitPaste}>
          <label className="field__label" htmlFor={ids.paste}>
            {t('edition.custom.paste_label')}
          </label>
          <textarea
            id={ids.paste}
            className="field__input edition__paste"
            rows={5}
            value={text}
            placeholder='[{"id": "_meta", "name": "…"}, "washerwoman", …]'
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            data-testid="edition-paste"
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={disabled || !text.trim()}
            data-testid="edition-paste-load"
          >
            {t('edition.custom.load')}
          </button>
        </form>
      )}
      {source === 'url' && (
        <form className={`field edition__source ${urlError ? 'field--invalid' : ''}`} onSubmit={submitUrl} noValidate>
          <label className="field__label" htmlFor={ids.url}>
            {t('edition.custom.url_label')}
          </label>
          <div className="edition__url">
            <input
              id={ids.url}
              type="url"
              inputMode="url"
              className="field__input"
              value={url}
              placeholder="https://…/script.json"
              aria-invalid={urlError || undefined}
              aria-describedby={urlError ? ids.urlError : undefined}
              onChange={(event) => {
                setUrl(event.target.value);
                setUrlError(false);
              }}
              data-testid="edition-url"
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={disabled || !url.trim()}
              data-testid="edition-url-load"
            >
              {t('edition.custom.load')}
            </button>
          </div>
          {urlError ? (
            <span className="field__error" id={ids.urlError} data-testid="edition-url-error">
              {t('edition.custom.url_invalid')}
            </span>
          ) : (
            <span className="field__hint">{t('edition.custom.url_hint')}</span>
          )}
        </form>
      )}
      <div className="edition__options">
        <label className="checkbox edition__optin" htmlFor={ids.optIn}>
          <input
            id={ids.optIn}
            type="checkbox"
            checked={optIn}
            onChange={(event) => {
              setImageOptIn(store, event.target.checked);
              setOptIn(event.target.checked);
            }}
            data-testid="edition-image-optin"
          />
          {t('edition.image_optin')}
        </label>
        <a
          className="edition__schema"
          href={SCRIPT_SCHEMA_URL}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="edition-schema-link"
        >
          {t('edition.custom.schema_link')}
        </a>
      </div>
    </div>
  );
}

/** Spec 3 §2 Themes: the backgrounds of the current edition and the generic ones; kept per user. */
function ThemeChooser({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  useEditionUi((state) => state.themeVersion);
  const store = browserStore();
  const editionId = view.edition.id;
  const chosen = chosenTheme(store, view.viewer.id, editionId);
  const group = themeGroupOf(editionId);
  return (
    <section className="edition__section" aria-labelledby="edition-themes">
      <h3 id="edition-themes" className="edition__heading">
        {t('edition.themes.title')}
      </h3>
      <p className="field__hint edition__themes-hint">
        {t('edition.themes.hint', { set: t(`edition.themes.set_${group}`) })}
      </p>
      <div className="edition__themes" role="group" aria-label={t('edition.themes.title')}>
        {themesFor(editionId).map((id) => {
          const [kind, number] = id.split('-');
          const label = t(kind === 'generic' ? 'edition.themes.generic' : 'edition.themes.edition', { number });
          return (
            <button
              key={id}
              type="button"
              aria-pressed={id === chosen}
              aria-label={label}
              title={label}
              className={`edition-theme ${id === chosen ? 'edition-theme--chosen' : ''}`}
              style={{ backgroundImage: `url(${themeUrl(id)})` }}
              onClick={() => {
                if (saveTheme(store, view.viewer.id, editionId, id)) themeChanged();
              }}
              data-testid={`theme-${id}`}
            />
          );
        })}
      </div>
    </section>
  );
}
