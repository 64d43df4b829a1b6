import { editionById, jinxesOf, roleById, roles as catalogue, rolesOf, scriptDownload } from '@belfry/content';
import type { Role, SessionView, Team } from '@belfry/engine';

/** The order of the teams on the character sheet. */
export const SHEET_TEAMS: readonly Team[] = [
  'townsfolk',
  'outsider',
  'minion',
  'demon',
  'traveller',
  'fabled',
  'loric',
];

const FABLED_TEAMS: readonly Team[] = ['fabled', 'loric'];

export const isFabledTeam = (team: Team): boolean => FABLED_TEAMS.includes(team);

/**
 * A role with Belfry's own texts: an official character is read from the catalogue (whatever the
 * script sent along), a custom character is taken as the script defines it.
 */
export const withOwnTexts = (role: Role): Role => (role.isCustom ? role : (roleById(role.id) ?? role));

type EditionView = Pick<SessionView, 'edition' | 'script'>;

/**
 * The characters of the current edition (without fabled and loric): a custom or homebrew script's
 * own list from the view; a built-in edition's from the catalogue ('taf' is read as the travellers
 * of every set; an unknown official id as Trouble Brewing, like the rest of the app).
 */
export const editionRoles = (view: EditionView): Role[] => {
  const list = !view.edition.isOfficial
    ? view.script.map(withOwnTexts)
    : view.edition.id === 'taf'
      ? catalogue.filter((role) => role.team === 'traveller')
      : rolesOf(editionById(view.edition.id) ?? editionById('tb')!);
  return list.filter((role) => !isFabledTeam(role.team));
};

/** Spec 3 §4 Night order tabs: they show only when an edition is loaded (one with characters). */
export const isEditionLoaded = (view: EditionView): boolean => view.edition.id !== '' && editionRoles(view).length > 0;

export interface TeamGroup {
  team: Team;
  roles: Role[];
}

/** Roles grouped by team in sheet order; empty teams are left out, the script's order is kept within a team. */
export const groupByTeam = (roles: readonly Role[]): TeamGroup[] =>
  SHEET_TEAMS.map((team) => ({ team, roles: roles.filter((role) => role.team === team) })).filter(
    (group) => group.roles.length > 0,
  );

/** The sheet's characters: the edition's, then the fabled in play (their abilities matter to everyone). */
export const sheetRoles = (view: Pick<SessionView, 'edition' | 'script' | 'fabled'>): Role[] => {
  const own = editionRoles(view);
  const ids = new Set(own.map((role) => role.id));
  return [...own, ...view.fabled.filter((role) => !ids.has(role.id)).map(withOwnTexts)];
};

export interface SheetJinx {
  /** Stable and order-free: the two ids sorted, joined by '-'. */
  key: string;
  first: Role;
  second: Role;
  reason: string;
}

export const jinxKey = (a: string, b: string): string => [a, b].sort().join('-');

/**
 * The jinxes between characters present on the sheet (content `jinxesOf`), each pair once, in sheet
 * order. Custom characters have no jinx texts of ours and take part in none.
 */
export const sheetJinxes = (roles: readonly Role[]): SheetJinx[] => {
  const present = new Map(roles.filter((role) => !role.isCustom).map((role) => [role.id, role]));
  const seen = new Set<string>();
  const jinxes: SheetJinx[] = [];
  for (const role of present.values()) {
    for (const { with: other, reason } of jinxesOf(role.id)) {
      const partner = present.get(other);
      const key = jinxKey(role.id, other);
      if (!partner || !reason || seen.has(key)) continue;
      seen.add(key);
      jinxes.push({ key, first: role, second: partner, reason });
    }
  }
  return jinxes;
};

/** Jinx keys per role id, for the marks beside the names. */
export const jinxKeysByRole = (jinxes: readonly SheetJinx[]): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const jinx of jinxes) {
    for (const id of [jinx.first.id, jinx.second.id]) map.set(id, [...(map.get(id) ?? []), jinx.key]);
  }
  return map;
};

export interface SheetFile {
  fileName: string;
  json: unknown[];
}

/**
 * Spec 3 §3 Script download: only custom scripts have one (official editions none): `_meta` first,
 * the roles without fabled, then the fabled except Bootlegger and Djinn; the file name is the
 * edition name without punctuation and spaces, custom-script.json without one.
 */
export const sheetDownload = (view: Pick<SessionView, 'edition' | 'script' | 'fabled'>): SheetFile | null => {
  if (view.edition.isOfficial) return null;
  return scriptDownload(
    { name: view.edition.name, author: view.edition.author },
    editionRoles(view),
    view.fabled.map(withOwnTexts),
  );
};

/** In a browser the download is a data link (spec 3 §3). */
export const downloadHref = (file: SheetFile): string =>
  `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(file.json, null, 2))}`;

/** An almanac link only when it is a web address. */
export const almanacLink = (edition: SessionView['edition']): string | null => {
  const almanac = (edition as { almanac?: unknown }).almanac;
  return typeof almanac === 'string' && /^https?:\/\//i.test(almanac) ? almanac : null;
};

/** The typographic logo: up to three initials of the edition name's words. */
export const editionInitials = (name: string): string =>
  name
    .split(/[\s\-–—&]+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 3)
    .map((word) => word[0]!.toUpperCase())
    .join('');
