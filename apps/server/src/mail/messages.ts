import { DEFAULT_LOCALE, type LocaleCode } from '@belfry/protocol/locales';
import type { Mail } from './mailer';
import en from './texts/en.json' with { type: 'json' };
import cs from './texts/cs.json' with { type: 'json' };
import da from './texts/da.json' with { type: 'json' };
import nl from './texts/nl.json' with { type: 'json' };
import de from './texts/de.json' with { type: 'json' };
import it from './texts/it.json' with { type: 'json' };
import pt_BR from './texts/pt-BR.json' with { type: 'json' };
import ru from './texts/ru.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import es_419 from './texts/es-419.json' with { type: 'json' };
import sv from './texts/sv.json' with { type: 'json' };

/**
 * The mails and texts Belfry sends, in the user's language (texts/<locale>.json, English when a locale
 * or an entry is missing). Plain text: readable everywhere, nothing to render.
 */
interface MailText {
  subject: string;
  body: string;
}
interface Texts {
  verification: MailText;
  already_registered: MailText;
  recovery: MailText;
  sms_code: string;
}

// Bundled into the server (build.mjs), so a production start reads no files.
export const MAIL_TEXTS: Record<LocaleCode, Partial<Texts>> = {
  en,
  cs,
  da,
  nl,
  de,
  it,
  'pt-BR': pt_BR,
  ru,
  es,
  'es-419': es_419,
  sv,
};
const ENGLISH = MAIL_TEXTS[DEFAULT_LOCALE] as Texts;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

const textOf = <K extends keyof Texts>(locale: LocaleCode, key: K): Texts[K] =>
  MAIL_TEXTS[locale]?.[key] ?? ENGLISH[key];

const mail = (to: string, text: MailText, values: Record<string, string>): Mail => ({
  to,
  subject: fill(text.subject, values),
  text: fill(text.body, values),
});

export const verificationMail = (to: string, code: string, locale: LocaleCode = DEFAULT_LOCALE): Mail =>
  mail(to, textOf(locale, 'verification'), { code });

/** Sent instead of a code when someone registers with an address that has an account. */
export const alreadyRegisteredMail = (to: string, appUrl: string, locale: LocaleCode = DEFAULT_LOCALE): Mail =>
  mail(to, textOf(locale, 'already_registered'), { url: appUrl });

export const recoveryMail = (to: string, code: string, locale: LocaleCode = DEFAULT_LOCALE): Mail =>
  mail(to, textOf(locale, 'recovery'), { code });

export const smsCodeText = (code: string, locale: LocaleCode = DEFAULT_LOCALE): string =>
  fill(textOf(locale, 'sms_code'), { code });
