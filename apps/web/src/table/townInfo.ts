import { distributionFor, MAX_NON_TRAVELLERS, type Distribution, type Seat } from '@belfry/engine';

/** Spec 1 §2 Town info: the table shows from 5 non-traveller players on; fewer get the gather hint. */
export const TOWN_TABLE_MIN_PLAYERS = 5;

export interface TownCounts {
  /** Seats whose character is not a traveller (empty seats count: they are places in the circle). */
  players: number;
  travellers: number;
  alive: number;
  total: number;
  /** Townsfolk, outsiders, minions and demons for the non-traveller count (capped at 15); null outside 5 to 15. */
  distribution: Distribution | null;
}

export const isTraveller = (seat: Pick<Seat, 'role'>): boolean => seat.role?.team === 'traveller';

export const townCounts = (seats: readonly Pick<Seat, 'role' | 'isDead'>[]): TownCounts => {
  const travellers = seats.filter(isTraveller).length;
  const players = seats.length - travellers;
  return {
    players,
    travellers,
    alive: seats.filter((seat) => !seat.isDead).length,
    total: seats.length,
    distribution: distributionFor(Math.min(players, MAX_NON_TRAVELLERS)),
  };
};

/** The distribution cell: a number, or a question mark outside 5 to 15 players (spec 1 §5). */
export const distributionCell = (distribution: Distribution | null, team: keyof Distribution): string =>
  distribution ? String(distribution[team]) : '?';

export const DISTRIBUTION_TEAMS = [
  'townsfolk',
  'outsider',
  'minion',
  'demon',
] as const satisfies readonly (keyof Distribution)[];
