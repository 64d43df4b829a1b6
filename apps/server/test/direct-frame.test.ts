import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_EVENTS } from '@belfry/protocol';
import { Server, type Socket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAcks, writeFrame } from '../src/sessions/directFrame';
import { patchPacket } from '../src/sessions/fanout';

/**
 * Issue 16: patches go out as WebSocket frames made by the server itself, straight onto the TCP socket
 * (sessions/directFrame.ts), whenever engine.io and ws hold nothing back for that socket; otherwise
 * through engine.io as before. A real Socket.IO server and client: what arrives must be the event
 * engine.io would have delivered, in the order it was sent.
 */
describe('patches written as WebSocket frames of their own', () => {
  const http = createServer();
  const server = new Server(http, { path: '/backend/socket/' });
  let port = 0;
  const clients: ClientSocket[] = [];
  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
  });

  /** A client on `transports` and the server's socket for it, once connected. */
  const connect = async (transports: ('websocket' | 'polling')[]) => {
    const arrived = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const client = io(`http://127.0.0.1:${port}`, {
      path: '/backend/socket/',
      transports,
      forceNew: true,
      reconnection: false,
    });
    clients.push(client);
    const socket = await arrived;
    await new Promise<void>((resolve) => (client.connected ? resolve() : client.once('connect', () => resolve())));
    return { client, socket };
  };

  /** The events named `names` the client receives, in order, until `count` have come. */
  const receive = (client: ClientSocket, names: string[], count: number) =>
    new Promise<[string, unknown][]>((resolve) => {
      const got: [string, unknown][] = [];
      client.onAny((name: string, payload: unknown) => {
        if (!names.includes(name)) return;
        got.push([name, payload]);
        if (got.length === count) resolve(got);
      });
    });

  const patchOf = (value: string, from: number) => ({
    from,
    to: from + 1,
    ops: [{ op: 'replace', path: '/chat/messages/0/message', value }],
  });
  const packetOf = (value: string, from: number) => {
    const patch = patchOf(value, from);
    return patchPacket(
      patch.from,
      patch.to,
      patch.ops.map((op) => JSON.stringify(op)),
    );
  };

  /** The bytes of the frame's payload: engine.io's type and the packet. */
  const payloadBytes = (value: string, from: number) => 1 + Buffer.byteLength(packetOf(value, from));

  it('frames of every length class (RFC 6455: under 126 bytes, 16-bit and 64-bit lengths), UTF-8 counted in bytes', async () => {
    const { client, socket } = await connect(['websocket']);
    // 'é' and the emoji are 2 and 4 bytes in UTF-8: a length counted in characters would cut the frame.
    // Then payloads of exactly 125, 126, 65,535 and 65,536 bytes, on both sides of each length form.
    const values = ['ok', 'é'.repeat(80), '🔔'.repeat(40), 'x'.repeat(70_000)];
    for (const bytes of [125, 126, 65_535, 65_536]) values.push('y'.repeat(bytes - payloadBytes('', values.length)));
    const events = receive(client, [SERVER_EVENTS.patch], values.length);
    for (const [i, value] of values.entries()) {
      await new Promise((resolve) => setImmediate(resolve)); // engine.io's transport idle again
      expect(writeFrame(socket, packetOf(value, i)), `frame ${i}`).toBe(true);
    }
    expect(values.slice(4).map((value, i) => payloadBytes(value, i + 4))).toEqual([125, 126, 65_535, 65_536]);
    expect(await events).toEqual(values.map((value, i) => [SERVER_EVENTS.patch, patchOf(value, i)]));
  });

  it('a patch in two parts, head and shared tail bytes, arrives as the same event, in every length class', async () => {
    const { client, socket } = await connect(['websocket']);
    const values = ['ok', 'é'.repeat(80), 'x'.repeat(70_000)];
    for (const bytes of [125, 126, 65_535, 65_536]) values.push('y'.repeat(bytes - payloadBytes('', values.length)));
    const events = receive(client, [SERVER_EVENTS.patch], values.length);
    for (const [i, value] of values.entries()) {
      await new Promise((resolve) => setImmediate(resolve));
      const packet = packetOf(value, i);
      // Split inside the operations, as fanout.ts splits after the numbers: the tail holds multi-byte text.
      const at = packet.indexOf('"value"');
      expect(writeFrame(socket, packet.slice(0, at), Buffer.from(packet.slice(at))), `frame ${i}`).toBe(true);
    }
    expect(await events).toEqual(values.map((value, i) => [SERVER_EVENTS.patch, patchOf(value, i)]));
  });

  it('acknowledgements go out as frames of their own, once, in order with what engine.io sends', async () => {
    const { client, socket } = await connect(['websocket']);
    directAcks(socket);
    const packets: string[] = [];
    socket.conn.on('packetCreate', (packet: { type: string; data?: unknown }) => packets.push(String(packet.data)));
    socket.on('ask', (payload: number, ack: (answer: unknown) => void) => {
      ack({ ok: true, echo: payload, text: 'é🔔' });
      ack({ ok: false }); // a second answer to one request is never sent
    });
    expect(await client.timeout(2000).emitWithAck('ask', 7)).toEqual({ ok: true, echo: 7, text: 'é🔔' });
    expect(packets).toEqual([]); // written here, not through engine.io

    // While engine.io is busy with an event, the answer waits its turn behind it (Socket.IO's own way).
    const order: string[] = [];
    client.on('before', () => order.push('before'));
    socket.removeAllListeners('ask');
    socket.on('ask', (payload: number, ack: (answer: unknown) => void) => {
      socket.emit('before', 1);
      ack({ ok: true, echo: payload });
    });
    const answer = client
      .timeout(2000)
      .emitWithAck('ask', 8)
      .then((value: unknown) => order.push('answer') && value);
    expect(await answer).toEqual({ ok: true, echo: 8 });
    expect(order).toEqual(['before', 'answer']);
    expect(packets.some((packet) => packet.startsWith('3'))).toBe(true);
  });

  it('nothing is written while engine.io sends, nor to a socket closing at either level', async () => {
    const busy = await connect(['websocket']);
    busy.socket.emit('first', 1); // engine.io's transport waits for ws until the next tick
    expect(writeFrame(busy.socket, packetOf('busy', 1))).toBe(false);

    const wsClosing = await connect(['websocket']);
    const ws = (wsClosing.socket.conn as unknown as { transport: { socket: { close(): void } } }).transport.socket;
    ws.close(); // ws closes at once; engine.io hears of it only when the close completes
    expect(wsClosing.socket.conn.readyState).toBe('open');
    expect(writeFrame(wsClosing.socket, packetOf('ws closing', 1))).toBe(false);

    const ended = await connect(['websocket']);
    ended.socket.disconnect(true);
    expect(writeFrame(ended.socket, packetOf('ended', 1))).toBe(false);
  });

  it('while engine.io is still sending or holds packets back, nothing is written and the fallback keeps the order', async () => {
    const { client, socket } = await connect(['websocket']);
    const events = receive(client, ['first', 'held', SERVER_EVENTS.patch, 'last'], 4);
    socket.emit('first', 1);
    socket.emit('held', 2); // the transport is busy with 'first' until the next tick: engine.io queues this one
    const packet = packetOf('third', 7);
    expect(writeFrame(socket, packet)).toBe(false);
    socket.conn.write(packet);
    socket.emit('last', 4);
    expect(await events).toEqual([
      ['first', 1],
      ['held', 2],
      [SERVER_EVENTS.patch, patchOf('third', 7)],
      ['last', 4],
    ]);
  });

  it('direct frames and engine.io packets interleave in the order they were sent', async () => {
    const { client, socket } = await connect(['websocket']);
    const events = receive(client, ['note', SERVER_EVENTS.patch], 6);
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(writeFrame(socket, packetOf(`p${i}`, i))).toBe(true);
      socket.emit('note', i);
    }
    expect(await events).toEqual(
      [0, 1, 2].flatMap((i) => [
        [SERVER_EVENTS.patch, patchOf(`p${i}`, i)],
        ['note', i],
      ]),
    );
  });

  it('with per-message compression negotiated the frame is left to ws', async () => {
    const deflating = new Server(createServer(), { path: '/backend/socket/', perMessageDeflate: { threshold: 0 } });
    const httpServer = deflating.httpServer;
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const arrived = new Promise<Socket>((resolve) => deflating.once('connection', resolve));
    const client = io(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, {
      path: '/backend/socket/',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    clients.push(client);
    const socket = await arrived;
    await new Promise<void>((resolve) => (client.connected ? resolve() : client.once('connect', () => resolve())));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the connect packet's compression is done
    const { transport } = socket.conn as unknown as {
      transport: { writable: boolean; socket: { _extensions: object; _sender: { _state: number } } };
    };
    // Idle in every other way: only the extension keeps the frame from being written here.
    expect([transport.writable, transport.socket._sender._state]).toEqual([true, 0]);
    expect(Object.keys(transport.socket._extensions)).toEqual(['permessage-deflate']);
    const events = receive(client, [SERVER_EVENTS.patch], 1);
    const packet = packetOf('z'.repeat(2000), 1);
    expect(writeFrame(socket, packet)).toBe(false);
    socket.conn.write(packet);
    expect(await events).toEqual([[SERVER_EVENTS.patch, patchOf('z'.repeat(2000), 1)]]);
    client.close();
    await deflating.close();
  });

  it('a long-polling client is left to engine.io', async () => {
    const { client, socket } = await connect(['polling']);
    const events = receive(client, [SERVER_EVENTS.patch], 1);
    const packet = packetOf('polled', 1);
    expect(writeFrame(socket, packet)).toBe(false);
    socket.conn.write(packet);
    expect(await events).toEqual([[SERVER_EVENTS.patch, patchOf('polled', 1)]]);
  });
});
