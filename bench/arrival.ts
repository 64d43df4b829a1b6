import { now } from './timing';

/**
 * Wraps a socket's message handler so that each message is stamped with `now()` the moment it comes off
 * the socket and handled on the loop's next turn, in order. One client thread plays thousands of
 * browsers: handled at once, the sixteenth socket of a session stamped its patch only after the fifteen
 * before it had parsed and applied theirs (each browser has a thread of its own), which put the load
 * generator's own work into Belfry's latencies far more than into the relay's cheap messages. Both sides
 * take their arrival times this way.
 */
export const stampedLater = <A>(handle: (at: number, message: A) => void): ((message: A) => void) => {
  const waiting: { at: number; message: A }[] = [];
  const drain = () => {
    try {
      while (waiting.length > 0) {
        const { at, message } = waiting.shift()!;
        handle(at, message);
      }
    } finally {
      if (waiting.length > 0) setImmediate(drain); // a handler threw: the rest still comes, in order
    }
  };
  return (message: A) => {
    if (waiting.push({ at: now(), message }) === 1) setImmediate(drain);
  };
};
