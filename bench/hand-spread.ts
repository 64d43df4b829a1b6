import type { VotePlayer } from './vote-player';

/** Where every client would draw the hand at one wall-clock moment. */
export interface SpreadSample {
  round: number;
  /** True server time of the moment minus voteTimer (ms): where the hand really is. */
  trueMs: number;
  /** max − min over clients of (their server time estimate − their view's voteTimer), in ms. */
  spreadMs: number;
  /** The largest distance of a client's hand from the true position (ms). */
  maxErrorMs: number;
  /** The same spread had every client taken serverTime − arrival as its offset (no round trip correction). */
  naiveSpreadMs: number;
  /** Clients whose view did not hold this vote's voteTimer yet. */
  clientsWithoutTimer: number;
}

/**
 * Reads every client at once (one synchronous pass, one Date.now()): the hand a client draws is at
 * (serverTimeEstimate − voteTimer) / speed seats, i.e. serverTimeEstimate − voteTimer ms.
 */
export const sampleSpread = (round: number, players: readonly VotePlayer[], voteTimer: number): SpreadSample => {
  const now = Date.now();
  const hands: number[] = [];
  const naiveHands: number[] = [];
  let clientsWithoutTimer = 0;
  for (const player of players) {
    const seen = player.client.view?.vote.voteTimer;
    if (seen !== voteTimer || !player.estimate) {
      clientsWithoutTimer++;
      continue;
    }
    hands.push(now + player.offset - seen);
    naiveHands.push(now + player.estimate.naiveOffset - seen);
  }
  const trueMs = now - voteTimer;
  const spread = (values: number[]) => (values.length ? Math.max(...values) - Math.min(...values) : Number.NaN);
  return {
    round,
    trueMs,
    spreadMs: spread(hands),
    maxErrorMs: hands.length ? Math.max(...hands.map((hand) => Math.abs(hand - trueMs))) : Number.NaN,
    naiveSpreadMs: spread(naiveHands),
    clientsWithoutTimer,
  };
};
