import { createSessionBody } from '@belfry/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createSession } from '../api/backend';
import { FormField } from '../components/FormField';
import { toAppError, type AppError } from '../errors/appError';
import { MAX_SESSION_CODE } from '../session/sessionCode';

/** Spec 2 §5: 3–20 characters; the code derived from the name is trimmed and lower-cased. */
const nameErrorKey = (name: string): string | null => {
  const parsed = createSessionBody.shape.name.safeParse(name);
  if (parsed.success) return null;
  const length = name.trim().length;
  return length < 3 || length > MAX_SESSION_CODE ? 'lobby.create.errors.length' : 'lobby.create.errors.characters';
};

export function CreateGameForm({ onCreated }: { onCreated: (code: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const errorKey = nameErrorKey(name);
    if (errorKey) {
      setError(t(errorKey));
      return;
    }
    setBusy(true);
    try {
      const { sessionId } = await createSession({ name: name.trim(), isPublic });
      onCreated(sessionId);
    } catch (caught) {
      setFailure(toAppError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="lobby-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-title">
      <h2 id="create-title" className="card__title">
        {t('lobby.create.title')}
      </h2>
      <p className="card__text">{t('lobby.create.text')}</p>
      <FormField
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
      <label className="checkbox">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(event) => setIsPublic(event.target.checked)}
          data-testid="create-public"
        />
        <span>{t('lobby.create.public')}</span>
      </label>
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
