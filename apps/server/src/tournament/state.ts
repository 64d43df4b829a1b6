import {
  ADVANCING_PER_GROUP,
  FINAL_FROM,
  KNOCKOUT_FROM,
  type MatchStage,
  type MatchState,
  POINTS_PER_MATCH,
  SEMI_FINAL_FROM,
  type StandingRow,
  type Tournament,
  type TournamentMatch,
  type TournamentPage,
} from '@belfry/protocol';

/**
 * The tournament's rules as pure functions (spec 3 §4, §9): no database, no timers; the clock is an
 * argument. The routes, the lock timer and the tests all judge with these.
 */

/** When a match's vote closes: its start plus the vote period. */
export const lockTime = (match: Pick<TournamentMatch, 'time'>, votePeriod: number): number => match.time + votePeriod;

/** upcoming before the start; active from the start for the vote period, [start, start + votePeriod); locked after. */
export const matchState = (match: Pick<TournamentMatch, 'time'>, votePeriod: number, now: number): MatchState => {
  if (now < match.time) return 'upcoming';
  return now < lockTime(match, votePeriod) ? 'active' : 'locked';
};

/** ms until the vote closes while it is open; 0 otherwise. */
export const voteRemaining = (match: Pick<TournamentMatch, 'time'>, votePeriod: number, now: number): number =>
  matchState(match, votePeriod, now) === 'active' ? lockTime(match, votePeriod) - now : 0;

/** Spec 3 §2: /worldcup is the group page before the swap date and the knockout page from it on. */
export const pathSwap = (now: number, swapDate: number | null): TournamentPage =>
  swapDate !== null && now >= swapDate ? 'knockout' : 'group';

/** The swap date of a tournament: its own, else the start of its first knockout match (never without one). */
export const swapDateOf = (tournament: Pick<Tournament, 'pathSwap' | 'playoffs'>): number | null =>
  tournament.pathSwap ??
  (tournament.playoffs.length > 0 ? Math.min(...tournament.playoffs.map((match) => match.time)) : null);

/** Spec 3 §4: going back from a match page with an index above 23 leads to the knockout page. */
/**
 * Spec 3 §3: a script's logo, clean logo, script file and PDF come from a release host. The file holds
 * a file name there (resolved against TOURNAMENT_ASSETS_URL) or a full address (kept); a file name
 * without a configured host is not shown (null), nor is anything else.
 */
export const resolveAsset = (asset: string | null, host: string | undefined): string | null => {
  if (asset === null) return null;
  if (/^https?:\/\//.test(asset)) return asset;
  return host ? `${host.replace(/\/+$/, '')}/${asset}` : null;
};

export const backTarget = (index: number): TournamentPage => (index > 23 ? 'knockout' : 'group');

/** Spec 3 §4: group below 38; 38–41 quarter finals; 42–43 semi finals; 44 and above the final. */
export const stageOf = (index: number): MatchStage => {
  if (index < KNOCKOUT_FROM) return 'group';
  if (index < SEMI_FINAL_FROM) return 'quarter';
  if (index < FINAL_FROM) return 'semi';
  return 'final';
};

/**
 * Points from the vote share (spec 3 §4 "Points come from vote share"): a match hands out 3 points,
 * split by the share of the votes, in tenths: the first side gets 3 × its share rounded to the nearest
 * tenth (halves up), the second the rest, so the two always add up to 3. A match without votes is a
 * draw, 1.5 each. Returned in tenths: [a, b] with a + b = 30.
 */
export const pointsFromVotes = (votesA: number, votesB: number): [number, number] => {
  const total = POINTS_PER_MATCH * 10;
  const all = votesA + votesB;
  if (all === 0) return [total / 2, total / 2];
  const a = Math.round((total * votesA) / all);
  return [a, total - a];
};

/** A counted match, as the standings read it. */
export interface CountedMatch {
  scripts: readonly [number, number];
  votes: readonly [number, number];
  /** In tenths. */
  points: readonly [number, number];
}

/**
 * Standings per group (spec 3 §2 leaderboard, §4 "Top two per group advance"), from the counted group
 * matches: points, then votes received, then the script's place in the file. Points are in whole
 * units here (one decimal). Groups come in the order they first appear among the scripts.
 */
export const standings = (
  scripts: readonly { group: string }[],
  counted: readonly CountedMatch[],
): { group: string; rows: StandingRow[] }[] => {
  const tally = scripts.map(() => ({ points: 0, matches: 0, votes: 0 }));
  for (const match of counted) {
    match.scripts.forEach((script, side) => {
      const row = tally[script];
      if (!row) return;
      row.points += match.points[side]!;
      row.matches += 1;
      row.votes += match.votes[side]!;
    });
  }
  const groups = [...new Set(scripts.map((script) => script.group))];
  return groups.map((group) => {
    const rows = scripts
      .map((script, index) => ({ script: index, group: script.group, ...tally[index]! }))
      .filter((row) => row.group === group)
      .sort((a, b) => b.points - a.points || b.votes - a.votes || a.script - b.script)
      .map((row, place) => ({
        script: row.script,
        points: row.points / 10,
        matches: row.matches,
        votes: row.votes,
        advances: place < ADVANCING_PER_GROUP,
      }));
    return { group, rows };
  });
};
