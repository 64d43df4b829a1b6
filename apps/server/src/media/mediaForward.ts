import net from 'node:net';
import type { IncomingMessage, Server } from 'node:http';
import { MEDIA_SOCKET_PATH } from '@belfry/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServerConfig } from '../config';

/** The request line and headers of an upgrade: what a client waits for at most before it is dropped. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Spec 2 §9: a chat server is full at 200 users; two tabs each is the most that is ever needed. */
export const MAX_FORWARDED = 400;
/** One address (a household, a user's tabs and devices) keeps at most this many chat sockets open. */
export const MAX_FORWARDED_PER_ADDRESS = 16;

/** Who is asking: the socket's address, or the one a trusted reverse proxy forwarded (its last entry). */
const addressOf = (req: IncomingMessage, trustProxy: boolean): string => {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').pop()?.trim();
  return last || req.socket.remoteAddress || '';
};

const refuse = (client: net.Socket, status: string) => {
  client.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  client.destroy();
};

/**
 * A chat server on this machine that browsers reach through Belfry's own address (the one `npm start`
 * runs beside Belfry): websocket upgrades to `/media/socket/` are passed through, byte for byte, to it
 * on loopback. The chat server's signalling then shares Belfry's origin (the CSP's 'self', the port
 * the players already reach); media still goes browser ↔ Janus directly. Only websockets: the web
 * client opens the chat media socket with no polling fallback. Bounded: MAX_FORWARDED sockets in all,
 * MAX_FORWARDED_PER_ADDRESS per address (429 beyond); each is then the chat server's to bound.
 */
export const forwardMediaUpgrades = (
  server: Server,
  target: ChatServerConfig,
  log: FastifyBaseLogger,
  trustProxy = false,
): { close(): void } => {
  const { hostname, port } = new URL(target.url);
  const open = new Set<net.Socket>();
  const perAddress = new Map<string, number>();
  const onUpgrade = (req: IncomingMessage, client: net.Socket, head: Buffer) => {
    if (!req.url?.startsWith(MEDIA_SOCKET_PATH)) return; // Socket.IO's own upgrades, handled by it
    const address = addressOf(req, trustProxy);
    const mine = perAddress.get(address) ?? 0;
    if (open.size / 2 >= MAX_FORWARDED || mine >= MAX_FORWARDED_PER_ADDRESS)
      return refuse(client, '429 Too Many Requests');
    perAddress.set(address, mine + 1);
    const upstream = net.connect({ host: hostname, port: Number(port) || 80 });
    open.add(client).add(upstream);
    let ended = false;
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
      if (ended) return;
      ended = true;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    };
    upstream.setTimeout(CONNECT_TIMEOUT_MS, end);
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      const headers: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      headers.push(`X-Forwarded-For: ${req.socket.remoteAddress ?? ''}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', (err) => {
      log.warn({ err: err.message }, 'the local chat server did not take a connection');
      if (client.writable && client.bytesWritten === 0) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      end();
    });
    client.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  };
  server.on('upgrade', onUpgrade);
  return {
    close() {
      server.off('upgrade', onUpgrade);
      for (const socket of open) socket.destroy();
      open.clear();
      perAddress.clear();
    },
  };
};
