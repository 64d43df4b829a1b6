import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVersionStore } from '../../version/versionStore';
import { sendPhoneCode, submitPhoneCode } from '../accountApi';
import { FormField } from '../../ui/FormField';
import { Modal } from '../../ui/Modal';
import { showNotice } from '../../ui/dialogs';
import { toAppError } from '../../api/appError';
import { COUNTRIES, type Country } from './countries';
import { preselectCountry } from './countryLookup';
import {
  isPhoneCode,
  normalisePhone,
  phoneDigits,
  phoneFailure,
  readSavedPhone,
  writeSavedPhone,
  type PhoneStep,
  type SavedPhone,
} from './phone';
import { closePhoneVerification } from './phoneStore';
import './PhoneVerificationDialog.css';

interface Message {
  kind: 'error' | 'notice';
  key: string;
  params?: Record<string, string | number>;
}

const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/** Country names in the app's language where the browser knows them, else the list's English name. */
const useCountryOptions = (language: string): { country: Country; label: string }[] =>
  useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(language);
    return COUNTRIES.map((country) => {
      const localized = names?.of(country.code);
      const name = localized && localized !== country.code ? localized : country.name;
      return { country, name, label: `${name} (${country.prefix})` };
    })
      .sort((a, b) => collator.compare(a.name, b.name))
      .map(({ country, label }) => ({ country, label }));
  }, [language]);

/**
 * Spec 2 §4 "Phone verification": 1. enter the phone and send it (saved locally); 2. enter the
 * six-character code; 3. the verified-phone flag is added; 4. reset clears the saved values.
 */
export function PhoneVerificationDialog() {
  const { t, i18n } = useTranslation();
  const supportEmail = useVersionStore((state) => state.info?.supportEmail);
  const options = useCountryOptions(i18n.language);
  const [saved, setSaved] = useState<SavedPhone | null>(() => readSavedPhone(localStorage));
  const [country, setCountry] = useState<string>(
    () =>
      saved?.country ??
      preselectCountry(COUNTRIES, browserTimeZone(), typeof navigator === 'undefined' ? [] : navigator.languages)
        ?.code ??
      '',
  );
  const [phone, setPhone] = useState(saved?.phone ?? '');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const step: PhoneStep = saved ? 'submit' : 'send';
  const chosen = COUNTRIES.find((candidate) => candidate.code === country);

  const save = (value: SavedPhone | null) => {
    writeSavedPhone(localStorage, value);
    setSaved(value);
  };

  const finish = () => {
    writeSavedPhone(localStorage, null);
    closePhoneVerification(true);
    void showNotice('phone.verified_title', 'phone.verified_text');
  };

  const fail = (caught: unknown) => {
    const failure = phoneFailure(toAppError(caught), step);
    const key = failure.key === 'phone.errors.forbidden' && supportEmail ? 'phone.errors.forbidden_email' : failure.key;
    setMessage({ kind: 'error', key, params: { ...failure.params, email: supportEmail ?? '' } });
    // Spec 2 §8: on restart or 404 the saved phone is cleared, otherwise the code is cleared.
    if (failure.restart) save(null);
    setCode('');
  };

  const send = async () => {
    if (!chosen) {
      setMessage({ kind: 'error', key: 'phone.errors.country_required' });
      return;
    }
    const normalised = normalisePhone(phone);
    if (!normalised.ok) {
      setMessage({ kind: 'error', key: normalised.error });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await sendPhoneCode(chosen.prefix, normalised.phone);
      if (answer.status === 'verified') {
        finish();
        return;
      }
      save({ country: chosen.code, prefix: chosen.prefix, phone: normalised.phone });
      setPhone(normalised.phone);
      setMessage({ kind: 'notice', key: 'phone.sent', params: { number: `${chosen.prefix} ${normalised.phone}` } });
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!saved) return;
    if (!isPhoneCode(code)) {
      setMessage({ kind: 'error', key: 'phone.errors.code_length' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await submitPhoneCode(saved.prefix, saved.phone, code.trim());
      finish();
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    save(null);
    setCode('');
    setMessage(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (step === 'send' ? send() : submit());
  };

  return (
    <Modal
      title={t('phone.title')}
      onDismiss={() => closePhoneVerification(false)}
      testId="phone-dialog"
      className="phone-dialog"
    >
      <form className="phone-dialog__form" onSubmit={onSubmit} noValidate data-step={step}>
        {step === 'send' ? (
          <>
            <p className="dialog__text">{t('phone.intro')}</p>
            <div className="field">
              <label className="field__label" htmlFor="phone-country">
                {t('phone.country')}
              </label>
              <select
                id="phone-country"
                className="field__input"
                value={country}
                onChange={(event) => setCountry(event.target.value)}
                data-testid="phone-country"
              >
                <option value="">{t('phone.choose_country')}</option>
                {options.map(({ country: option, label }) => (
                  <option key={option.code} value={option.code}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="phone-dialog__number">
              <span className="phone-dialog__prefix" aria-hidden="true">
                {chosen?.prefix ?? '+'}
              </span>
              <FormField
                label={t('phone.number')}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={20}
                value={phone}
                onChange={(event) => setPhone(phoneDigits(event.target.value))}
                hint={t('phone.number_hint')}
                testId="phone-number"
                autoFocus
              />
            </div>
          </>
        ) : (
          <>
            <p className="dialog__text">
              {t('phone.code_intro', { number: `${saved?.prefix ?? ''} ${saved?.phone ?? ''}` })}
            </p>
            <FormField
              label={t('phone.code')}
              className="phone-dialog__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.trim().slice(0, 6))}
              testId="phone-code"
              autoFocus
            />
          </>
        )}

        {message && (
          <p
            className={message.kind === 'error' ? 'form-error' : 'notice'}
            role={message.kind === 'error' ? 'alert' : 'status'}
            data-testid="phone-message"
            data-kind={message.kind}
          >
            {t(message.key, message.params)}
          </p>
        )}

        <div className="dialog__buttons">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => closePhoneVerification(false)}
            data-testid="phone-close"
          >
            {t('common.close')}
          </button>
          {step === 'submit' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={reset}
              disabled={busy}
              data-testid="phone-reset"
            >
              {t('phone.reset')}
            </button>
          )}
          {step === 'send' ? (
            <button type="submit" className="button button--primary" disabled={busy} data-testid="phone-send">
              {t(busy ? 'login.working' : 'phone.send')}
            </button>
          ) : (
            <button
              type="submit"
              className="button button--primary"
              disabled={busy || !isPhoneCode(code)}
              data-testid="phone-submit"
            >
              {t(busy ? 'login.working' : 'phone.submit')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
