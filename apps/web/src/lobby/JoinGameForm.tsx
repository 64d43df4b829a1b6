import { useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../ui/FormField';
import { checkJoinCode, MAX_SESSION_CODE } from '../session/sessionCode';

export function JoinGameForm({ onJoin, codeRef }: { onJoin: (code: string) => void; codeRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkJoinCode(value);
    if (!checked.ok) {
      setError(t(`lobby.join.errors.${checked.reason}`));
      return;
    }
    onJoin(checked.code);
  };

  return (
    <form className="lobby-form" onSubmit={submit} noValidate aria-labelledby="join-title">
      <h2 id="join-title" className="card__title">
        {t('lobby.join.title')}
      </h2>
      <p className="card__text">{t('lobby.join.text')}</p>
      <div className="lobby-form__row">
        <FormField
          ref={codeRef}
          label={t('lobby.join.code')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={MAX_SESSION_CODE + 10}
          placeholder={t('lobby.join.placeholder')}
          error={error}
          testId="join-code"
        />
        <button type="submit" className="button button--primary" data-testid="join-submit">
          {t('lobby.join.submit')}
        </button>
      </div>
    </form>
  );
}
