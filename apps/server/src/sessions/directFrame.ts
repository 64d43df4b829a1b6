import type { Socket } from 'socket.io';
import { engineOf } from './engineInternals';

/** ws's WebSocket.OPEN, and its Sender's state when no frame waits (neither deflating nor reading a Blob). */
const WS_OPEN = 1;
const SENDER_IDLE = 0;
/** engine.io's packet type of a message: every Socket.IO packet travels as one. */
const ENGINE_MESSAGE = 0x34; // '4'
/** The one extension ws knows (RFC 7692). */
const PER_MESSAGE_DEFLATE = 'permessage-deflate';
/** RFC 6455 §5.2: FIN and the text opcode in the first byte; a server's frames are not masked. */
const FIN_TEXT = 0x81;

/**
 * Writes a Socket.IO packet (fanout.ts patchPacket: its text, without engine.io's type) to the socket
 * as one WebSocket frame made here, straight onto the TCP socket; false, writing nothing, when
 * engine.io or ws holds anything back for it (a frame being compressed, a send under way, packets
 * queued, another transport than WebSocket), so that frames keep their order.
 *
 * Why not `socket.conn.write`: at 500 sessions × 16 sockets each frame went through engine.io's packet
 * queue (a packet, an options object, a new queue, four events), its transport, ws's sender (an options
 * object, a header buffer, a corked write of two chunks) and Node's writev: bench/, open loop, a third of
 * all the bytes the server allocated and more of its time than the system calls themselves.
 */
export const writeFrame = (socket: Socket, packet: string): boolean => {
  const conn = engineOf(socket);
  const { transport } = conn;
  if (conn.readyState !== 'open' || transport.name !== 'websocket' || !transport.writable) return false;
  if (conn.writeBuffer.length > 0) return false;
  const ws = transport.socket;
  const sender = ws?._sender;
  const raw = ws?._socket;
  if (!ws || ws.readyState !== WS_OPEN || !sender || !raw || raw.destroyed || !raw.writable) return false;
  if (sender._state !== SENDER_IDLE || sender._queue.length > 0) return false;
  if (ws._extensions?.[PER_MESSAGE_DEFLATE]) return false; // compressed frames are ws's to make
  raw.write(frameOf(packet));
  return true;
};

/** The WebSocket text frame carrying engine.io's message packet `4<packet>` (RFC 6455 §5.2). */
export const frameOf = (packet: string): Buffer => {
  const length = Buffer.byteLength(packet) + 1;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = FIN_TEXT;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(0, 2); // a patch is far below 4 GB: the high half of the length is 0
    frame.writeUInt32BE(length, 6);
  }
  frame[header] = ENGINE_MESSAGE;
  frame.write(packet, header + 1, 'utf8');
  return frame;
};
