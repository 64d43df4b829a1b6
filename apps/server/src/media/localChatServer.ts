import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ChatServerConfig } from '../config';

/** How long the chat server (and its Janus) may take to come up before Belfry starts without voice. */
const START_TIMEOUT_MS = 30_000;

export interface LocalChatServer {
  server: ChatServerConfig;
  pid: number;
  secret: string;
  stop(): Promise<void>;
}

interface Ready {
  type: 'ready';
  port: number;
  voice: boolean;
}

const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });

/**
 * A one-machine install has voice with no setting (issue 17): unless CHAT_SERVERS names chat servers
 * (or LOCAL_CHAT_SERVER=off), `npm start` runs a chat server (apps/media, with its Janus) as a child
 * of Belfry, on loopback, and browsers reach it through Belfry's own address (mediaForward.ts). The
 * chat server decides whether Janus is there; without it there is no chat server, and one line says
 * how to get voice. The child ends with Belfry, even a killed one (its IPC channel closes).
 */
export const startLocalChatServer = async (
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
): Promise<LocalChatServer | null> => {
  if (env.CHAT_SERVERS || env.LOCAL_CHAT_SERVER === 'off') return null;
  const secret = env.MEDIA_SECRET || randomBytes(24).toString('base64url');
  const main = new URL('./main.ts', import.meta.resolve('@belfry/media'));
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main.pathname], {
    env: { ...env, MEDIA_SECRET: secret, MEDIA_HOST: '127.0.0.1', MEDIA_PORT: '0', MEDIA_PARENT: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), START_TIMEOUT_MS);
    child.once('message', (message: Ready) => {
      clearTimeout(timer);
      resolve(message.type === 'ready' ? message : null);
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  if (!ready?.voice) {
    await stopChild(child);
    say(
      ready
        ? 'Voice and video are off: Janus is not installed (Debian: apt-get install janus), or set CHAT_SERVERS to chat servers on other hosts.'
        : 'Voice and video are off: the local chat server did not start (see above); CHAT_SERVERS can name chat servers on other hosts.',
    );
    return null;
  }
  child.on('exit', (code, signal) =>
    say(`The local chat server stopped (${signal ?? code}): voice and video are off.`),
  );
  say(`Voice and video: a local chat server with Janus (pid ${child.pid}), reached through Belfry's address.`);
  return {
    server: { name: 'Local', url: `http://127.0.0.1:${ready.port}`, viaBelfry: true },
    secret,
    pid: child.pid!,
    stop: () => {
      child.removeAllListeners('exit');
      return stopChild(child);
    },
  };
};
