import { APP_VERSION } from '../version/buildInfo';
import { AppError, errorFromBody, toAppError } from './appError';
import i18next from 'i18next';

/** Everything the server offers lives under this prefix (apps/server/API.md). */
export const BACKEND = '/backend';
const REQUEST_TIMEOUT_MS = 15_000;

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** One JSON call to the backend; throws an AppError for any failure, including the network. */
export const sendJson = async <T>(path: string, { method = 'GET', body, token }: JsonRequest = {}): Promise<T> => {
  // Spec 2 §7: backend calls carry the app's version (the server records it with the login).
  // Issue 20: mails and texts the server sends follow the interface language, not the browser's.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-App-Version': APP_VERSION,
    'Accept-Language': i18next.language || 'en',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${BACKEND}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw toAppError(error);
  }
  const payload = await readBody(response).catch(() => undefined);
  if (!response.ok) throw errorFromBody(response.status, payload, response.headers.get('Retry-After'));
  return payload as T;
};

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof AppError && (error.status === 401 || error.code === 'unauthorized');
