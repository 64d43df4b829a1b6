import {
  MATCHES_PER_PAGE,
  type MatchAnswer,
  type MatchStage,
  type TournamentAnswer,
  type TournamentPage,
} from '@belfry/protocol';
import { PATHS } from '../routing/paths';

/** Every match, group stage first, by index. */
export const allMatches = (answer: TournamentAnswer): MatchAnswer[] =>
  [...answer.matches, ...answer.playoffs].sort((a, b) => a.index - b.index);

export const matchByIndex = (answer: TournamentAnswer, index: number): MatchAnswer | undefined =>
  allMatches(answer).find((match) => match.index === index);

/** `/worldcup/{match}`: a whole number without sign or leading zeros, else no match. */
export const parseMatchParam = (raw: string | undefined): number | null =>
  raw !== undefined && /^(0|[1-9]\d{0,2})$/.test(raw) ? Number(raw) : null;

/**
 * Spec 3 §2 path swap: the page `/worldcup` shows now is reached by that short path, the other by
 * its own alias (`/worldcup/group` or `/worldcup/knockout`), so links never lead through a redirect.
 */
export const pagePath = (target: TournamentPage, current: TournamentPage): string =>
  target === current ? PATHS.tournament : target === 'group' ? PATHS.tournamentGroup : PATHS.tournamentKnockout;

/** The answer with the caller's vote on one match set (null: cleared). */
export const withVote = (answer: TournamentAnswer, match: number, choice: number | null): TournamentAnswer => {
  const votes = { ...answer.votes };
  if (choice === null) delete votes[String(match)];
  else votes[String(match)] = choice;
  const mark = (list: MatchAnswer[]) => list.map((m) => (m.index === match ? { ...m, voted: choice !== null } : m));
  return { ...answer, votes, matches: mark(answer.matches), playoffs: mark(answer.playoffs) };
};

export const pageCount = (matches: readonly MatchAnswer[]): number =>
  Math.max(1, Math.ceil(matches.length / MATCHES_PER_PAGE));

/** Spec 3 §9: six matches a page. */
export const matchesOnPage = (matches: readonly MatchAnswer[], page: number): MatchAnswer[] =>
  matches.slice(page * MATCHES_PER_PAGE, (page + 1) * MATCHES_PER_PAGE);

/** The page a visitor lands on: the one with the first match still to be decided, else the last. */
export const currentPage = (matches: readonly MatchAnswer[]): number => {
  const open = matches.findIndex((match) => match.state !== 'locked');
  return open === -1 ? pageCount(matches) - 1 : Math.floor(open / MATCHES_PER_PAGE);
};

/** `?page=2` (1-based) within range, else null. */
export const pageFromQuery = (raw: string | null, count: number): number | null => {
  if (raw === null || !/^[1-9]\d{0,2}$/.test(raw)) return null;
  const page = Number(raw) - 1;
  return page < count ? page : null;
};

export interface Round {
  stage: Exclude<MatchStage, 'group'>;
  matches: MatchAnswer[];
}

/** The knockout page: quarter finals (38–41), semi finals (42–43), final (44 and above); empty rounds kept. */
export const knockoutRounds = (playoffs: readonly MatchAnswer[]): Round[] =>
  (['quarter', 'semi', 'final'] as const).map((stage) => ({
    stage,
    matches: playoffs.filter((match) => match.stage === stage).sort((a, b) => a.index - b.index),
  }));

/** Each side's share of the votes in whole percent (adding up to 100), or null without votes. */
export const voteShares = (tally: readonly [number, number] | null): [number, number] | null => {
  if (!tally || tally[0] + tally[1] === 0) return null;
  const first = Math.round((tally[0] * 100) / (tally[0] + tally[1]));
  return [first, 100 - first];
};

/** A little after the next start or lock the page reads again, so states change while it is open. */
export const REFRESH_AFTER_CHANGE_MS = 1_500;
/** Timers further out than this are not set (the page reads again when it is opened next). */
const LONGEST_WAIT_MS = 6 * 3_600_000;

/** ms until the next start or lock after `now` (server time), or null when none is near. */
export const nextChangeIn = (answer: TournamentAnswer, now: number): number | null => {
  const times = allMatches(answer)
    .flatMap((match) => [match.time, match.lockAt])
    .filter((time) => time > now);
  if (times.length === 0) return null;
  const wait = Math.min(...times) - now + REFRESH_AFTER_CHANGE_MS;
  return wait <= LONGEST_WAIT_MS ? wait : null;
};

/** Spec 3 §8: the vote errors the page names; anything else is the generic vote failure. */
export const VOTE_ERROR_CODES = ['votelocked', 'voteupcoming', 'newuser', 'rate_limited'] as const;

export const voteErrorKey = (code: string): string =>
  (VOTE_ERROR_CODES as readonly string[]).includes(code) ? `errors.codes.${code}` : 'tournament.vote.error_generic';

/** The time left on a running vote, in the two largest units (e.g. "1 d 4 h", "12 min"). */
export const remainingParts = (ms: number): { days: number; hours: number; minutes: number; seconds: number } => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
};
