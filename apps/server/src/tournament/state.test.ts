import { describe, expect, it } from 'vitest';
import { tournamentFileSchema, tournamentAnswer } from './routes';
import sample from './sample-tournament.json';
import {
  backTarget,
  lockTime,
  matchState,
  pathSwap,
  pointsFromVotes,
  resolveAsset,
  stageOf,
  standings,
  swapDateOf,
  voteRemaining,
} from './state';

describe('tournament state machine (spec 3 §4, §9; the clock is an argument)', () => {
  const match = { time: 10_000 };
  const period = 5_000;

  it('is upcoming before the start, active in [start, start + vote period), locked from then on', () => {
    expect(matchState(match, period, 0)).toBe('upcoming');
    expect(matchState(match, period, 9_999)).toBe('upcoming');
    expect(matchState(match, period, 10_000)).toBe('active');
    expect(matchState(match, period, 14_999)).toBe('active');
    expect(matchState(match, period, 15_000)).toBe('locked');
    expect(matchState(match, period, 1e15)).toBe('locked');
    expect(lockTime(match, period)).toBe(15_000);
  });

  it('counts the vote remaining only while active', () => {
    expect(voteRemaining(match, period, 9_999)).toBe(0);
    expect(voteRemaining(match, period, 10_000)).toBe(5_000);
    expect(voteRemaining(match, period, 14_999)).toBe(1);
    expect(voteRemaining(match, period, 15_000)).toBe(0);
  });

  it('swaps /worldcup from the group page to the knockout page at the swap date', () => {
    const swap = Date.UTC(2027, 2, 27, 18);
    expect(pathSwap(swap - 1, swap)).toBe('group');
    expect(pathSwap(swap, swap)).toBe('knockout');
    expect(pathSwap(swap + 86_400_000, swap)).toBe('knockout');
    expect(pathSwap(Number.MAX_SAFE_INTEGER, null)).toBe('group');
    // Without a date of its own: the start of the first knockout match.
    expect(swapDateOf({ pathSwap: null, playoffs: [{ time: 70 }, { time: 50 }] as never })).toBe(50);
    expect(swapDateOf({ pathSwap: 40, playoffs: [{ time: 50 }] as never })).toBe(40);
    expect(swapDateOf({ pathSwap: null, playoffs: [] })).toBeNull();
  });

  it('goes back to the knockout page from an index above 23, to the group page up to 23', () => {
    expect(backTarget(0)).toBe('group');
    expect(backTarget(23)).toBe('group');
    expect(backTarget(24)).toBe('knockout');
    expect(backTarget(38)).toBe('knockout');
  });

  it('numbers the stages: group below 38, 38–41 quarter, 42–43 semi, 44 and above final', () => {
    expect(stageOf(0)).toBe('group');
    expect(stageOf(37)).toBe('group');
    expect(stageOf(38)).toBe('quarter');
    expect(stageOf(41)).toBe('quarter');
    expect(stageOf(42)).toBe('semi');
    expect(stageOf(43)).toBe('semi');
    expect(stageOf(44)).toBe('final');
    expect(stageOf(99)).toBe('final');
  });

  it('splits 3 points by the vote share, in tenths, always adding up to 3', () => {
    expect(pointsFromVotes(2, 1)).toEqual([20, 10]);
    expect(pointsFromVotes(1, 2)).toEqual([10, 20]);
    expect(pointsFromVotes(5, 0)).toEqual([30, 0]);
    expect(pointsFromVotes(0, 0)).toEqual([15, 15]);
    expect(pointsFromVotes(1, 1)).toEqual([15, 15]);
    // 3 × 4/7 = 1.714… → 1.7, and the rest 1.3
    expect(pointsFromVotes(4, 3)).toEqual([17, 13]);
    for (let a = 0; a < 20; a++)
      for (let b = 0; b < 20; b++) expect(pointsFromVotes(a, b)[0] + pointsFromVotes(a, b)[1]).toBe(30);
  });

  it('ranks each group by points, then votes; the top two advance', () => {
    const scripts = [{ group: 'A' }, { group: 'A' }, { group: 'A' }, { group: 'B' }, { group: 'B' }];
    const table = standings(scripts, [
      { scripts: [0, 1], votes: [1, 2], points: [10, 20] },
      { scripts: [1, 2], votes: [3, 1], points: [23, 7] },
      { scripts: [0, 2], votes: [4, 0], points: [30, 0] },
      { scripts: [3, 4], votes: [0, 0], points: [15, 15] },
    ]);
    expect(table.map((group) => group.group)).toEqual(['A', 'B']);
    expect(table[0]!.rows).toEqual([
      { script: 1, points: 4.3, matches: 2, votes: 5, advances: true },
      { script: 0, points: 4, matches: 2, votes: 5, advances: true },
      { script: 2, points: 0.7, matches: 2, votes: 1, advances: false },
    ]);
    expect(table[1]!.rows.map((row) => [row.script, row.points, row.advances])).toEqual([
      [3, 1.5, true],
      [4, 1.5, true],
    ]);
  });

  it("gives Belfry's sample tournament 16 scripts in 4 groups, 24 group matches and a full knockout", () => {
    expect(sample.scripts).toHaveLength(16);
    expect(new Set(sample.scripts.map((s) => s.group))).toEqual(new Set(['A', 'B', 'C', 'D']));
    expect(sample.matches.map((m) => m.index)).toEqual([...Array(24).keys()]);
    expect(sample.playoffs.map((m) => stageOf(m.index))).toEqual([
      'quarter',
      'quarter',
      'quarter',
      'quarter',
      'semi',
      'semi',
      'final',
    ]);
  });

  it('resolves assets by file name against the release host; full addresses stay; without a host, none', () => {
    const host = 'https://assets.example.org/cup/';
    expect(resolveAsset('lantern-row/logo.webp', host)).toBe('https://assets.example.org/cup/lantern-row/logo.webp');
    expect(resolveAsset('https://cdn.example.org/x.pdf', host)).toBe('https://cdn.example.org/x.pdf');
    expect(resolveAsset('lantern-row/logo.webp', undefined)).toBeNull();
    expect(resolveAsset(null, host)).toBeNull();

    const file = tournamentFileSchema.parse({
      ...sample,
      scripts: sample.scripts.map((script, i) =>
        i === 0
          ? {
              ...script,
              assets: {
                logo: 'lantern-row/logo.webp',
                logoClean: null,
                script: null,
                pdf: 'https://cdn.example.org/lr.pdf',
              },
            }
          : script,
      ),
      channels: [{ ...sample.channels[0]!, logo: 'stage.webp' }, sample.channels[1]!],
    });
    const answer = tournamentAnswer(file, new Map(), {}, 0, host);
    expect(answer.scripts[0]!.assets).toEqual({
      logo: 'https://assets.example.org/cup/lantern-row/logo.webp',
      logoClean: null,
      script: null,
      pdf: 'https://cdn.example.org/lr.pdf',
    });
    expect(answer.channels[0]!.logo).toBe('https://assets.example.org/cup/stage.webp');
    expect(tournamentAnswer(file, new Map(), {}, 0).scripts[0]!.assets.logo).toBeNull();
  });
});
