import type { ErrorCode } from '@belfry/engine';
import { describeIssues } from '@belfry/protocol';
import type { z } from 'zod';

/** An error that becomes `{error: {code, message}}` with this HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Seconds until a retry can succeed (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  body() {
    return {
      error: { code: this.code, message: this.message, ...(this.retryAfter ? { retryAfter: this.retryAfter } : {}) },
    };
  }
}

/** Parses a request body with its protocol schema; a bad body is a 400 that changes nothing. */
export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new HttpError(400, 'bad_request', describeIssues(result.error));
  return result.data;
};
