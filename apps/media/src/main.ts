import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { findJanusBinary } from './janus';
import { JanusSfu } from './janusSfu';
import { startMedia } from './media';
import type { Sfu } from './sfu';

const env = process.env;
const secret = env.MEDIA_SECRET ?? '';
if (!secret) {
  console.error("MEDIA_SECRET is not set: give this chat server and Belfry's server the same secret.");
  process.exit(1);
}

/** The first IPv4 address that is not loopback: where Janus gathers ICE candidates unless MEDIA_ICE_IP says. */
const firstIPv4 = (): string | undefined =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const range = (text: string): [number, number] => {
  const [min, max] = text.split('-').map(Number);
  if (!min || !max || min > max) throw new Error(`MEDIA_RTP_PORTS must look like 20000-20999, got ${text}`);
  return [min, max];
};

const startSfu = async (): Promise<Sfu | null> => {
  if (env.MEDIA_JANUS === 'off') return null;
  if (!findJanusBinary()) {
    console.warn('Janus is not installed: voice and video are off (Debian: apt-get install janus).');
    return null;
  }
  const iceIp = env.MEDIA_ICE_IP ?? firstIPv4();
  if (!iceIp) {
    console.warn('No IPv4 address for media (MEDIA_ICE_IP): voice and video are off.');
    return null;
  }
  const [stunHost, stunPort] = (env.MEDIA_STUN ?? '').split(':');
  const turn = /^([^:]+):([^@]+)@([^:]+):(\d+)$/.exec(env.MEDIA_TURN ?? '');
  return JanusSfu.start({
    apiSecret: randomBytes(24).toString('base64url'),
    interface: iceIp,
    rtpPortRange: range(env.MEDIA_RTP_PORTS ?? '20000-20999'),
    ...(env.MEDIA_PUBLIC_IP ? { natPublicIp: env.MEDIA_PUBLIC_IP } : {}),
    ...(stunHost ? { stunServer: { host: stunHost, port: Number(stunPort || 3478) } } : {}),
    ...(turn ? { turn: { user: turn[1]!, pwd: turn[2]!, server: turn[3]!, port: Number(turn[4]) } } : {}),
  });
};

const sfu = await startSfu();
const media = await startMedia({
  port: Number(env.MEDIA_PORT ?? 8090),
  host: env.MEDIA_HOST ?? '0.0.0.0',
  secret,
  sfu,
});
console.log(`Belfry chat server listening on port ${media.port}${sfu ? `, Janus pid ${sfu.pid}` : ', no voice'}`);

let stopping = false;
const stop = (code: number) => {
  stopping = true;
  void media.close().finally(() => process.exit(code));
};

// Started by Belfry's server as its local chat server (apps/server media/localChatServer.ts): say where,
// and end with it, however it ends (its IPC channel closes even when it is killed).
if (env.MEDIA_PARENT && process.send) {
  process.send({ type: 'ready', port: media.port, voice: sfu !== null });
  process.once('disconnect', () => stop(0));
}

// Without its media engine a chat server is no use: stop, so the operator's supervisor restarts both.
if (sfu instanceof JanusSfu) {
  void sfu.exited.then((code) => {
    if (stopping) return;
    console.error(`Janus exited (${code ?? 'killed'}): stopping the chat server.`);
    stop(1);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => stop(0));
}
