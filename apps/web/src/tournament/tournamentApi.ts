import type { TournamentAnswer, VoteAnswer } from '@belfry/protocol';
import { authorizedJson } from '../auth/authService';

/** GET /backend/tournament: anyone may read; with a login the answer carries the caller's votes. */
export const getTournament = () => authorizedJson<TournamentAnswer>('/tournament');

/** POST /backend/vote: a script index of the match, or null to clear the vote. */
export const castVote = (match: number, choice: number | null) =>
  authorizedJson<VoteAnswer>('/vote', { method: 'POST', body: { match, choice } });
