import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { MAIL_TEXTS } from '../src/mail/messages';
import { freshDatabase, Inbox, solveCaptcha, startTestServer, testConfig } from './harness';

/** MIME encoded-words (RFC 2047) and quoted-printable, as nodemailer writes non-ASCII text. */
const fromQ = (text: string) => decodeURIComponent(text.replace(/%/g, '%25').replace(/=([0-9A-F]{2})/gi, '%$1'));
const decodeWords = (text: string) =>
  text.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : fromQ(data.replace(/_/g, ' ')),
  );
const decodeQuotedPrintable = (body: string) => fromQ(body.replace(/=\r?\n/g, ''));

const subjectOf = (raw: string) =>
  decodeWords(/^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/im.exec(raw)![1]!.replace(/\r?\n[ \t]/g, ' '));
const bodyOf = (raw: string) => decodeQuotedPrintable(raw.slice(raw.search(/\r?\n\r?\n/)).trim());

describe('mails follow the language the app sends (issue 20)', () => {
  let server: BelfryServer;
  let drop: () => Promise<void>;
  const inbox = new Inbox();
  const post = async (url: string, body: unknown, language: string) =>
    fetch(`http://127.0.0.1:${server.port}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const db = await freshDatabase('sqlite');
    drop = db.drop;
    server = await startTestServer(testConfig(db, { smtpUrl: await inbox.start() }));
  });
  afterAll(async () => {
    await server.close();
    await inbox.stop();
    await drop();
  });

  const register = async (email: string, language: string) =>
    post(
      '/backend/auth/register',
      {
        email,
        password: 'secret-password',
        username: 'someone',
        acceptsTerms: true,
        acceptsMarketing: false,
        captcha: await solveCaptcha(server),
      },
      language,
    );

  it('a German browser gets the German verification mail, with the code in subject and body', async () => {
    const email = `de-${Date.now()}@example.test`;
    expect((await register(email, 'de-DE,de;q=0.9,en;q=0.5')).status).toBe(202);
    const mail = await inbox.waitFor(email);
    const code = /(\d{6})/.exec(subjectOf(mail.raw))![1]!;
    expect(subjectOf(mail.raw)).toBe(MAIL_TEXTS.de.verification!.subject.replace('{{code}}', code));
    expect(subjectOf(mail.raw)).not.toBe(MAIL_TEXTS.en.verification!.subject.replace('{{code}}', code));
    expect(bodyOf(mail.raw)).toContain(MAIL_TEXTS.de.verification!.body.split('\n')[0]);
  });

  it('a Russian recovery request gets the Russian reset mail; an unsupported language gets English', async () => {
    const email = `ru-${Date.now()}@example.test`;
    await register(email, 'ru');
    await inbox.waitFor(email);
    await post('/backend/auth/recover', { email, captcha: await solveCaptcha(server) }, 'ru-RU');
    const reset = await inbox.waitFor(
      email,
      (m) => /reset|сброс|парол/i.test(subjectOf(m.raw)) && m !== inbox.mails[0],
    );
    const code = /(\d{6})/.exec(subjectOf(reset.raw))![1]!;
    expect(subjectOf(reset.raw)).toBe(MAIL_TEXTS.ru.recovery!.subject.replace('{{code}}', code));

    const other = `ja-${Date.now()}@example.test`;
    await register(other, 'ja-JP');
    const english = await inbox.waitFor(other);
    const englishCode = /(\d{6})/.exec(subjectOf(english.raw))![1]!;
    expect(subjectOf(english.raw)).toBe(`Your Belfry code: ${englishCode}`);
  });

  it('every language has the three mails and the SMS text, with the same placeholders as English', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\w+\}\}/g)].map((m) => m[0]).sort();
    for (const [code, texts] of Object.entries(MAIL_TEXTS)) {
      for (const key of ['verification', 'already_registered', 'recovery'] as const) {
        for (const part of ['subject', 'body'] as const) {
          const english = MAIL_TEXTS.en[key]![part];
          const translated = texts[key]?.[part];
          expect(translated, `${code} ${key}.${part}`).toBeTruthy();
          expect(placeholders(translated!), `${code} ${key}.${part}`).toEqual(placeholders(english));
        }
      }
      expect(placeholders(texts.sms_code ?? ''), `${code} sms_code`).toEqual(['{{code}}']);
    }
  });
});
