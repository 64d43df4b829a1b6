import type { TournamentFile } from '@belfry/protocol';

/** A small tournament for the tests: scripts 0–1 in group A, 2–3 in group B, made of catalogue characters. */
export const testTournament = (
  matches: TournamentFile['matches'],
  extra: Partial<TournamentFile> = {},
): TournamentFile => ({
  name: 'Test cup',
  votePeriod: 3_600_000,
  scripts: ['s0', 's1', 's2', 's3'].map((id, i) => ({
    id,
    name: `Script ${i}`,
    group: i < 2 ? 'A' : 'B',
    characters: ['chef', 'empath', 'baron', 'imp'],
  })),
  matches,
  channels: [{ name: 'Stage', url: 'https://example.org/stage' }],
  ...extra,
});
