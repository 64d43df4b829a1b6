import type { Role, RoleSpecial } from '@belfry/engine';
import texts from '../locales/en/characters.json' with { type: 'json' };
import jinxTexts from '../locales/en/jinxes.json' with { type: 'json' };
import nightTexts from '../locales/en/night.json' with { type: 'json' };
import { type CharacterFacts, characters as facts } from './facts';

interface CharacterTexts {
  ability: string;
  firstNightReminder?: string;
  otherNightReminder?: string;
}

const english = texts as Record<string, CharacterTexts>;

/** A catalogue role: the facts plus Belfry's own English texts (other languages: locale files, issue 7). */
const toRole = (fact: CharacterFacts): Role => {
  const text = english[fact.id];
  return {
    id: fact.id,
    name: fact.name,
    team: fact.team,
    edition: fact.edition,
    ability: text?.ability ?? '',
    reminders: fact.reminders,
    remindersGlobal: fact.remindersGlobal,
    firstNight: fact.firstNight,
    otherNight: fact.otherNight,
    ...(text?.firstNightReminder ? { firstNightReminder: text.firstNightReminder } : {}),
    ...(text?.otherNightReminder ? { otherNightReminder: text.otherNightReminder } : {}),
    setup: fact.setup,
    ...(fact.special ? { special: fact.special as RoleSpecial[] } : {}),
  };
};

export const roles: Role[] = facts.map(toRole);

const byId = new Map(roles.map((role) => [role.id, role]));

export const roleById = (id: string): Role | undefined => byId.get(id);

/** The jinx explanation for two characters, in either order. */
export const jinxBetween = (a: string, b: string): string | undefined =>
  (jinxTexts as Record<string, string>)[[a, b].sort().join('|')];

export const jinxesOf = (id: string): { with: string; reason: string }[] =>
  (facts.find((f) => f.id === id)?.jinxesWith ?? []).map((other) => ({
    with: other,
    reason: jinxBetween(id, other) ?? '',
  }));

/** Spec 3 §4: whether two characters of this list are jinxed with each other (the Djinn then joins). */
export const hasJinxedPair = (ids: readonly string[]): boolean => {
  const present = new Set(ids);
  return ids.some((id) => facts.find((f) => f.id === id)?.jinxesWith.some((other) => present.has(other)) ?? false);
};

export const nightMarkerText = nightTexts as Record<'dusk' | 'minioninfo' | 'demoninfo' | 'dawn', string>;
