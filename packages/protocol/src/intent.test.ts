import { describe, expect, it } from 'vitest';
import { intentOf, intentOfMessage, isIntentEvent, parseClientMessage, TRANSPORT_EVENTS } from './intent';
import { CLIENT_EVENTS } from './socket';

describe('client message → engine intent (shared by the server and local games)', () => {
  it('a parsed message becomes the intent of the same name with its payload', () => {
    const parsed = parseClientMessage('updatePlayer', { index: 2, property: 'isDead', value: true });
    expect(parsed).toEqual({ ok: true, event: 'updatePlayer', data: { index: 2, property: 'isDead', value: true } });
    if (!parsed.ok) throw new Error('expected a valid message');
    const intent = {
      type: 'updatePlayer',
      index: 2,
      property: 'isDead',
      value: true,
    };
    expect(intentOfMessage(parsed)).toEqual(intent);
    expect(intentOf('updatePlayer', { index: 2, property: 'isDead', value: true })).toEqual({
      type: 'updatePlayer',
      index: 2,
      property: 'isDead',
      value: true,
    });
  });

  it('refuses unknown events and bad shapes with the codes the server answers', () => {
    expect(parseClientMessage('becomeGod', {})).toMatchObject({ ok: false, error: { code: 'unknown_event' } });
    expect(parseClientMessage('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_event' } });
    expect(parseClientMessage('claimSeat', { index: 20 })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(parseClientMessage('toggleNight', { extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });

  it('ping, getGamestate and typing are answered by the transport; every other event is an intent', () => {
    expect(TRANSPORT_EVENTS).toEqual(['ping', 'getGamestate', 'textMessageIndicator', 'updateUser']);
    const ping = parseClientMessage('ping', { sentAt: 1 });
    if (!ping.ok) throw new Error('expected a valid ping');
    expect(intentOfMessage(ping)).toBeNull();
    for (const event of CLIENT_EVENTS) expect(isIntentEvent(event)).toBe(!TRANSPORT_EVENTS.includes(event as never));
  });

  it('a seat rename carries at most 50 characters (spec 2 §5: the longest username)', () => {
    expect(parseClientMessage('renameSeat', { index: 0, name: 'x'.repeat(50) }).ok).toBe(true);
    expect(parseClientMessage('renameSeat', { index: 0, name: 'x'.repeat(51) }).ok).toBe(false);
    expect(parseClientMessage('renameSeat', { index: 20, name: 'Ann' }).ok).toBe(false);
  });
});
