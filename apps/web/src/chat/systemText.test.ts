import { describe, expect, it } from 'vitest';
import { envelopeText, systemMessageText } from './systemText';
import { msg } from '../session/testView';

const names = (id: string) => id.toUpperCase();
const sys = (type: string, data: Record<string, unknown>) => msg('', 'system', 0, { isSystem: true, type, data });

describe('system messages (spec 2 §3)', () => {
  it('names the seat (1-based) and the person', () => {
    expect(systemMessageText(sys('seat_claim', { index: 0, id: 'p1' }), names)).toEqual({
      key: 'chat.system.seat_claim',
      params: { name: 'P1', seat: 1 },
    });
    expect(systemMessageText(sys('seat_vacate', { index: 2, id: 'p3' }), names).key).toBe('chat.system.seat_vacate');
    expect(systemMessageText(sys('seat_empty', { index: 2, id: 'p3' }), names).key).toBe('chat.system.seat_empty');
  });

  it('says night N for odd phases and day N for even ones', () => {
    expect(systemMessageText(sys('phase', { phase: 1 }), names)).toEqual({
      key: 'chat.system.night',
      params: { count: 1 },
    });
    expect(systemMessageText(sys('phase', { phase: 4 }), names)).toEqual({
      key: 'chat.system.day',
      params: { count: 2 },
    });
    expect(systemMessageText(sys('phase', { phase: 5 }), names)).toEqual({
      key: 'chat.system.night',
      params: { count: 3 },
    });
  });

  it('tells start and which team won', () => {
    expect(systemMessageText(sys('start', { players: 7 }), names)).toEqual({
      key: 'chat.system.start',
      params: { count: 7 },
    });
    expect(systemMessageText(sys('end', { isEvilWin: true }), names).key).toBe('chat.system.end_evil');
    expect(systemMessageText(sys('end', { isEvilWin: false }), names).key).toBe('chat.system.end_good');
  });

  it('shows someone else\u2019s whisper only as an envelope', () => {
    expect(envelopeText(msg('p1', 'p2', 0, { redacted: true }), names)).toEqual({
      key: 'chat.whispered',
      params: { from: 'P1', to: 'P2' },
    });
  });
});
