import type { Alignment, Role, Seat, Team } from '@belfry/engine';

/** Spec 3 §5: a role may be chosen at most 15 times and at most the player count. */
export const MAX_COPIES = 15;
/** Spec 3 §5: the selection equals the non-traveller count, which is at least 5. */
export const MIN_DISTRIBUTION_PLAYERS = 5;

const hasSpecial = (role: Role, name: string): boolean => role.special?.some((s) => s.name === name) ?? false;

/** Selected role ids with how often each is chosen. */
export type Selection = Readonly<Record<string, number>>;

export const selectedCount = (selection: Selection): number =>
  Object.values(selection).reduce((sum, count) => sum + count, 0);

/** Seats that receive a role from the bag: all but travellers (who keep theirs). */
export const bagSeats = (seats: readonly Pick<Seat, 'role'>[]): number[] =>
  seats.flatMap((seat, index) => (seat.role?.team === 'traveller' ? [] : [index]));

/**
 * How many copies of a role may be chosen: one, or up to the player count (at most 15) for a role
 * with the bag-duplicate special or while the Atheist is chosen. Bag-disabled roles (the Drunk,
 * the Marionette…) only with the Atheist.
 */
export const maxCopies = (role: Role, selection: Selection, players: number): number => {
  const atheist = (selection.atheist ?? 0) > 0;
  if (hasSpecial(role, 'bag-disabled') && !atheist) return 0;
  if (hasSpecial(role, 'bag-duplicate') || atheist) return Math.min(MAX_COPIES, Math.max(1, players));
  return 1;
};

/** Spec 3 §2: a warning shows when setup roles (which change the distribution) are chosen. */
export const selectedSetupRoles = (selection: Selection, roles: readonly Role[]): Role[] =>
  roles.filter((role) => role.setup && (selection[role.id] ?? 0) > 0);

export type DistributionTeam = 'townsfolk' | 'outsider' | 'minion' | 'demon';

export const teamCounts = (selection: Selection, roles: readonly Role[]): Record<DistributionTeam, number> => {
  const counts: Record<DistributionTeam, number> = { townsfolk: 0, outsider: 0, minion: 0, demon: 0 };
  for (const role of roles) {
    const count = selection[role.id] ?? 0;
    if (count > 0 && role.team in counts) counts[role.team as DistributionTeam] += count;
  }
  return counts;
};

/**
 * Roles chosen more often than they may be (spec 3 §5): more than once without the bag-duplicate
 * special or the Atheist, more than the player count or 15, or a bag-disabled role without the
 * Atheist. This happens when the Atheist is taken out again or the circle shrinks meanwhile.
 */
export const overLimitRoles = (selection: Selection, roles: readonly Role[], players: number): Role[] =>
  roles.filter((role) => (selection[role.id] ?? 0) > maxCopies(role, selection, players));

/**
 * The selection with every count cut back to what is allowed (ids of no listed role and zero counts
 * go). Taking the Atheist out leaves one copy of each ordinary role and drops bag-disabled ones.
 */
export const normalizeSelection = (selection: Selection, roles: readonly Role[], players: number): Selection => {
  const out: Record<string, number> = {};
  for (const role of roles) {
    const count = Math.min(selection[role.id] ?? 0, maxCopies(role, selection, players));
    if (count > 0) out[role.id] = count;
  }
  return out;
};

/** The selection after choosing `count` copies of one role, cut back to what is allowed. */
export const withCount = (
  selection: Selection,
  id: string,
  count: number,
  roles: readonly Role[],
  players: number,
): Selection => normalizeSelection({ ...selection, [id]: Math.max(0, count) }, roles, players);

/**
 * Spec 3 §5: hand out only when exactly one character per non-traveller player is chosen, there are
 * at least 5 such players, and no role is chosen more often than allowed.
 */
export const isSelectionReady = (selection: Selection, players: number, roles: readonly Role[]): boolean =>
  players >= MIN_DISTRIBUTION_PLAYERS &&
  selectedCount(selection) === players &&
  overLimitRoles(selection, roles, players).length === 0;

/** A Fisher–Yates shuffle with the given source of randomness (tests pass a fixed one). */
export const shuffle = <T>(items: readonly T[], random: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * The `distributeRoles` payload: one entry per seat. The chosen roles go to the non-traveller seats
 * in random order, alignment none (the team's own); travellers keep their role and alignment.
 */
export const buildDistribution = (
  seats: readonly Pick<Seat, 'role' | 'alignment'>[],
  selection: Selection,
  roles: readonly Role[],
  random: () => number = Math.random,
): { role: Role | null; alignment: Alignment }[] => {
  const bag = shuffle(
    roles.flatMap((role) => Array.from({ length: selection[role.id] ?? 0 }, () => role)),
    random,
  );
  let next = 0;
  return seats.map((seat) => {
    if (seat.role?.team === 'traveller') return { role: seat.role, alignment: seat.alignment };
    return { role: bag[next++] ?? null, alignment: null };
  });
};

/** A random selection that fits the distribution table (the "fill randomly" button). */
export const randomSelection = (
  roles: readonly Role[],
  wanted: Record<DistributionTeam, number>,
  random: () => number = Math.random,
): Record<string, number> => {
  const selection: Record<string, number> = {};
  for (const team of Object.keys(wanted) as DistributionTeam[]) {
    const pool = shuffle(
      roles.filter((role) => role.team === (team as Team) && maxCopies(role, {}, 1) > 0),
      random,
    );
    for (const role of pool.slice(0, wanted[team])) selection[role.id] = 1;
  }
  return selection;
};
