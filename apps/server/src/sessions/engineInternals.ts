import type { Socket as NetSocket } from 'node:net';
import type { Socket } from 'socket.io';

/**
 * What Belfry reads of the engine.io connection under a Socket.IO socket, its transport and the
 * transport's ws (engine.io 6, ws 8), declared once for the modules that go below Socket.IO:
 * backlog.ts (what waits to be sent) and directFrame.ts (frames written straight to the TCP socket).
 * Fields with a leading underscore are ws's own, not its public API.
 */
export interface EngineConnection {
  readyState: string;
  writeBuffer: { data?: unknown }[];
  transport: { name: string; writable: boolean; socket?: WsSocket };
  close(discard?: boolean): void;
}

export interface WsSocket {
  readyState: number;
  bufferedAmount: number;
  terminate(): void;
  _socket?: NetSocket;
  _sender?: { _state: number; _queue: unknown[] };
  _extensions?: Record<string, unknown>;
}

export const engineOf = (socket: Socket): EngineConnection => socket.conn as unknown as EngineConnection;
