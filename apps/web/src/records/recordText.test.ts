import type { GameRecordWire } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { exportFileName, seatName, timelineSections, votersOf } from './recordText';

const seat = (index: number, username: string) => ({
  index,
  userId: username ? `u${index}` : '',
  username,
  role: null,
  alignment: null,
  isDead: false,
});

const record: GameRecordWire = {
  format: 1,
  id: 'abc',
  script: { id: 'tb', name: 'Trouble Brewing', author: '', isOfficial: true },
  startedAt: Date.UTC(2025, 4, 3, 20, 0),
  endedAt: Date.UTC(2025, 4, 3, 21, 0),
  result: 'good',
  storytellers: [],
  seats: [seat(0, 'Ann'), seat(1, ''), seat(2, 'Cy')],
  spectators: [],
  timeline: [
    { type: 'start', at: 1, players: 3 },
    { type: 'phase', at: 2, phase: 1, isNight: true, number: 1 },
    { type: 'phase', at: 3, phase: 2, isNight: false, number: 1 },
    { type: 'death', at: 4, seat: 2 },
    {
      type: 'nomination',
      at: 5,
      phase: 2,
      nominator: 0,
      nominee: 2,
      nominationType: 'regular',
      kind: 'execution',
      majority: 2,
      hands: [2, null, 0],
      total: 3,
      secret: true,
      marked: true,
      finished: true,
    },
    { type: 'end', at: 6, isEvilWin: false },
  ],
};

describe('the record page texts', () => {
  it('names a seat by its player, else by its number from 1', () => {
    expect(seatName(record, 0)).toBe('Ann');
    expect(seatName(record, 1)).toBe('#2');
  });

  it('cuts the timeline into the setup and one section per night and day; a quiet night stays', () => {
    const sections = timelineSections(record.timeline);
    expect(sections.map((s) => [s.phase?.phase ?? 0, s.entries.map((e) => e.type)])).toEqual([
      [0, ['start']],
      [1, []],
      [2, ['death', 'nomination', 'end']],
    ]);
  });

  it('lists the hands the reader may know and counts the secret ones', () => {
    const nomination = record.timeline[4];
    if (nomination?.type !== 'nomination') throw new Error('no nomination');
    expect(votersOf(record, nomination)).toEqual({ voters: [{ seat: 0, name: 'Ann', hands: 2 }], hidden: 1 });
  });

  it('names the export by its day and id', () => {
    expect(exportFileName(record)).toBe('belfry-game-2025-05-03-abc.json');
  });
});
