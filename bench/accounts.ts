import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AuthTokens } from '@belfry/protocol';
import { sleep } from './timing';

/**
 * Registration through the real flow of issue 3: solve the ALTCHA captcha, register, read the mailed
 * code from the dev outbox (DATA_DIR/outbox, the server runs without SMTP_URL), verify → tokens.
 *
 * The install allows 10 registrations per address and hour, so user i talks to the server from its
 * own loopback address 127.0.0.(10 + i), as real users come from their own addresses. Linux routes
 * all of 127.0.0.0/8 to the loopback device; elsewhere binding those addresses fails with a clear error.
 */

export interface BelfryInstall {
  port: number;
  /** The server's DATA_DIR: its outbox holds the mailed codes. */
  dataDir: string;
}

interface CaptchaChallenge {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength?: number; keyPrefix: string };
  signature: string;
}

const PASSWORD = 'bench-password';
/** The code as the mails state it ("code is 123456", "code: 123456"). */
const CODE = /\bcode(?: is|:) (\d{6})\b/;
const DIGESTS: Record<string, string> = { 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };

export const clientAddress = (index: number) => {
  if (index < 0 || index > 240) throw new Error(`no loopback address for user ${index}`);
  return `127.0.0.${10 + index}`;
};

const call = (
  port: number,
  method: string,
  url: string,
  localAddress: string,
  body?: unknown,
): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        localAddress,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', (error) => reject(new Error(`${method} ${url} from ${localAddress}: ${error.message}`)));
    request.end(payload);
  });

const expectJson = async <T>(answer: Promise<{ status: number; text: string }>, status: number, what: string) => {
  const { status: got, text } = await answer;
  if (got !== status) throw new Error(`${what} answered ${got}: ${text}`);
  return JSON.parse(text) as T;
};

/** ALTCHA v2 proof of work, as the browser widget does it: the counter whose derived key has the prefix. */
export const solveCaptcha = (challenge: CaptchaChallenge, maxCounter = 10_000_000): string => {
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const digest = DIGESTS[algorithm];
  if (!digest) throw new Error(`captcha algorithm ${algorithm} is not supported here`);
  const saltBytes = Buffer.from(salt, 'hex');
  const password = Buffer.alloc(nonce.length / 2 + 4);
  Buffer.from(nonce, 'hex').copy(password);
  const prefix = keyPrefix.toLowerCase();
  for (let counter = 0; counter <= maxCounter; counter++) {
    password.writeUInt32BE(counter, password.length - 4);
    let key = createHash(digest).update(saltBytes).update(password).digest();
    for (let i = 1; i < cost; i++) key = createHash(digest).update(key).digest();
    const hex = key.subarray(0, keyLength).toString('hex');
    if (hex.startsWith(prefix)) {
      const solution = { counter, derivedKey: hex, time: 0 };
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }
  }
  throw new Error('captcha not solved');
};

/** The newest code mailed to `email`, waiting for the mailer to write it. */
const outboxCode = async (dataDir: string, email: string, ms = 15_000): Promise<string> => {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const code = text.includes(`To: ${email}\n`) ? CODE.exec(text)?.[1] : undefined;
      if (code) return code;
    }
    await sleep(25);
  }
  throw new Error(`no code for ${email} in ${dir} after ${ms} ms`);
};

/** Registers user `index` (username bench<index>) and returns its tokens. The first user of an install is its admin. */
export const registerUser = async (install: BelfryInstall, index: number): Promise<AuthTokens> => {
  const from = clientAddress(index);
  const email = `bench${index}@bench.test`;
  const challenge = await expectJson<CaptchaChallenge>(
    call(install.port, 'GET', '/backend/captcha', from),
    200,
    'GET /backend/captcha',
  );
  await expectJson(
    call(install.port, 'POST', '/backend/auth/register', from, {
      email,
      password: PASSWORD,
      username: `bench${index}`,
      acceptsTerms: true,
      acceptsMarketing: false,
      captcha: solveCaptcha(challenge),
    }),
    202,
    `registering ${email}`,
  );
  const code = await outboxCode(install.dataDir, email);
  const verified = await expectJson<{ tokens: AuthTokens }>(
    call(install.port, 'POST', '/backend/verify', from, { type: 'email', email, code }),
    200,
    `verifying ${email}`,
  );
  return verified.tokens;
};

/** Registers `count` users: user 0 alone first (it becomes the admin with a subscription), the rest a few at a time. */
export const registerUsers = async (install: BelfryInstall, count: number, batch = 5): Promise<AuthTokens[]> => {
  const users = [await registerUser(install, 0)];
  for (let start = 1; start < count; start += batch) {
    const indexes = Array.from({ length: Math.min(batch, count - start) }, (_, i) => start + i);
    users.push(...(await Promise.all(indexes.map((index) => registerUser(install, index)))));
  }
  return users;
};
