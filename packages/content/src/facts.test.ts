import { TEAMS } from '@belfry/engine';
import { expect, it } from 'vitest';
import { characterById, characters } from './facts';

it('holds all 181 characters, each with a known team and a unique id', () => {
  expect(characters).toHaveLength(181);
  expect(new Set(characters.map((c) => c.id)).size).toBe(181);
  for (const c of characters) expect(TEAMS).toContain(c.team);
  expect(characterById('chef')?.name).toBe('Chef');
});
