import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { io, type Socket } from 'socket.io-client';
import type { MailCatcher } from './mail';

/** Whatever answers Belfry's API: one server process, or the load balancer in front of several. */
export interface Host {
  url: string;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  user: { id: string; username: string; email: string };
}

const post = async <T>(
  server: Host,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
};

/** Solves the server's ALTCHA challenge the way the widget does. */
const captcha = async (server: Host): Promise<string> => {
  const challenge = (await (await fetch(`${server.url}/backend/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

/** A verified account made through the API (for the crowd around the browser users). */
export const registerViaApi = async (server: Host, mail: MailCatcher, username: string): Promise<Tokens> => {
  const email = `${username}@example.test`;
  const registered = await post(server, '/backend/auth/register', {
    email,
    password: 'a-good-password',
    username,
    acceptsTerms: true,
    acceptsMarketing: false,
    captcha: await captcha(server),
  });
  if (registered.status !== 202) throw new Error(`register ${username}: ${JSON.stringify(registered.body)}`);
  const verified = await post<{ tokens: Tokens }>(server, '/backend/verify', {
    type: 'email',
    email,
    code: await mail.code(email),
  });
  if (verified.status !== 200) throw new Error(`verify ${username}: ${JSON.stringify(verified.body)}`);
  return verified.body.tokens;
};

export const createSessionViaApi = async (server: Host, token: string, body: Record<string, unknown>) => {
  const res = await post<{ sessionId: string }>(server, '/backend/sessions', body, token);
  if (res.status !== 201) throw new Error(`create session: ${JSON.stringify(res.body)}`);
  return res.body.sessionId;
};

/** A game socket as a test client opens it: websocket only, no reconnection. */
const gameSocket = (server: Host, sessionId: string, token: string): Socket =>
  io(server.url, {
    path: '/backend/socket/',
    query: { session: sessionId },
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });

/** A socket in a session, as a user who is online without a browser. Resolves once the server let it in. */
export const joinViaSocket = (server: Host, sessionId: string, token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = gameSocket(server, sessionId, token);
    socket.on('serverPing', (_: number, ack: (now: number) => void) => ack(Date.now()));
    socket.once('session', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });

/** One Socket.IO handshake and nothing more: 'connected', or the code the server refused it with. */
export const handshakeAnswer = (server: Host, sessionId: string, token: string): Promise<string> =>
  new Promise((resolve) => {
    const socket = gameSocket(server, sessionId, token);
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve(error.message);
    });
  });
