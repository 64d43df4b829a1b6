import { editionById, nightOrderFor, roles, rolesOf, type Edition } from '@belfry/content';
import type { Alignment, Role, SessionView } from '@belfry/engine';

/** A custom or homebrew script carries its characters in the view (`script`). */
type EditionSource = Pick<SessionView, 'edition'> & Partial<Pick<SessionView, 'script'>>;
const isScript = (view: EditionSource): boolean => view.edition.id === 'custom' || view.edition.id === 'homebrew';

/** The session's edition from the catalogue, or the custom script's; Trouble Brewing otherwise. */
export const editionOf = (view: EditionSource): Edition => {
  const builtIn = editionById(view.edition.id);
  if (builtIn) return builtIn;
  if (!isScript(view) || !view.script) return editionById('tb')!;
  const ids = view.script.map((role) => role.id);
  return { ...view.edition, roles: ids, ...nightOrderFor(ids) };
};

/** The edition's characters: a custom script's own (homebrew ones included), else the catalogue's. */
const editionRoles = (view: EditionSource): Role[] =>
  isScript(view) && view.script ? view.script : rolesOf(editionOf(view));

/** The script's characters, without travellers, fabled and loric. */
export const scriptCharacters = (view: EditionSource): Role[] =>
  editionRoles(view).filter((role) => !['traveller', 'fabled', 'loric'].includes(role.team));

/** Travellers: the script's own first, then every other from the catalogue. */
export const travellers = (view: EditionSource): Role[] => {
  const own = editionRoles(view).filter((role) => role.team === 'traveller');
  const ownIds = new Set(own.map((role) => role.id));
  return [...own, ...roles.filter((role) => role.team === 'traveller' && !ownIds.has(role.id))];
};

/** What the role picker offers. */
export const pickerPool = (view: EditionSource): Role[] => [...scriptCharacters(view), ...travellers(view)];

const TEAM_ORDER = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller', 'fabled', 'loric'];
export const byTeam = (a: Role, b: Role): number => TEAM_ORDER.indexOf(a.team) - TEAM_ORDER.indexOf(b.team);

/** A team's own alignment: good for townsfolk and outsiders, evil for minions and demons, none otherwise. */
export const teamAlignment = (team: Role['team']): Alignment =>
  team === 'townsfolk' || team === 'outsider' ? 'g' : team === 'minion' || team === 'demon' ? 'e' : null;

/** The alignment a token shows: the seat's, else its team's. */
export const shownAlignment = (role: Role | null, alignment: Alignment): Alignment =>
  alignment ?? (role ? teamAlignment(role.team) : null);
