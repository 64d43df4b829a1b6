import type { EditionLevel, EditionRef, Role } from '@belfry/engine';
import factsFile from '../data/characters-facts.json' with { type: 'json' };
import { roleById, roles } from './catalogue';

export interface Edition extends EditionRef {
  /** Characters of the edition (fabled and loric are added separately). */
  roles: string[];
  firstNight: string[];
  otherNight: string[];
}

/** The built-in editions. 'carousel' holds the experimental characters; 'taf' is read as Travellers and Fabled. */
const BUILT_IN: { id: string; name: string; level: EditionLevel; from: string[] }[] = [
  { id: 'tb', name: 'Trouble Brewing', level: 'beginner', from: ['tb'] },
  { id: 'bmr', name: 'Bad Moon Rising', level: 'intermediate', from: ['bmr'] },
  { id: 'snv', name: 'Sects & Violets', level: 'intermediate', from: ['snv'] },
  { id: 'carousel', name: 'Experimental characters', level: 'veteran', from: ['carousel'] },
];

const MARKERS = ['dusk', 'minioninfo', 'demoninfo', 'dawn'];

/** Night order lists (with the dusk, minion info, demon info and dawn markers) restricted to some characters. */
export const nightOrderFor = (ids: readonly string[]): { firstNight: string[]; otherNight: string[] } => {
  const wanted = new Set(ids);
  const keep = (list: string[]) => list.filter((id) => MARKERS.includes(id) || wanted.has(id));
  return { firstNight: keep(factsFile.firstNightOrder), otherNight: keep(factsFile.otherNightOrder) };
};

const build = ({ id, name, level, from }: (typeof BUILT_IN)[number]): Edition => {
  const ids = roles.filter((r) => from.includes(r.edition ?? '')).map((r) => r.id);
  return { id, name, author: '', isOfficial: true, level, roles: ids, ...nightOrderFor(ids) };
};

export const editions: Edition[] = BUILT_IN.map(build);

export const editionById = (id: string): Edition | undefined => editions.find((e) => e.id === id);

/** Edition ids the spec names: the official ones, plus custom and homebrew scripts. */
export const EDITION_IDS = ['tb', 'bmr', 'snv', 'taf', 'carousel', 'custom', 'homebrew'] as const;

export const rolesOf = (edition: Pick<Edition, 'roles'>): Role[] =>
  edition.roles.map((id) => roleById(id)).filter((r): r is Role => !!r);
