import type { Team } from '@belfry/engine';
import facts from '../data/characters-facts.json' with { type: 'json' };

/** Facts about one character as given in data/characters-facts.json (no ability texts: issue 7 adds ours). */
export interface CharacterFacts {
  id: string;
  name: string;
  team: Team;
  edition: string;
  firstNight: number;
  otherNight: number;
  reminders: string[];
  remindersGlobal: string[];
  setup: boolean;
  jinxesWith: string[];
  special?: unknown;
}

export const characters = facts.characters as CharacterFacts[];

const byId = new Map(characters.map((c) => [c.id, c]));

export const characterById = (id: string): CharacterFacts | undefined => byId.get(id);
