import type { Socket } from 'socket.io';

/**
 * How much may wait to be sent to one socket, beyond what the kernel holds: engine.io's queue, ws's
 * and Node's socket buffers. A client that stops reading (a hostile one asking for full views it never
 * reads, or one whose network died without a word) would otherwise make the server keep everything
 * meant for it until the heartbeat notices, and forever if it keeps answering pings unread. A client
 * still alive reconnects and gets the whole view, smaller than what it missed: a 20-seat Storyteller's
 * view is under 24 KB (issue 16), 500 kept messages add about 60 KB.
 */
export const MAX_BACKLOG_BYTES = 1024 * 1024;

/** What this module reads of a connection's engine.io socket and the transport's ws (public ws API). */
interface EngineConnection {
  readyState: string;
  writeBuffer: { data?: unknown }[];
  transport: { socket?: { bufferedAmount: number; terminate(): void } };
  close(discard?: boolean): void;
}

/** Bytes waiting to be sent to this socket in the server's memory (strings counted in characters). */
export const backlogOf = (socket: Socket): number => {
  const conn = socket.conn as unknown as EngineConnection;
  let bytes = conn.transport.socket?.bufferedAmount ?? 0;
  for (const packet of conn.writeBuffer) {
    const { data } = packet;
    if (typeof data === 'string') bytes += data.length;
    else if (Buffer.isBuffer(data)) bytes += data.length;
  }
  return bytes;
};

/** Where the reason a socket was cut is kept, for the disconnect handler's log. */
export interface CutRecord {
  unsentBytes?: number;
}

/**
 * Cuts the connection when more than MAX_BACKLOG_BYTES wait for it, freeing what waits at once; true
 * when it did. The client sees its transport close, as on a network failure, and reconnects.
 */
export const cutIfBacklogged = (socket: Socket): boolean => {
  const conn = socket.conn as unknown as EngineConnection;
  if (conn.readyState === 'closed') return false;
  const unsent = backlogOf(socket);
  if (unsent <= MAX_BACKLOG_BYTES) return false;
  (socket.data as CutRecord).unsentBytes = unsent;
  // ws's own close would wait for the frames ahead of its close frame, i.e. for the reader it waits on.
  conn.transport.socket?.terminate();
  conn.close(true);
  return true;
};
