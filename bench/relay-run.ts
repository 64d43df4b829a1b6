import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { BenchConfig } from './config';
import { type HostThread, utilization } from './host-thread';
import { summarize } from './stats';
import { inBatches, progress, withTimeout } from './timing';
import { seatStep } from './traffic';

export interface RelayResult {
  connectSeconds: number;
  loadSeconds: number;
  messagesSent: number;
  /** Seen by every client of the room. */
  messagesCompleted: number;
  relayMs: number[];
  timeouts: number;
  messagesReceived: number;
  bytesReceived: number;
  serverBusy: number;
  clientBusy: number;
}

/** A relay client: remembers when each sequence number arrived, nothing more. */
class RelayClient {
  readonly socket: WebSocket;
  received = 0;
  bytes = 0;
  private waiting = new Map<number, (at: number) => void>();

  constructor(port: number, room: string) {
    this.socket = new WebSocket(`ws://127.0.0.1:${port}/?room=${encodeURIComponent(room)}`, {
      perMessageDeflate: false,
    });
    this.socket.on('message', (data: WebSocket.RawData) => {
      const at = performance.now();
      const text = data.toString();
      this.received++;
      this.bytes += Buffer.byteLength(text);
      // Parsed like a Socket.IO client parses its frames, so the baseline does not skip that work.
      const { seq } = JSON.parse(text) as { seq: number };
      this.waiting.get(seq)?.(at);
      this.waiting.delete(seq);
    });
  }

  opened(ms: number): Promise<void> {
    return withTimeout(
      new Promise<void>((resolve, reject) => {
        this.socket.once('open', () => resolve());
        this.socket.once('error', reject);
      }),
      ms,
      'opening a relay socket',
    );
  }

  /** Resolves with the arrival time of message `seq`, or rejects after `ms`. */
  arrival(seq: number, ms: number): Promise<number> {
    return withTimeout(
      new Promise<number>((resolve) => this.waiting.set(seq, resolve)),
      ms,
      `relay message ${seq}`,
    ).finally(() => this.waiting.delete(seq));
  }

  close() {
    this.socket.terminate();
  }
}

/** The same traffic as the Belfry phase: per room, the steps its session took, one in flight at a time. */
export const runRelay = async (
  config: BenchConfig,
  server: HostThread,
  stepsBySession: number[],
): Promise<RelayResult> => {
  let began = performance.now();
  const slots = stepsBySession.flatMap((_, room) => Array.from({ length: config.sockets }, () => `room-${room}`));
  const clients: RelayClient[] = [];
  try {
    await inBatches(slots, config.connectBatch, async (room, index) => {
      const client = new RelayClient(server.port, room);
      clients[index] = client;
      await client.opened(30_000);
    });
    const connectSeconds = (performance.now() - began) / 1000;
    progress(`ws relay: ${clients.length} sockets open in ${connectSeconds.toFixed(1)} s`);
    const byRoom = stepsBySession.map((_, r) => clients.slice(r * config.sockets, (r + 1) * config.sockets));

    const total = stepsBySession.reduce((sum, steps) => sum + steps, 0);
    const relayMs: number[] = [];
    let timeouts = 0;
    let sent = 0;
    let seq = 0;
    const serverBefore = await server.loopTime();
    const clientBefore = performance.eventLoopUtilization();
    began = performance.now();
    const ticker = setInterval(() => {
      const seconds = (performance.now() - began) / 1000;
      const p50 = summarize(relayMs).p50;
      progress(
        `ws relay: ${sent}/${total} messages, ${(sent / seconds).toFixed(0)}/s, p50 so far ${p50.toFixed(1)} ms`,
      );
    }, 5000);

    const runRoom = async (room: RelayClient[], r: number) => {
      for (let step = 0; step < (stepsBySession[r] ?? 0); step++) {
        const { player, seat, claim } = seatStep(step, config.sockets);
        const sender = room[player];
        if (!sender) throw new Error(`room ${r} has no socket ${player}`);
        const id = seq++;
        const arrivals = room.map((client) => client.arrival(id, config.intentTimeoutMs));
        sent++;
        const emitted = performance.now();
        sender.socket.send(JSON.stringify({ seq: id, type: 'claimSeat', index: claim ? seat : -1 }));
        const settled = await Promise.allSettled(arrivals);
        const times = settled.flatMap((arrival) => (arrival.status === 'fulfilled' ? [arrival.value] : []));
        if (times.length < settled.length) timeouts++;
        else relayMs.push(Math.max(...times) - emitted);
      }
    };
    try {
      await withTimeout(
        Promise.all(byRoom.map(runRoom)),
        (config.maxLoadSeconds + config.intentTimeoutMs / 1000 + 10) * 1000,
        'the ws relay load phase',
      );
    } finally {
      clearInterval(ticker);
    }
    const loadSeconds = (performance.now() - began) / 1000;
    const clientBusy = performance.eventLoopUtilization(clientBefore).utilization;
    const serverBusy = utilization(serverBefore, await server.loopTime());
    progress(`ws relay: ${sent} messages in ${loadSeconds.toFixed(1)} s`);
    return {
      connectSeconds,
      loadSeconds,
      messagesSent: sent,
      messagesCompleted: relayMs.length,
      relayMs,
      timeouts,
      messagesReceived: clients.reduce((sum, client) => sum + client.received, 0),
      bytesReceived: clients.reduce((sum, client) => sum + client.bytes, 0),
      serverBusy,
      clientBusy,
    };
  } finally {
    for (const client of clients) client.close();
  }
};
