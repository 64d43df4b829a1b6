import { emptySeat, type Seat, type SessionView } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { seatView } from './seatView';

const imp = { id: 'imp', name: 'Imp', team: 'demon' as const };
const beggar = { id: 'beggar', name: 'Beggar', team: 'traveller' as const };

const viewOf = (seats: Partial<Seat>[], viewer: Partial<SessionView['viewer']> = {}): SessionView =>
  ({
    seats: seats.map((seat) => ({ ...emptySeat(), ...seat })),
    viewer: { id: 'me', role: 'storyteller', seat: -1, grimoireAccess: true, ...viewer },
  }) as SessionView;

describe('what a seat shows', () => {
  const view = viewOf([
    { role: imp, alignment: 'e', status: ['open-eyes'] },
    { role: beggar, alignment: 'g' },
    { role: imp, revealed: true, alignment: 'e' },
  ]);

  it('shows the grimoire to the Storyteller', () => {
    expect(seatView(view, 0, false)).toEqual({
      role: imp,
      alignment: 'e',
      reminders: true,
      eyes: 'open-eyes',
      secrets: true,
    });
  });

  it('keeps only travellers and revealed characters in the town-square view', () => {
    expect(seatView(view, 0, true)).toMatchObject({ role: null, alignment: null, eyes: null, secrets: false });
    expect(seatView(view, 1, true)).toMatchObject({ role: beggar, alignment: null });
    expect(seatView(view, 2, true)).toMatchObject({ role: imp, alignment: 'e' });
  });

  it('shows a player their own seat\u2019s secrets only', () => {
    const player = viewOf([{ role: imp, status: ['peek-eyes'] }, { status: [] }], {
      role: 'player',
      seat: 0,
      grimoireAccess: false,
    });
    expect(seatView(player, 0, false)).toMatchObject({ role: imp, eyes: 'peek-eyes', secrets: true });
    expect(seatView(player, 1, false)).toMatchObject({ secrets: false, eyes: null });
  });
});
