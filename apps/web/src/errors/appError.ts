import { ERROR_CODES, type ErrorCode } from '@belfry/engine';
import { errorSchema } from '@belfry/protocol';

/** Server codes plus the two failures only the client can see: no answer at all, or no answer in time. */
export type ClientErrorCode = ErrorCode | 'network' | 'timeout';

export const CLIENT_ERROR_CODES: readonly ClientErrorCode[] = [...ERROR_CODES, 'network', 'timeout'];

/** One error type for REST and socket failures, so every dialogue can show code and message alike. */
export class AppError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number | undefined;

  constructor(code: ClientErrorCode, message: string, status?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
  }
}

/** Reads `{ error: { code, message } }` (API.md); anything else becomes a generic error for the status. */
export const errorFromBody = (status: number, body: unknown): AppError => {
  const candidate = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const parsed = errorSchema.safeParse(candidate);
  if (parsed.success) return new AppError(parsed.data.code, parsed.data.message, status);
  if (status === 401) return new AppError('unauthorized', '', status);
  if (status === 404) return new AppError('not_found', '', status);
  if (status === 429) return new AppError('rate_limited', '', status);
  return new AppError('internal', '', status);
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
