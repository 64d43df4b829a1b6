import { refuse } from '@belfry/engine';
import { type Connection, endConnection, type LiveSession } from './fanout';

/**
 * How many sockets one account may hold open on a node (issue 16: every input has a bound). Tabs and
 * devices need a few; each socket costs the node a connection's memory and a write per change of its
 * session, so a client opening thousands would multiply every change (spec 2 §4's 25 counts people,
 * not sockets). The numbers are in apps/server/README.md ("On every socket").
 */

/** A sixth socket of one user in one session ends their oldest there (a half-open one goes first). */
export const SOCKETS_PER_USER_IN_SESSION = 5;
/** Across this node's sessions; a socket past it is closed at once with `too_many_connections`. */
export const SOCKETS_PER_ACCOUNT = 25;

export const TOO_MANY_CONNECTIONS =
  'Your account has too many connections to games open (tabs or devices), so this one was closed.';

/** The user's connections to the session, oldest first, leaving out those being ended. */
export const heldIn = (session: LiveSession, userId: string): Connection[] =>
  [...session.connections.values()].filter((c) => c.member.profile.id === userId && !c.closing);

/**
 * Ends the user's oldest sockets in a session until a new one fits: the newest is the one in front of
 * them, and the oldest is the likeliest to be a half-open connection the heartbeat has not found dead.
 */
export const makeRoom = (session: LiveSession, userId: string): void => {
  const held = heldIn(session, userId);
  for (const connection of held.slice(0, Math.max(0, held.length - SOCKETS_PER_USER_IN_SESSION + 1))) {
    endConnection(connection, refuse('too_many_connections', TOO_MANY_CONNECTIONS));
  }
};

/** The sockets each account holds open on this node. */
export class OpenSockets {
  private counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /**
   * Counts a new socket of the user; false, counting nothing, when they hold `limit` already. `replaces`:
   * it will end one of theirs as it joins (a sixth in a session, `makeRoom`), so their count comes back
   * to where it was; let in up to SOCKETS_PER_USER_IN_SESSION over, which bounds a burst of such sockets
   * racing to join.
   */
  open(userId: string, replaces = false): boolean {
    const held = this.counts.get(userId) ?? 0;
    if (held >= this.limit + (replaces ? SOCKETS_PER_USER_IN_SESSION : 0)) return false;
    this.counts.set(userId, held + 1);
    return true;
  }

  close(userId: string): void {
    const held = this.counts.get(userId) ?? 0;
    if (held <= 1) this.counts.delete(userId);
    else this.counts.set(userId, held - 1);
  }

  held(userId: string): number {
    return this.counts.get(userId) ?? 0;
  }
}
