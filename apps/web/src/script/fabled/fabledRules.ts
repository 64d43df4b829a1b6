import { jinxBetween, roles as catalogue } from '@belfry/content';
import type { Role, Seat, SessionView } from '@belfry/engine';

/** The fabled picker's characters: every fabled, then every loric, from the catalogue. */
export const FABLED_POOL: readonly Role[] = [
  ...catalogue.filter((role) => role.team === 'fabled'),
  ...catalogue.filter((role) => role.team === 'loric'),
];

/** Whether two of the script's characters jinx each other (then the Djinn is the script's own). */
export const isScriptJinxed = (roles: readonly Role[]): boolean => {
  const ids = roles.filter((role) => !role.isCustom).map((role) => role.id);
  return ids.some((a, i) => ids.slice(i + 1).some((b) => jinxBetween(a, b) !== undefined));
};

export interface FabledContext {
  editionId: string;
  /** The script has a jinx between two of its characters. */
  jinxed: boolean;
  /** Ids of the fabled in play. */
  inPlay: readonly string[];
}

export type FabledBlock = 'homebrew' | 'jinxed' | 'present';

/**
 * Spec 3 §4 Fabled: the Bootlegger is disabled when homebrew is in use, the Djinn when the script
 * is jinxed, the Gardener when one is present already. null: free to choose.
 */
export const fabledBlock = (id: string, context: FabledContext): FabledBlock | null => {
  if (id === 'bootlegger' && context.editionId === 'homebrew') return 'homebrew';
  if (id === 'djinn' && context.jinxed) return 'jinxed';
  if (id === 'gardener' && context.inPlay.includes('gardener')) return 'present';
  return null;
};

/**
 * Removal is the Storyteller's and blocked for disabled entries: the Bootlegger of a homebrew
 * script and the Djinn of a jinxed one come with the script. (A Gardener in play is "disabled" only
 * as a second pick: removing it stays possible, or nothing could.)
 */
export const canRemoveFabled = (id: string, context: FabledContext, isStoryteller: boolean): boolean => {
  if (!isStoryteller) return false;
  const block = fabledBlock(id, context);
  return block === null || block === 'present';
};

/** Whether the picker may add it: not in play yet and not disabled. */
export const canAddFabled = (id: string, context: FabledContext): boolean =>
  !context.inPlay.includes(id) && fabledBlock(id, context) === null;

export type FabledAbility = 'distribute-roles' | 'ghost-votes' | 'pointing';

const ABILITIES: readonly FabledAbility[] = ['distribute-roles', 'ghost-votes', 'pointing'];

/** Spec 3 §4 Fabled abilities the Storyteller can use from a token: from the character's specials. */
export const fabledAbilities = (role: Role): FabledAbility[] =>
  (role.special ?? []).flatMap((s) =>
    s.type === 'ability' && ABILITIES.includes(s.name as FabledAbility) ? [s.name as FabledAbility] : [],
  );

/** Spec 3 §4: clearing ghost votes gives every voteless player their vote back. */
export const votelessSeats = (seats: readonly Seat[]): number[] =>
  seats.flatMap((seat, index) => (seat.isVoteless ? [index] : []));

/** Spec 3 §3 / §9: bluffs are three. */
export const BLUFF_COUNT = 3;

/**
 * Spec 3 §5: the Storyteller's bluff choices exclude traveller, minion and demon roles (and fabled
 * or loric) and roles already in play; the bluffs in the other two slots are not offered twice.
 */
export const bluffCandidates = (
  roles: readonly Role[],
  seats: readonly Seat[],
  bluffs: readonly (Role | null)[],
  slot: number,
): Role[] => {
  const inPlay = new Set(seats.flatMap((seat) => (seat.role ? [seat.role.id] : [])));
  const taken = new Set(bluffs.flatMap((bluff, at) => (bluff && at !== slot ? [bluff.id] : [])));
  return roles.filter(
    (role) =>
      !['traveller', 'minion', 'demon', 'fabled', 'loric'].includes(role.team) &&
      !inPlay.has(role.id) &&
      !taken.has(role.id),
  );
};

/** The three bluffs with one slot replaced. */
export const withBluff = (bluffs: readonly (Role | null)[], slot: number, role: Role | null): (Role | null)[] =>
  Array.from({ length: BLUFF_COUNT }, (_, at) => (at === slot ? role : (bluffs[at] ?? null)));

/** Spec 3 §9: player-count thresholds 6 and 7. */
export const BLUFF_PLAYERS_ABOVE = 6;
export const BLUFF_SMALL_GAME_MAX = 7;

/**
 * Spec 3 §4 Bluff visibility: a seated non-Storyteller with the player-bluffs setting; a Storyteller
 * with seven or fewer players including a Snitch or Summoner; or, with more than six players or a
 * Toymaker fabled, a Storyteller, a grimoire holder or the Demon. (The server sends each viewer only
 * the bluffs they may see; this decides whether the tab shows.)
 */
export const bluffsVisible = (view: SessionView, playerBluffsSetting: boolean): boolean => {
  const storyteller = view.viewer.role === 'storyteller';
  const seated = view.viewer.seat >= 0;
  if (seated && !storyteller && playerBluffsSetting) return true;
  const players = view.seats.length;
  const roleIds = view.seats.map((seat) => seat.role?.id);
  if (storyteller && players <= BLUFF_SMALL_GAME_MAX && (roleIds.includes('snitch') || roleIds.includes('summoner')))
    return true;
  const bigEnough = players > BLUFF_PLAYERS_ABOVE || view.fabled.some((f) => f.id === 'toymaker');
  const demon = seated && view.seats[view.viewer.seat]?.role?.team === 'demon';
  return bigEnough && (storyteller || view.viewer.grimoireAccess || demon);
};
