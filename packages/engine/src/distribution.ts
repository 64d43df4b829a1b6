/**
 * Spec 1 §5 / spec 3 §5: the character distribution for 5 to 15 non-traveller players
 * (townsfolk / outsiders / minions / demons). Outside that range the counts are unknown ('?').
 */
export interface Distribution {
  townsfolk: number;
  outsider: number;
  minion: number;
  demon: number;
}

const TABLE: Record<number, [number, number, number, number]> = {
  5: [3, 0, 1, 1],
  6: [3, 1, 1, 1],
  7: [5, 0, 1, 1],
  8: [5, 1, 1, 1],
  9: [5, 2, 1, 1],
  10: [7, 0, 2, 1],
  11: [7, 1, 2, 1],
  12: [7, 2, 2, 1],
  13: [9, 0, 3, 1],
  14: [9, 1, 3, 1],
  15: [9, 2, 3, 1],
};

/** Non-traveller players are capped at 15 (spec 1 §5). */
export const MAX_NON_TRAVELLERS = 15;

export const distributionFor = (nonTravellers: number): Distribution | null => {
  const row = TABLE[nonTravellers];
  if (!row) return null;
  const [townsfolk, outsider, minion, demon] = row;
  return { townsfolk, outsider, minion, demon };
};
