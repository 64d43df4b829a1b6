import type { GameRecordWire } from '@belfry/protocol';

type Entry = GameRecordWire['timeline'][number];
export type NominationEntry = Extract<Entry, { type: 'nomination' }>;

/** A seat's name in the record: its player's, else its number. */
export const seatName = (record: GameRecordWire, seat: number): string =>
  record.seats[seat]?.username || `#${seat + 1}`;

/** The timeline in sections: what happened before the first phase, then one section per phase. */
export interface TimelineSection {
  key: string;
  /** null: the setup before the first night. */
  phase: Extract<Entry, { type: 'phase' }> | null;
  entries: Entry[];
}

export const timelineSections = (timeline: readonly Entry[]): TimelineSection[] => {
  const sections: TimelineSection[] = [{ key: 'setup', phase: null, entries: [] }];
  for (const entry of timeline) {
    if (entry.type === 'phase') sections.push({ key: `phase-${entry.phase}-${entry.at}`, phase: entry, entries: [] });
    else sections.at(-1)!.entries.push(entry);
  }
  return sections.filter((section) => section.phase !== null || section.entries.length > 0);
};

/** Who raised a hand (and how many), as far as the reader may know; `hidden` counts unknown hands. */
export const votersOf = (record: GameRecordWire, entry: NominationEntry) => {
  const voters: { seat: number; name: string; hands: number }[] = [];
  let hidden = 0;
  entry.hands.forEach((hands, seat) => {
    if (hands === null) hidden += 1;
    else if (hands > 0) voters.push({ seat, name: seatName(record, seat), hands });
  });
  return { voters, hidden };
};

/** The file name of an exported record. */
export const exportFileName = (record: GameRecordWire): string => {
  const day = new Date(record.endedAt).toISOString().slice(0, 10);
  return `belfry-game-${day}-${record.id}.json`;
};
