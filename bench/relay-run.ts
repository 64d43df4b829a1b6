import type { ClientPool } from './client-pool';
import type { BenchConfig } from './config';
import type { HostThread } from './host-thread';
import { type ClosedRun, closedLoop, type OpenRun, openLoop } from './belfry-run';
import { now, progress } from './timing';

export interface RelayResult {
  connectSeconds: number;
  closed: ClosedRun;
  open: OpenRun | null;
}

/**
 * The baseline on the same client threads: the same rooms and sockets, per room exactly the steps its
 * session took in the closed loop, then the same open-loop schedule (same seed) as Belfry had.
 */
export const runRelay = async (
  config: BenchConfig,
  host: HostThread,
  pool: ClientPool,
  stepsBySession: number[],
): Promise<RelayResult> => {
  const began = now();
  const batch = Math.max(1, Math.ceil(config.connectBatch / pool.size));
  const indexes = stepsBySession.map((_, index) => index);
  await pool.all((t) => ({
    type: 'connectRelay',
    port: host.port,
    rooms: indexes.filter((index) => pool.threadOf(index) === t),
    sockets: config.sockets,
    batch,
  }));
  const connectSeconds = (now() - began) / 1000;
  progress(`ws relay: ${indexes.length * config.sockets} sockets open in ${connectSeconds.toFixed(1)} s`);
  const { stepsBySession: _, ...closed } = await closedLoop(config, host, pool, 'ws relay', stepsBySession);
  const open = config.openSeconds > 0 ? await openLoop(config, host, pool, 'ws relay') : null;
  return { connectSeconds, closed, open };
};
