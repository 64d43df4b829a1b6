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
 * Writes a Socket.IO packet (`packet`, then the bytes of `tail` if given: fanout.ts makes the part of a
 * patch that all its receivers share once) to the socket as one WebSocket frame made here, straight
 * onto the TCP socket; false, writing nothing, when engine.io or ws holds anything back for it (a frame
 * being compressed, a send under way, packets queued, another transport than WebSocket), so that frames
 * keep their order.
 *
 * Why not `socket.conn.write`: at 500 sessions × 16 sockets each frame went through engine.io's packet
 * queue (a packet, an options object, a new queue, four events), its transport, ws's sender (an options
 * object, a header buffer, a corked write of two chunks) and Node's writev: bench/, open loop, a third of
 * all the bytes the server allocated and more of its time than the system calls themselves.
 */
export const writeFrame = (socket: Socket, packet: string, tail?: Buffer): boolean => {
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
  raw.write(frameOf(packet, tail));
  return true;
};

/** The WebSocket text frame carrying engine.io's message packet `4<packet><tail>` (RFC 6455 §5.2). */
export const frameOf = (packet: string, tail?: Buffer): Buffer => {
  const packetBytes = Buffer.byteLength(packet);
  const length = 1 + packetBytes + (tail?.length ?? 0);
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
  tail?.copy(frame, header + 1 + packetBytes);
  return frame;
};

/** Socket.IO's packet type of an acknowledgement (socket.io-parser's PacketType.ACK). */
const ACK_PACKET = '3';

type AckMaker = (id: number) => (...answer: unknown[]) => void;

/**
 * Makes the socket's acknowledgements go out as frames made here (writeFrame) whenever nothing is held
 * back for it, through Socket.IO otherwise. Socket.IO's own way put each answer through engine.io's
 * packet queue and ws's sender, and left the transport busy until the next tick, so the patch that
 * follows an acknowledged intent to its sender could not be written directly either (bench/). The
 * packet is what Socket.IO's encoder makes for the default namespace: the type, the id, the JSON of
 * the answer's arguments (plain JSON here: Belfry's answers carry no binary data).
 */
export const directAcks = (socket: Socket): void => {
  const own = socket as unknown as { ack: AckMaker };
  const throughSocketIo = own.ack.bind(socket);
  own.ack = (id) => {
    let sent = false;
    return (...answer) => {
      if (sent) return;
      sent = true;
      if (!writeFrame(socket, `${ACK_PACKET}${id}${JSON.stringify(answer)}`)) throughSocketIo(id)(...answer);
    };
  };
};
