/** What a refused hand change says (issue 6: the hand snaps back to where the server has it). */
const REFUSAL_KEYS: Record<string, string> = {
  vote_locked: 'vote.refused.vote_locked',
  rate_limited: 'vote.refused.rate_limited',
  forbidden: 'vote.refused.forbidden',
};

export const refusalKey = (code: string): string => REFUSAL_KEYS[code] ?? 'vote.refused.other';
