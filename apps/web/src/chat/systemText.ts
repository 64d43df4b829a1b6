import { dayNumber, isNightPhase, nightNumber, type TextMessage } from '@belfry/engine';

export interface KeyText {
  key: string;
  params: Record<string, string | number>;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/**
 * Spec 2 §3 system messages by type: start, seat_claim, seat_empty, seat_vacate, phase (night or
 * day N), end (good or evil won); anything else a generic line.
 */
export const systemMessageText = (message: TextMessage, nameOf: (id: string) => string): KeyText => {
  const data = message.data ?? {};
  const seat = num(data.index) + 1;
  switch (message.type) {
    case 'start':
      return { key: 'chat.system.start', params: { count: num(data.players) } };
    case 'seat_claim':
      return { key: 'chat.system.seat_claim', params: { name: nameOf(str(data.id)), seat } };
    case 'seat_empty':
      return { key: 'chat.system.seat_empty', params: { name: nameOf(str(data.id)), seat } };
    case 'seat_vacate':
      return { key: 'chat.system.seat_vacate', params: { name: nameOf(str(data.id)), seat } };
    case 'phase': {
      const phase = num(data.phase);
      if (phase === 0) return { key: 'chat.system.setup', params: {} };
      return isNightPhase(phase)
        ? { key: 'chat.system.night', params: { count: nightNumber(phase) } }
        : { key: 'chat.system.day', params: { count: dayNumber(phase) } };
    }
    case 'end':
      return { key: data.isEvilWin === true ? 'chat.system.end_evil' : 'chat.system.end_good', params: {} };
    default:
      return { key: 'chat.system.other', params: { type: message.type ?? '' } };
  }
};

/** A whisper between two other people: only that it happened (the envelope). */
export const envelopeText = (message: TextMessage, nameOf: (id: string) => string): KeyText => ({
  key: 'chat.whispered',
  params: { from: nameOf(message.senderId), to: nameOf(message.recipientId) },
});
