import { view, type Actor, type Refusal, type SessionState, type SessionUser } from '@belfry/engine';
import { diffJson, type DiffMemo, SERVER_EVENTS, type ViewPatch } from '@belfry/protocol';
import type { Socket } from 'socket.io';
import { cutIfBacklogged, cutIfBehind } from './backlog';
import { writeFrame } from './directFrame';

export type Profile = Omit<SessionUser, 'isOnline' | 'grimoireAccess'>;

/** Who is behind a socket, as the handshake established it from the account. */
export interface Member {
  actor: Actor;
  profile: Profile;
  isSubscribed: boolean;
}

export interface Connection {
  socket: Socket;
  member: Member;
  /** Ended on purpose; its disconnect handler removes it and marks the user offline. */
  closing?: boolean;
  /**
   * The state this socket's last view was built from; patches are computed against that view, built
   * again from it. Only the view's root is made again (its parts are kept per input part: engine
   * view.ts), where keeping the view itself kept a root per viewer and change until the session's next
   * change, which every scavenge in between copied (bench/).
   */
  lastState: SessionState | null;
  /**
   * This socket's own view number (the `version` its views and patches carry). It counts only the
   * changes this viewer can see: the session's version counts every change, and would tell a player
   * when the Storyteller touches the grimoire at night.
   */
  seq: number;
}

/**
 * A timer and the moment it was set for: a change that leaves the moment alone keeps the timer (a new
 * one per change was two timer objects and a timer list per change, each kept for seconds: bench/).
 */
export interface Armed {
  timer: NodeJS.Timeout;
  at: number;
}

export interface LiveSession {
  state: SessionState;
  connections: Map<string, Connection>;
  /** When the boost runs out (users without a subscription are then disconnected). */
  boostTimer: Armed | null;
  /** The next change time alone makes (hook end, reveal step, pointing lock, timer hide). */
  clockTimer: Armed | null;
}

/** Sends a socket the whole view (on attach, or when it asked again). */
export const sendFull = (session: LiveSession, socketId: string): void => {
  const connection = session.connections.get(socketId);
  if (!connection) return;
  connection.lastState = session.state;
  connection.seq += 1;
  connection.socket.emit(SERVER_EVENTS.session, {
    ...view(session.state, connection.member.profile.id),
    version: connection.seq,
  });
  cutIfBacklogged(connection.socket);
};

/** Ends a connection on purpose: the client shows why and does not reconnect. */
export const endConnection = (connection: Connection, reason: Refusal): void => {
  if (connection.closing) return;
  connection.closing = true;
  if (cutIfBehind(connection.socket)) return;
  connection.socket.emit(SERVER_EVENTS.closed, reason);
  connection.socket.disconnect(true);
};

type Operation = ViewPatch['ops'][number];

/** The start of a patch packet: what differs between the sockets that receive the same operations. */
const patchHead = (from: number, to: number): string => `2["${SERVER_EVENTS.patch}",{"from":${from},"to":${to},"ops":[`;

/**
 * A patch as Socket.IO puts it on the wire (an event packet of the default namespace: type 2, then the
 * JSON of [event, payload]), made by hand so that the JSON of each operation is made once for all the
 * sockets that receive it (most operations of a change are shared) and only the numbers differ. The
 * same text as socket.emit(patch, …) sends; fanout.test.ts compares the two.
 */
export const patchPacket = (from: number, to: number, opsJson: readonly string[]): string =>
  `${patchHead(from, to)}${opsJson.join(',')}]}]`;

/** The rest of a patch packet after its head, as text and, once a frame needs them, as bytes. */
interface Tail {
  text: string;
  bytes: Buffer | null;
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Sends each socket the patch from its last view to the current one; nothing when it sees no change. */
export const broadcastViews = (session: LiveSession): void => {
  // Views keep the identity of the parts a viewer shares with others (engine view.ts), so the sixteen
  // viewers of a vote step mostly hold the same seats, vote and chat objects: each pair is diffed once.
  const memo: DiffMemo = new Map();
  // Several sockets of one user (tabs) usually hold the same last view: compute each view and patch once.
  const done = new Map<string, { before: SessionState; tail: Tail | null }>();
  const json = new Map<Operation, string>();
  const jsonOf = (op: Operation) => {
    let text = json.get(op);
    if (text === undefined) json.set(op, (text = JSON.stringify(op)));
    return text;
  };
  // Viewers who see a change alike get the same operations: their frames share one encoding of them.
  // The memo above hands them the very same operation objects, so most viewers find their tail by
  // comparing those (no text made and hashed per viewer); equal texts made otherwise still meet.
  const tails = new Map<string, Tail>();
  const made: { ops: Operation[]; tail: Tail }[] = [];
  const tailOf = (ops: Operation[]): Tail | null => {
    if (ops.length === 0) return null;
    for (const known of made) if (sameItems(known.ops, ops)) return known.tail;
    const text = `${ops.map(jsonOf).join(',')}]}]`;
    let tail = tails.get(text);
    if (!tail) tails.set(text, (tail = { text, bytes: null }));
    made.push({ ops, tail });
    return tail;
  };
  const outgoing: (Connection | Tail)[] = [];
  for (const connection of session.connections.values()) {
    const before = connection.lastState;
    if (!before || connection.closing) continue; // a new one gets a full view when its attach finishes
    const userId = connection.member.profile.id;
    let entry = done.get(userId);
    if (!entry || entry.before !== before) {
      entry = { before, tail: tailOf(diffJson(view(before, userId), view(session.state, userId), '', [], memo)) };
      done.set(userId, entry);
    }
    // A change this viewer cannot see sends nothing at all: no empty patch, no new number.
    if (!entry.tail) continue;
    connection.lastState = session.state;
    outgoing.push(connection, entry.tail);
  }
  // Written one after the other once all are made: with a view built between two writes, each write
  // took about twice as long (the kernel's send path cold again; bench/ at 500 x 16).
  for (let i = 0; i < outgoing.length; i += 2) {
    const connection = outgoing[i] as Connection;
    const tail = outgoing[i + 1] as Tail;
    const { socket } = connection;
    const head = patchHead(connection.seq, connection.seq + 1);
    connection.seq += 1;
    if (!writeFrame(socket, head, (tail.bytes ??= Buffer.from(tail.text)))) socket.conn.write(head + tail.text);
    cutIfBacklogged(socket);
  }
};
