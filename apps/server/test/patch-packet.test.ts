import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_EVENTS, type ViewPatch } from '@belfry/protocol';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patchPacket } from '../src/sessions/fanout';

/**
 * Issue 16: a patch's JSON is made once per operation and written to each socket by hand
 * (sessions/fanout.ts). What arrives must be exactly what Socket.IO's own emit sends, through a real
 * Socket.IO server and client.
 */
describe('a hand-made patch packet is what socket.emit sends', () => {
  const http = createServer();
  const server = new Server(http, { path: '/backend/socket/' });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server.close();
  });

  it('the same frame and the same event for every kind of operation', async () => {
    const patch: ViewPatch = {
      from: 41,
      to: 42,
      ops: [
        { op: 'replace', path: '/seats/3/id', value: 'user-ü"\\/' },
        { op: 'remove', path: '/chat/messages/0' },
        { op: 'add', path: '/chat/messages/499', value: { msgId: 'a~b/c', data: { index: 3 }, time: 1.5e12 } },
        { op: 'replace', path: '/vote/nomination', value: null },
      ],
    };
    server.once('connection', (socket) => {
      socket.emit(SERVER_EVENTS.patch, patch);
      socket.conn.write(
        patchPacket(
          patch.from,
          patch.to,
          patch.ops.map((op) => JSON.stringify(op)),
        ),
      );
    });
    const client = io(`http://127.0.0.1:${port}`, { path: '/backend/socket/', transports: ['websocket'] });
    const frames: string[] = [];
    client.io.on('open', () => client.io.engine.on('data', (data: unknown) => frames.push(String(data))));
    const events: unknown[] = [];
    await new Promise<void>((resolve) =>
      client.on(SERVER_EVENTS.patch, (received: unknown) => {
        events.push(received);
        if (events.length === 2) resolve();
      }),
    );
    client.close();
    const patchFrames = frames.filter((frame) => frame.startsWith(`2["${SERVER_EVENTS.patch}"`));
    expect(patchFrames).toHaveLength(2);
    expect(patchFrames[1]).toBe(patchFrames[0]);
    expect(events[1]).toEqual(events[0]);
    expect(events[0]).toEqual(patch);
  });

  it('an empty list of operations too', () => {
    expect(JSON.parse(patchPacket(1, 2, []).slice(1))).toEqual([SERVER_EVENTS.patch, { from: 1, to: 2, ops: [] }]);
  });
});
