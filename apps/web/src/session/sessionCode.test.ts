import { describe, expect, it } from 'vitest';
import { checkJoinCode } from './sessionCode';

describe('checkJoinCode (spec 2 §4: trimmed, lower-cased, max 20, min 3)', () => {
  it('normalizes the code', () => {
    expect(checkJoinCode('  MyGame ')).toEqual({ ok: true, code: 'mygame' });
    expect(checkJoinCode('a'.repeat(25))).toEqual({ ok: true, code: 'a'.repeat(20) });
  });

  it('refuses codes shorter than 3 and odd characters', () => {
    expect(checkJoinCode(' ab ')).toEqual({ ok: false, reason: 'too_short' });
    expect(checkJoinCode('')).toEqual({ ok: false, reason: 'too_short' });
    expect(checkJoinCode('a/b/c')).toEqual({ ok: false, reason: 'invalid' });
  });
});
