import type { VoteState } from '@belfry/engine';
import { useEffect, useRef, useState } from 'react';
import { serverNow } from '../time/serverClock';
import { voteClockAt, type VoteClock } from './voteClock';

/** The parts of the clock that change a few times per second at most: these re-render. */
export interface DiscreteClock {
  stage: VoteClock['stage'];
  locked: number;
  handSeat: number;
  countdown: number | null;
  lockedSeats: number;
}

const discrete = (clock: VoteClock): DiscreteClock => ({
  stage: clock.stage,
  locked: clock.locked,
  handSeat: clock.handSeat,
  countdown: clock.countdown,
  lockedSeats: clock.lockedSeats,
});

const same = (a: DiscreteClock, b: DiscreteClock) =>
  a.stage === b.stage &&
  a.locked === b.locked &&
  a.handSeat === b.handSeat &&
  a.countdown === b.countdown &&
  a.lockedSeats === b.lockedSeats;

/**
 * Runs the vote clock from server time with requestAnimationFrame while a nomination exists. Every
 * frame goes to `onFrame` (which moves the hand directly, without React); React re-renders only
 * when the discrete state changes (a seat locks, the countdown digit, the stage).
 */
export const useVoteClock = (
  vote: VoteState,
  seats: number,
  onFrame: (clock: VoteClock) => void,
  onChange?: (previous: DiscreteClock, next: DiscreteClock) => void,
): DiscreteClock => {
  const [state, setState] = useState<DiscreteClock>(() => discrete(voteClockAt(vote, seats, serverNow())));
  const frameRef = useRef(onFrame);
  const changeRef = useRef(onChange);
  useEffect(() => {
    frameRef.current = onFrame;
    changeRef.current = onChange;
  }, [onFrame, onChange]);

  // Kept across view updates (a patch mid-vote must not swallow a tick); forgotten with a new nomination.
  const lastRef = useRef<{ nomination: string; clock: DiscreteClock } | null>(null);

  useEffect(() => {
    let raf = 0;
    const nomination = vote.nomination ? vote.nomination.join(':') : '';
    const tick = () => {
      const clock = voteClockAt(vote, seats, serverNow());
      frameRef.current(clock);
      const next = discrete(clock);
      const last = lastRef.current?.nomination === nomination ? lastRef.current.clock : null;
      if (!last || !same(next, last)) {
        if (last) changeRef.current?.(last, next);
        lastRef.current = { nomination, clock: next };
        setState(next);
      }
      // Only a running clock moves: a paused, idle or finished one is drawn once.
      const moving = vote.isInProgress && vote.pausedAt === null && clock.stage !== 'done';
      if (moving) raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [vote, seats]);

  return state;
};
