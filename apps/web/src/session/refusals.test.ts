import { describe, expect, it } from 'vitest';
import { closedTexts, joinRefusalHandling } from './refusals';

describe('join refusals (spec 2 §4 Joining)', () => {
  it('subscription_needed is an alert; phone_verification_needed opens the verification', () => {
    expect(joinRefusalHandling('subscription_needed')).toEqual({ kind: 'subscription' });
    expect(joinRefusalHandling('phone_verification_needed')).toEqual({ kind: 'phone' });
  });

  it('the others are a dialogue saying why', () => {
    for (const code of ['session_full', 'forced_private', 'banned_from_session', 'not_found']) {
      expect(joinRefusalHandling(code)).toEqual({ kind: 'dialog', textKey: `join_refused.${code}` });
    }
    expect(joinRefusalHandling('internal')).toEqual({ kind: 'dialog', textKey: 'join_refused.other' });
  });

  it('closed codes have their own texts', () => {
    expect(closedTexts('kicked')).toEqual({
      titleKey: 'session_closed.kicked_title',
      textKey: 'session_closed.kicked_text',
    });
    expect(closedTexts('subscription_needed').textKey).toBe('session_closed.subscription_needed_text');
    expect(closedTexts('whatever').titleKey).toBe('session_closed.other_title');
  });
});
