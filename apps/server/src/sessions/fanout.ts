import { view, type Actor, type Refusal, type SessionState, type SessionUser, type SessionView } from '@belfry/engine';
import { diffJson, SERVER_EVENTS, type ViewPatch } from '@belfry/protocol';
import type { Socket } from 'socket.io';

type Operation = ViewPatch['ops'][number];

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
  /** The last view this socket was sent; patches are computed against it. */
  lastView: SessionView | null;
  /**
   * This socket's own view number (the `version` its views and patches carry). It counts only the
   * changes this viewer can see: the session's version counts every change, and would tell a player
   * when the Storyteller touches the grimoire at night.
   */
  seq: number;
}

export interface LiveSession {
  state: SessionState;
  connections: Map<string, Connection>;
  boostTimer: NodeJS.Timeout | null;
  /** The next change time alone makes (hook end, reveal step, pointing lock, timer hide). */
  clockTimer: NodeJS.Timeout | null;
}

/** Sends a socket the whole view (on attach, or when it asked again). */
export const sendFull = (session: LiveSession, socketId: string): void => {
  const connection = session.connections.get(socketId);
  if (!connection) return;
  connection.lastView = view(session.state, connection.member.profile.id);
  connection.seq += 1;
  connection.socket.emit(SERVER_EVENTS.session, { ...connection.lastView, version: connection.seq });
};

/** Ends a connection on purpose: the client shows why and does not reconnect. */
export const endConnection = (connection: Connection, reason: Refusal): void => {
  if (connection.closing) return;
  connection.closing = true;
  connection.socket.emit(SERVER_EVENTS.closed, reason);
  connection.socket.disconnect(true);
};

/**
 * The diffs of one broadcast, by the pair of part objects they compare. Views keep the identity of the
 * parts a viewer shares with others (engine view.ts), so the sixteen viewers of a vote step mostly
 * hold the same seats, vote and chat objects: each pair is diffed once and its operations shared.
 */
const partDiffs = () => {
  const byPrev = new Map<unknown, Map<unknown, Operation[]>>();
  const part = (key: string, prev: unknown, next: unknown): Operation[] => {
    let byNext = byPrev.get(prev);
    if (!byNext) byPrev.set(prev, (byNext = new Map()));
    let ops = byNext.get(next);
    if (!ops) byNext.set(next, (ops = diffJson(prev, next, `/${key}`)));
    return ops;
  };
  return (prev: SessionView, next: SessionView): Operation[] => {
    const before = prev as unknown as Record<string, unknown>;
    const after = next as unknown as Record<string, unknown>;
    const ops: Operation[] = [];
    for (const key of Object.keys(before)) {
      if (after[key] === undefined && before[key] !== undefined) ops.push({ op: 'remove', path: `/${key}` });
    }
    for (const key of Object.keys(after)) {
      const a = before[key];
      const b = after[key];
      if (a === b || b === undefined) continue;
      if (a === undefined) ops.push({ op: 'add', path: `/${key}`, value: b });
      else if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) ops.push(...part(key, a, b));
      else diffJson(a, b, `/${key}`, ops);
    }
    return ops;
  };
};

/** Sends each socket the patch from its last view to the current one; nothing when it sees no change. */
export const broadcastViews = (session: LiveSession): void => {
  const diff = partDiffs();
  // Several sockets of one user (tabs) usually hold the same last view: compute each view and patch once.
  const done = new Map<string, { prev: SessionView; next: SessionView; ops: ViewPatch['ops'] }>();
  for (const connection of session.connections.values()) {
    const prev = connection.lastView;
    if (!prev || connection.closing) continue; // a new one gets a full view when its attach finishes
    const userId = connection.member.profile.id;
    let entry = done.get(userId);
    if (!entry || entry.prev !== prev) {
      const next = view(session.state, userId);
      entry = { prev, next, ops: diff(prev, next) };
      done.set(userId, entry);
    }
    // A change this viewer cannot see sends nothing at all: no empty patch, no new number.
    if (entry.ops.length === 0) continue;
    connection.lastView = entry.next;
    const patch: ViewPatch = { from: connection.seq, to: connection.seq + 1, ops: entry.ops };
    connection.seq += 1;
    connection.socket.emit(SERVER_EVENTS.patch, patch);
  }
};
