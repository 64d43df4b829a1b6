import { useEffect, useState } from 'react';
import { useTournamentStore } from './tournamentStore';

/** Server time (from the last answer's clock), ticking every `everyMs` while `ticking`. */
export const useServerNow = (ticking: boolean, everyMs = 1_000): number => {
  const offset = useTournamentStore((state) => state.offsetMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now + offset;
};
