import type { Socket } from 'socket.io';
import { engineOf } from './engineInternals';

/**
 * What may wait to be sent to one socket, beyond what the kernel holds: engine.io's queue, ws's and
 * Node's socket buffers. A client that stops reading (a hostile one asking for full views it never
 * reads, or one whose network died without a word) would otherwise make the server keep everything
 * meant for it until the heartbeat notices, and forever if it keeps answering pings unread.
 *
 * A client may be behind by more than 1 MiB for a while: a full view just written counts whole until
 * the kernel takes it, and the largest views (500 town and 200 spectator messages of 250 characters
 * that JSON escapes six-fold) pass 1 MiB. So past 1 MiB a socket has 10 s to come back under it, and
 * past 8 MiB none. A client still alive reconnects and gets the whole view.
 */
export const SOFT_BACKLOG_BYTES = 1024 * 1024;
export const HARD_BACKLOG_BYTES = 8 * 1024 * 1024;
export const BACKLOG_GRACE_MS = 10_000;

/** Bytes waiting to be sent to this socket in the server's memory (strings counted in characters). */
export const backlogOf = (socket: Socket): number => {
  const conn = engineOf(socket);
  let bytes = conn.transport.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer) {
    const { data } = packet;
    if (typeof data === 'string') bytes += data.length;
    else if (Buffer.isBuffer(data)) bytes += data.length;
  }
  return bytes;
};

/** Kept in the socket's data: since when its backlog has been over the soft cap, and why it was cut. */
export interface BacklogRecord {
  backlogOverSince?: number;
  unsentBytes?: number;
}

/**
 * Cuts the connection when more than HARD_BACKLOG_BYTES wait for it, or more than SOFT_BACKLOG_BYTES
 * have for BACKLOG_GRACE_MS, freeing what waits at once; true when it did. The client sees its
 * transport close, as on a network failure, and reconnects.
 */
export const cutIfBacklogged = (socket: Socket, now = Date.now()): boolean => {
  const conn = engineOf(socket);
  if (conn.readyState === 'closed') return false;
  const record = socket.data as BacklogRecord;
  const unsent = backlogOf(socket);
  if (unsent <= SOFT_BACKLOG_BYTES) {
    record.backlogOverSince = undefined;
    return false;
  }
  record.backlogOverSince ??= now;
  if (unsent <= HARD_BACKLOG_BYTES && now - record.backlogOverSince < BACKLOG_GRACE_MS) return false;
  cut(socket, unsent);
  return true;
};

/**
 * Ends a connection the server means to close (a kick, the end of a boost): one more than 1 MiB behind
 * is cut at once, as it would not read the reason for a while, and a close waits for what is ahead
 * of it (up to the heartbeat's 70 s); true when it was.
 */
export const cutIfBehind = (socket: Socket): boolean => {
  const unsent = backlogOf(socket);
  if (unsent <= SOFT_BACKLOG_BYTES || engineOf(socket).readyState === 'closed') {
    return false;
  }
  cut(socket, unsent);
  return true;
};

const cut = (socket: Socket, unsent: number) => {
  const conn = engineOf(socket);
  (socket.data as BacklogRecord).unsentBytes = unsent;
  const ws = conn.transport.socket;
  const raw = ws?._socket;
  // A reset, not a close: ws's close would wait for the frames ahead of its close frame, i.e. for the
  // reader it waits on, and a FIN would leave the kernel's send queue to drain into nobody. (Node
  // resets plain TCP only; a TLS socket, should the server ever speak TLS itself, is destroyed.)
  if (raw && !raw.destroyed && !('encrypted' in raw)) raw.resetAndDestroy();
  ws?.terminate();
  conn.close(true);
};
