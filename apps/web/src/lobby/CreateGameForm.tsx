import type { SessionTags } from '@belfry/engine';
import { useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { createSession } from '../auth/backend';
import {
  browserLanguage,
  ChatServerField,
  DEFAULT_TAGS,
  defaultSessionName,
  languageOptions,
  SessionTagControls,
  useChatServers,
} from '../people';
import { FormField } from '../ui/FormField';
import { toAppError, type AppError } from '../api/appError';
import { MAX_SESSION_CODE } from '../session/sessionCode';
import { languageName } from '../i18n/languageName';
import { SubscriptionNotice } from './SubscriptionNotice';

/**
 * Spec 2 §5: 3–20 characters; the code derived from the name is trimmed and lower-cased. The
 * protocol's schema decides, as the server's does; it is loaded on submit, so that the Lobby itself
 * does not load zod.
 */
const nameErrorKey = async (name: string): Promise<string | null> => {
  const { createSessionBody } = await import('@belfry/protocol/rest');
  const parsed = createSessionBody.shape.name.safeParse(name);
  if (parsed.success) return null;
  const length = name.trim().length;
  return length < 3 || length > MAX_SESSION_CODE ? 'lobby.create.errors.length' : 'lobby.create.errors.characters';
};

interface CreateGameFormProps {
  onCreated: (code: string) => void;
  /** The name field, which the Lobby's "Create game" button focuses. */
  nameRef?: Ref<HTMLInputElement>;
}

/**
 * Spec 2 §2 "The Create tab is a form with a session name and session meta": language (from the
 * browser), chat server (automatic unless chosen), visibility (private unless chosen), access lock and
 * the tags.
 */
export function CreateGameForm({ onCreated, nameRef }: CreateGameFormProps) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(() => defaultSessionName(Math.random()));
  const [language, setLanguage] = useState(() => browserLanguage(navigator.language));
  const [isPublic, setIsPublic] = useState(false);
  const chatServers = useChatServers();
  const [chatServer, setChatServer] = useState('');
  const [tags, setTags] = useState<SessionTags>(DEFAULT_TAGS);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsSubscription, setNeedsSubscription] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const errorKey = await nameErrorKey(name);
      if (errorKey) {
        setError(t(errorKey));
        return;
      }
      // '' lets the server pick the least busy chat server.
      const { sessionId } = await createSession({ name: name.trim(), isPublic, language, tags, chatServer });
      onCreated(sessionId);
    } catch (caught) {
      const appError = toAppError(caught);
      if (appError.code === 'subscription_needed') setNeedsSubscription(true);
      else setFailure(appError);
      // The chosen chat server filled up or went quiet: show the list as it is now.
      if (appError.code === 'chat_server_full' || appError.code === 'chat_server_unavailable') chatServers.reload();
    } finally {
      setBusy(false);
    }
  };

  if (needsSubscription) return <SubscriptionNotice />;

  return (
    <form className="lobby-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-title">
      <h2 id="create-title" className="card__title">
        {t('lobby.create.title')}
      </h2>
      <p className="card__text">{t('lobby.create.text')}</p>
      <FormField
        ref={nameRef}
        label={t('lobby.create.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        maxLength={MAX_SESSION_CODE}
        autoCapitalize="none"
        spellCheck={false}
        hint={t('lobby.create.name_hint')}
        error={error}
        testId="create-name"
      />
      <div className="field">
        <label className="field__label" htmlFor="create-language">
          {t('meta.language')}
        </label>
        <select
          id="create-language"
          className="field__input"
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          data-testid="create-language"
        >
          {languageOptions(language).map((code) => (
            <option key={code} value={code}>
              {languageName(code, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <ChatServerField list={chatServers} value={chatServer} onChange={setChatServer} testId="create-chat-server" />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(event) => setIsPublic(event.target.checked)}
          data-testid="create-public"
        />
        <span>
          {t('lobby.create.public')}
          <span className="tag-controls__hint">{t('lobby.create.public_hint')}</span>
        </span>
      </label>
      <fieldset className="tag-fieldset">
        <legend className="field__label">{t('meta.tags')}</legend>
        <SessionTagControls
          tags={tags}
          onChange={(change) => setTags((current) => ({ ...current, ...change }))}
          testId={(tag) => (tag === 'locked' || tag === 'streaming' ? `create-${tag}` : `create-tag-${tag}`)}
        />
      </fieldset>
      {failure && (
        <p className="form-error" role="alert">
          {t('error.session')} {t(`errors.codes.${failure.code}`)}
        </p>
      )}
      <button type="submit" className="button button--primary button--wide" disabled={busy} data-testid="create-submit">
        {t(busy ? 'lobby.create.working' : 'lobby.create.submit')}
      </button>
    </form>
  );
}
