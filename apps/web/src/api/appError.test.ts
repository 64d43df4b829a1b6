import { errorSchema } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { AppError, cleanServerMessage, errorFromBody, toAppError } from './appError';

describe('errorFromBody', () => {
  it('reads the API error shape', () => {
    const error = errorFromBody(409, { error: { code: 'email_taken', message: 'That e-mail is taken.' } });
    expect(error.code).toBe('email_taken');
    expect(error.message).toBe('That e-mail is taken.');
    expect(error.status).toBe(409);
  });

  it('falls back by status when the body is not the API shape', () => {
    expect(errorFromBody(401, 'nope').code).toBe('unauthorized');
    expect(errorFromBody(404, null).code).toBe('not_found');
    expect(errorFromBody(502, { error: { code: 'weird', message: 'x' } }).code).toBe('internal');
  });

  it("takes exactly what the protocol's errorSchema takes", () => {
    const candidates: unknown[] = [
      { code: 'seat_taken', message: 'taken' },
      { code: 'rate_limited', message: 'slow down', retryAfter: 3 },
      { code: 'rate_limited', message: 'slow down', retryAfter: '3' },
      { code: 'rate_limited', message: 'x', retryAfter: Number.NaN },
      { code: 'rate_limited', message: 'x', retryAfter: Number.POSITIVE_INFINITY },
      { code: 'seat_taken', message: 'x', extra: true },
      { code: 'seat_taken' },
      { code: 'no_such_code', message: 'x' },
      { code: 7, message: 'x' },
      'seat_taken',
      null,
      [],
    ];
    for (const candidate of candidates) {
      const parsed = errorSchema.safeParse(candidate);
      const error = errorFromBody(400, { error: candidate });
      expect(error.code !== 'internal', JSON.stringify(candidate)).toBe(parsed.success);
    }
  });
});

describe('toAppError', () => {
  it('keeps AppErrors and names timeouts and network failures', () => {
    const original = new AppError('seat_taken', 'taken');
    expect(toAppError(original)).toBe(original);
    expect(toAppError(new DOMException('late', 'TimeoutError')).code).toBe('timeout');
    expect(toAppError(new TypeError('Failed to fetch')).code).toBe('network');
  });
});

it('strips a leading "Validation error:"', () => {
  expect(cleanServerMessage('Validation error: id: too short')).toBe('id: too short');
  expect(cleanServerMessage('That seat is taken.')).toBe('That seat is taken.');
});

describe('retryAfter', () => {
  it('comes from the body, else from the Retry-After header', () => {
    const body = { error: { code: 'cooldown', message: 'Wait.', retryAfter: 42 } };
    expect(errorFromBody(429, body).retryAfter).toBe(42);
    expect(errorFromBody(429, { error: { code: 'cooldown', message: 'Wait.' } }, '7').retryAfter).toBe(7);
    expect(errorFromBody(429, { error: { code: 'cooldown', message: 'Wait.' } }).retryAfter).toBeUndefined();
    expect(errorFromBody(429, { error: { code: 'cooldown', message: 'Wait.', retryAfter: 0.2 } }).retryAfter).toBe(1);
  });

  it('keeps the message of an unknown code and names 403 forbidden', () => {
    const error = errorFromBody(409, { error: { code: 'conflict', message: 'Value is already assigned' } });
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Value is already assigned');
    expect(errorFromBody(403, undefined).code).toBe('forbidden');
  });
});
