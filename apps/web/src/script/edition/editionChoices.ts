import { editionById, rolesOf, type Edition, type LoadedScript } from '@belfry/content';
import type { EditionLevel, EditionRef, Role } from '@belfry/engine';

/** The payload of the `edition` socket event. */
export interface EditionIntent {
  edition: EditionRef;
  roles: Role[];
}

/** The published JSON Schema of scripts (spec 3 §7 links out to it). */
export const SCRIPT_SCHEMA_URL = '/script-schema.json';

/** Spec 3 §2: the official editions, and the experimental characters as a set of their own. */
export const OFFICIAL_EDITION_IDS = ['tb', 'bmr', 'snv', 'carousel'] as const;
export type OfficialEditionId = (typeof OFFICIAL_EDITION_IDS)[number];

/** Spec 3 §3 edition ids: custom for a script of known characters, homebrew when it brings its own. */
export const isCustomEdition = (id: string): boolean => id === 'custom' || id === 'homebrew';

/** Our own typographic logo of an edition (public/logos); custom scripts share one. */
export const logoUrl = (editionId: string): string =>
  (OFFICIAL_EDITION_IDS as readonly string[]).includes(editionId) ? `/logos/${editionId}.svg` : '/logos/custom.svg';

/** Difficulty shown as 1 to 3 marks. */
export const LEVEL_MARKS: Record<EditionLevel, number> = { beginner: 1, intermediate: 2, veteran: 3 };

const refOf = (edition: Edition): EditionRef => ({
  id: edition.id,
  name: edition.name,
  author: edition.author,
  isOfficial: true,
  level: edition.level,
});

/** Choosing a built-in edition sends it with its characters. */
export const officialIntent = (id: OfficialEditionId): EditionIntent => {
  const edition = editionById(id) ?? editionById('tb')!;
  return { edition: refOf(edition), roles: rolesOf(edition) };
};

/**
 * A custom script's difficulty: beginner when every character is an official Trouble Brewing one
 * (the beginners' edition), else intermediate (a homebrew script forces the session's tag anyway).
 */
export const customLevel = (roles: readonly Role[]): EditionLevel =>
  roles.length > 0 && roles.every((role) => !role.isCustom && role.edition === 'tb') ? 'beginner' : 'intermediate';

/**
 * The intent for a loaded script: its roles and fabled under the custom or homebrew id, named by its
 * metadata (else `fallbackName`); a script that fell back to tb (unknown ids) sends Trouble Brewing.
 */
export const customIntent = (loaded: LoadedScript, fallbackName: string): EditionIntent => {
  if (loaded.editionId === 'tb') return officialIntent('tb');
  return {
    edition: {
      id: loaded.editionId,
      name: (loaded.name.trim() || fallbackName).slice(0, 50),
      author: loaded.author.trim().slice(0, 50),
      isOfficial: false,
      level: customLevel(loaded.roles),
    },
    roles: [...loaded.roles, ...loaded.fabled],
  };
};
