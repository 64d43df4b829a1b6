import { editionById, roles, rolesOf, type Edition } from '@belfry/content';
import type { Alignment, Role, SessionView } from '@belfry/engine';

/** The session's edition from the catalogue; Trouble Brewing when it is not a built-in one. */
export const editionOf = (view: Pick<SessionView, 'edition'>): Edition =>
  editionById(view.edition.id) ?? editionById('tb')!;

/** The script's characters, without travellers, fabled and loric. */
export const scriptCharacters = (view: Pick<SessionView, 'edition'>): Role[] =>
  rolesOf(editionOf(view)).filter((role) => !['traveller', 'fabled', 'loric'].includes(role.team));

/** Travellers: the script's own first, then every other from the catalogue. */
export const travellers = (view: Pick<SessionView, 'edition'>): Role[] => {
  const own = rolesOf(editionOf(view)).filter((role) => role.team === 'traveller');
  const ownIds = new Set(own.map((role) => role.id));
  return [...own, ...roles.filter((role) => role.team === 'traveller' && !ownIds.has(role.id))];
};

/** What the role picker offers. */
export const pickerPool = (view: Pick<SessionView, 'edition'>): Role[] => [
  ...scriptCharacters(view),
  ...travellers(view),
];

const TEAM_ORDER = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller', 'fabled', 'loric'];
export const byTeam = (a: Role, b: Role): number => TEAM_ORDER.indexOf(a.team) - TEAM_ORDER.indexOf(b.team);

/** A team's own alignment: good for townsfolk and outsiders, evil for minions and demons, none otherwise. */
export const teamAlignment = (team: Role['team']): Alignment =>
  team === 'townsfolk' || team === 'outsider' ? 'g' : team === 'minion' || team === 'demon' ? 'e' : null;

/** The alignment a token shows: the seat's, else its team's. */
export const shownAlignment = (role: Role | null, alignment: Alignment): Alignment =>
  alignment ?? (role ? teamAlignment(role.team) : null);
