import { ERROR_CODES, type ErrorCode } from '@belfry/engine';

/** Server codes plus the two failures only the client can see: no answer at all, or no answer in time. */
export type ClientErrorCode = ErrorCode | 'network' | 'timeout';

export const CLIENT_ERROR_CODES: readonly ClientErrorCode[] = [...ERROR_CODES, 'network', 'timeout'];

/** One error type for REST and socket failures, so every dialogue can show code and message alike. */
export class AppError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number | undefined;
  /** Seconds to wait before trying again (API.md: sent with 429). */
  readonly retryAfter: number | undefined;

  constructor(code: ClientErrorCode, message: string, status?: number, retryAfter?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** A positive number of seconds from the body's `retryAfter` or the Retry-After header, else undefined. */
const readRetryAfter = (...candidates: unknown[]): number | undefined => {
  for (const candidate of candidates) {
    const seconds = typeof candidate === 'string' && candidate.trim() !== '' ? Number(candidate) : candidate;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
  }
  return undefined;
};

const fallbackCode = (status: number): ClientErrorCode => {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return 'internal';
};

/**
 * The protocol's `errorSchema`, checked by hand: every route reports failures through here, and the
 * zod schema would make every route load zod.
 */
const isServerError = (value: unknown): value is { code: ErrorCode; message: string; retryAfter?: number } => {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, retryAfter } = value as Record<string, unknown>;
  return (
    (ERROR_CODES as readonly unknown[]).includes(code) &&
    typeof message === 'string' &&
    (retryAfter === undefined || (typeof retryAfter === 'number' && Number.isFinite(retryAfter)))
  );
};

/**
 * Reads `{ error: { code, message, retryAfter? } }` (API.md). An unknown code becomes a generic error
 * for the status, keeping the server's message (some screens show it raw).
 */
export const errorFromBody = (status: number, body: unknown, retryAfterHeader?: string | null): AppError => {
  const candidate = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const raw = typeof candidate === 'object' && candidate !== null ? (candidate as Record<string, unknown>) : {};
  const retryAfter = readRetryAfter(raw.retryAfter, retryAfterHeader);
  if (isServerError(candidate)) return new AppError(candidate.code, candidate.message, status, retryAfter);
  const message = typeof raw.message === 'string' ? raw.message : '';
  return new AppError(fallbackCode(status), message, status, retryAfter);
};

export const toAppError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new AppError('timeout', '');
  }
  return new AppError('network', error instanceof Error ? error.message : '');
};

/** Spec 1 §8: a leading 'Validation error:' is stripped from server messages before showing them. */
export const cleanServerMessage = (message: string): string => message.replace(/^\s*Validation error:\s*/i, '').trim();
