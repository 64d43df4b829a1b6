import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_EVENTS } from '@belfry/protocol';
import { Server, type Socket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFrame } from '../src/sessions/directFrame';
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

  it('frames of every length class (RFC 6455: under 126 bytes, 16-bit and 64-bit lengths), UTF-8 counted in bytes', async () => {
    const { client, socket } = await connect(['websocket']);
    // 'é' and the emoji are 2 and 4 bytes in UTF-8: a length counted in characters would cut the frame.
    const values = ['ok', 'é'.repeat(80), '🔔'.repeat(40), 'x'.repeat(70_000)];
    const events = receive(client, [SERVER_EVENTS.patch], values.length);
    for (const [i, value] of values.entries()) {
      await new Promise((resolve) => setImmediate(resolve)); // engine.io's transport idle again
      expect(writeFrame(socket, packetOf(value, i)), `frame ${i}`).toBe(true);
    }
    expect(await events).toEqual(values.map((value, i) => [SERVER_EVENTS.patch, patchOf(value, i)]));
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

  it('a long-polling client is left to engine.io', async () => {
    const { client, socket } = await connect(['polling']);
    const events = receive(client, [SERVER_EVENTS.patch], 1);
    const packet = packetOf('polled', 1);
    expect(writeFrame(socket, packet)).toBe(false);
    socket.conn.write(packet);
    expect(await events).toEqual([[SERVER_EVENTS.patch, patchOf('polled', 1)]]);
  });
});
