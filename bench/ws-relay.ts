import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The baseline: the least a server can do for a shared table. Every message a client sends goes
 * unchanged to every client of its room (the sender included, as Belfry patches the actor's own view
 * too). No parsing, no rules, no storage, no per-viewer views.
 */
export const startWsRelay = async (): Promise<{ port: number; close(): Promise<void> }> => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const rooms = new Map<string, Set<WebSocket>>();

  wss.on('connection', (socket, request) => {
    const name = new URL(request.url ?? '/', 'http://relay').searchParams.get('room') ?? '';
    const room = rooms.get(name) ?? new Set<WebSocket>();
    rooms.set(name, room);
    room.add(socket);
    socket.on('message', (data, isBinary) => {
      for (const peer of room) peer.send(data, { binary: isBinary });
    });
    socket.on('close', () => {
      room.delete(socket);
      if (room.size === 0) rooms.delete(name);
    });
  });

  return {
    port: (wss.address() as AddressInfo).port,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve, reject) => wss.close((error) => (error ? reject(error) : resolve())));
    },
  };
};
