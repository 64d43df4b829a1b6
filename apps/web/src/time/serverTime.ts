import { useEffect, useState } from 'react';
import { serverNow } from './serverClock';

/** The server's clock as this browser estimates it (hooks, timers and pointing carry server times). */
export { serverNow };

/** Re-renders every `intervalMs` while `active`, returning the server time. */
export const useServerNow = (active: boolean, intervalMs = 250): number => {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
};
