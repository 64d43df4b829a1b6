import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { MEDIA_TOKEN_AUDIENCE, type MediaPolicyWire } from '@belfry/protocol';
import { childrenOf, commandName, isAlive } from './voice-proc';
import { sleep } from './timing';

/**
 * A real chat server (apps/media) with its real Janus, as a child process: what Belfry's server does
 * for it (room policies, user tickets) is done here by hand, the same way.
 */
export interface ChatServer {
  url: string;
  mediaPid: number;
  janusPid: number;
  /** Pushes a room's policy: every user publishes and hears all the others. */
  policy(roomId: string, userIds: readonly string[]): Promise<void>;
  /** A ticket as Belfry's server mints it (apps/server media/mediaLink.ts). */
  ticket(roomId: string, userId: string): string;
  /** SIGTERM (the chat server stops its Janus), SIGKILL after a grace; says what was left and ended. */
  stop(): Promise<string[]>;
  /** The last lines the chat server printed. */
  output(): string[];
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** HS256 JWT: what `jose`'s SignJWT makes in apps/server, without the dependency. */
export const signTicket = (secret: string, roomId: string, userId: string, ttlSeconds = 600): string => {
  const iat = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256' }));
  const claims = { room: roomId, sub: userId, aud: MEDIA_TOKEN_AUDIENCE, iat, exp: iat + ttlSeconds };
  const body = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

export interface ChatServerOptions {
  /** The address Janus gathers ICE candidates on (MEDIA_ICE_IP). */
  iceIp: string;
  rtpPorts: readonly [number, number];
  /** The core the chat server and its Janus are pinned to (taskset), or null. */
  cpu: number | null;
}

const waitExit = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

export const startChatServer = async (options: ChatServerOptions): Promise<ChatServer> => {
  const secret = randomBytes(24).toString('base64url');
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', 'apps/media/src/main.ts'];
  const [file, ...args] = options.cpu === null ? node : ['taskset', '-c', String(options.cpu), ...node];
  const child = spawn(file!, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      MEDIA_SECRET: secret,
      MEDIA_PORT: String(port),
      MEDIA_HOST: '127.0.0.1',
      MEDIA_ICE_IP: options.iceIp,
      MEDIA_RTP_PORTS: `${options.rtpPorts[0]}-${options.rtpPorts[1]}`,
    },
  });
  // Should this process end without stop() (an uncaught error), the chat server goes with it; its Janus
  // dies with the chat server (PR_SET_PDEATHSIG, apps/media janus/process.ts).
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const lines: string[] = [];
  const record = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout.on('data', record);
  child.stderr.on('data', record);

  const started = await new Promise<{ janusPid: number } | Error>((resolve) => {
    const timer = setTimeout(() => resolve(new Error('the chat server did not start within 30 s')), 30_000);
    const check = () => {
      const ready = lines.map((line) => /listening on port \d+, Janus pid (\d+)/.exec(line)).find(Boolean);
      if (ready) {
        clearTimeout(timer);
        resolve({ janusPid: Number(ready[1]) });
      } else if (lines.some((line) => line.includes('no voice'))) {
        clearTimeout(timer);
        resolve(new Error('the chat server runs without voice (is Janus installed?)'));
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(new Error(`the chat server exited (${code})`));
    });
  });

  const stop = async (): Promise<string[]> => {
    const notes: string[] = [];
    const janusPid = started instanceof Error ? null : started.janusPid;
    child.kill('SIGTERM');
    if (!(await waitExit(child, 8_000))) {
      child.kill('SIGKILL');
      await waitExit(child, 2_000);
      notes.push(`chat server (pid ${child.pid}) killed after 8 s`);
    }
    if (janusPid !== null) {
      for (let i = 0; i < 20 && isAlive(janusPid); i++) await sleep(100);
      if (isAlive(janusPid) && commandName(janusPid) === 'janus') {
        process.kill(janusPid, 'SIGKILL');
        notes.push(`Janus (pid ${janusPid}) was still running: killed`);
      }
      notes.push(isAlive(janusPid) ? `Janus (pid ${janusPid}) is STILL running` : `Janus (pid ${janusPid}) is gone`);
    }
    process.off('exit', killOnExit);
    return notes;
  };

  if (started instanceof Error) {
    await stop();
    throw new Error(`${started.message}:\n${lines.slice(-15).join('\n')}`);
  }
  const mediaPid = child.pid!;
  // The pid the chat server names must be its own child: the Janus it runs, not another one.
  if (!childrenOf(mediaPid).includes(started.janusPid) || commandName(started.janusPid) !== 'janus') {
    await stop();
    throw new Error(`pid ${started.janusPid} is not a janus child of the chat server (pid ${mediaPid})`);
  }

  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    mediaPid,
    janusPid: started.janusPid,
    policy: async (roomId, userIds) => {
      const grants = Object.fromEntries(
        userIds.map((userId) => {
          const others = userIds.filter((other) => other !== userId);
          return [userId, { publish: true, hears: others, sees: others }];
        }),
      );
      const policy: MediaPolicyWire = { sessionId: roomId, version: 1, grants };
      const res = await fetch(`${url}/rooms/${encodeURIComponent(roomId)}/policy`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(policy),
      });
      if (res.status !== 204) throw new Error(`policy of ${roomId}: HTTP ${res.status} ${await res.text()}`);
    },
    ticket: (roomId, userId) => signTicket(secret, roomId, userId),
    stop,
    output: () => [...lines],
  };
};
