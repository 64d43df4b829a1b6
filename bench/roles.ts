import type { Role, Team } from '@belfry/engine';

/**
 * Characters to hand out: the bench may not read the content package's catalogue, so these are made
 * up, with the catalogue's fields and about its size (a Trouble Brewing character is some 410 bytes
 * of JSON: ability, reminders, night order and night texts).
 */
const TEAMS: Team[] = [
  ...Array<Team>(9).fill('townsfolk'),
  ...Array<Team>(2).fill('outsider'),
  ...Array<Team>(3).fill('minion'),
  'demon',
  ...Array<Team>(5).fill('traveller'),
];

const text = (start: string, length: number) =>
  `${start} `.padEnd(length, 'lorem ipsum dolor sit amet ').slice(0, length);

export const benchRoles = (count: number): Role[] =>
  Array.from({ length: count }, (_, i) => {
    const team = TEAMS[i % TEAMS.length] ?? 'townsfolk';
    return {
      id: `benchrole${i}`,
      name: `Bench Role ${i}`,
      team,
      edition: 'bench',
      ability: text(`Each night, the ${team} number ${i} learns something.`, 120),
      reminders: i % 3 === 0 ? ['Poisoned'] : [],
      remindersGlobal: [],
      firstNight: i % 2 === 0 ? 20 + i : 0,
      otherNight: i % 2 === 1 ? 30 + i : 0,
      ...(i % 2 === 0 ? { firstNightReminder: text(`Wake number ${i} and show a token.`, 110) } : {}),
      ...(i % 2 === 1 ? { otherNightReminder: text(`Wake number ${i}; they point at a player.`, 110) } : {}),
      setup: false,
    };
  });
