import { ERROR_CODES, type ErrorCode, type Refusal } from '@belfry/engine';
import { z } from 'zod';

export const errorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  retryAfter: z.number().optional(),
});

/** Every acknowledged request answers `{ok: true, ...}` or `{ok: false, error: {code, message}}`. */
export type Ack<T extends object = object> = ({ ok: true } & T) | { ok: false; error: Refusal };

export const ackOk = <T extends object>(data?: T): Ack<T> => ({ ok: true, ...(data as T) });
export const ackError = (code: ErrorCode, message: string): Ack<never> => ({ ok: false, error: { code, message } });

/** Turns a zod failure into one readable line: "index: expected number". */
export const describeIssues = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
