import type { MatchAnswer, TournamentAnswer } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import {
  currentPage,
  knockoutRounds,
  matchesOnPage,
  nextChangeIn,
  pageCount,
  pageFromQuery,
  pagePath,
  parseMatchParam,
  REFRESH_AFTER_CHANGE_MS,
  voteErrorKey,
  voteShares,
  withVote,
} from './tournamentRules';

const match = (index: number, state: MatchAnswer['state'], time = 0, lockAt = 0): MatchAnswer => ({
  index,
  time,
  lockAt,
  scripts: [0, 1],
  channel: null,
  link: null,
  stage: index < 38 ? 'group' : index < 42 ? 'quarter' : index < 44 ? 'semi' : 'final',
  state,
  voteRemaining: 0,
  results: null,
  tally: null,
  back: index > 23 ? 'knockout' : 'group',
  voted: false,
});

const answer = (matches: MatchAnswer[], playoffs: MatchAnswer[] = []): TournamentAnswer => ({
  name: 'Cup',
  votePeriod: 1000,
  pathSwap: null,
  page: 'group',
  serverTime: 0,
  scripts: [],
  matches,
  playoffs,
  channels: [],
  standings: [],
  votes: {},
});

describe('tournament pages (spec 3 §2, §4, §9)', () => {
  it('reads a match index from the path: whole numbers only', () => {
    expect(parseMatchParam('0')).toBe(0);
    expect(parseMatchParam('44')).toBe(44);
    for (const bad of [undefined, '', '-1', '01', '1.5', 'group', '1e2', '1000'])
      expect(parseMatchParam(bad)).toBeNull();
  });

  it('swaps the paths: the page /worldcup shows now is /worldcup, the other keeps its alias', () => {
    expect(pagePath('group', 'group')).toBe('/worldcup');
    expect(pagePath('knockout', 'group')).toBe('/worldcup/knockout');
    expect(pagePath('knockout', 'knockout')).toBe('/worldcup');
    expect(pagePath('group', 'knockout')).toBe('/worldcup/group');
  });

  it('shows six matches a page and opens on the page of the first match still to be decided', () => {
    const matches = Array.from({ length: 24 }, (_, i) =>
      match(i, i < 13 ? 'locked' : i === 13 ? 'active' : 'upcoming'),
    );
    expect(pageCount(matches)).toBe(4);
    expect(matchesOnPage(matches, 1).map((m) => m.index)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(currentPage(matches)).toBe(2);
    expect(currentPage(matches.map((m) => ({ ...m, state: 'locked' as const })))).toBe(3);
    expect(pageCount([])).toBe(1);
    expect(pageFromQuery('4', 4)).toBe(3);
    for (const bad of [null, '0', '5', 'x', '-1']) expect(pageFromQuery(bad, 4)).toBeNull();
  });

  it('puts 38–41 in the quarter finals, 42–43 in the semi finals and 44 on in the final', () => {
    const rounds = knockoutRounds([45, 44, 43, 42, 41, 38].map((i) => match(i, 'upcoming')));
    expect(rounds.map((round) => [round.stage, round.matches.map((m) => m.index)])).toEqual([
      ['quarter', [38, 41]],
      ['semi', [42, 43]],
      ['final', [44, 45]],
    ]);
  });

  it('shows vote shares in whole percent adding up to 100, none without votes', () => {
    expect(voteShares([2, 1])).toEqual([67, 33]);
    expect(voteShares([0, 5])).toEqual([0, 100]);
    expect(voteShares([0, 0])).toBeNull();
    expect(voteShares(null)).toBeNull();
  });

  it('reads again just after the next start or lock, unless it is hours away', () => {
    const list = answer([match(0, 'locked', 0, 500), match(1, 'upcoming', 10_000, 20_000)]);
    expect(nextChangeIn(list, 1_000)).toBe(9_000 + REFRESH_AFTER_CHANGE_MS);
    expect(nextChangeIn(list, 15_000)).toBe(5_000 + REFRESH_AFTER_CHANGE_MS);
    expect(nextChangeIn(list, 25_000)).toBeNull();
    expect(nextChangeIn(answer([match(0, 'upcoming', 7 * 3_600_000, 8 * 3_600_000)]), 0)).toBeNull();
  });

  it("records the caller's vote and clears it with null", () => {
    const voted = withVote(answer([match(3, 'active')], [match(40, 'active')]), 40, 1);
    expect(voted.votes).toEqual({ 40: 1 });
    expect(voted.playoffs[0]!.voted).toBe(true);
    expect(voted.matches[0]!.voted).toBe(false);
    const cleared = withVote(voted, 40, null);
    expect(cleared.votes).toEqual({});
    expect(cleared.playoffs[0]!.voted).toBe(false);
  });

  it("names the spec's vote errors and words anything else as the generic failure (spec 3 §8)", () => {
    expect(voteErrorKey('votelocked')).toBe('errors.codes.votelocked');
    expect(voteErrorKey('voteupcoming')).toBe('errors.codes.voteupcoming');
    expect(voteErrorKey('newuser')).toBe('errors.codes.newuser');
    expect(voteErrorKey('internal')).toBe('tournament.vote.error_generic');
    expect(voteErrorKey('bad_request')).toBe('tournament.vote.error_generic');
  });
});
