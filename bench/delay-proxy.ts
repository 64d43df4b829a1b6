import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A TCP proxy on 127.0.0.1 that holds every chunk for a fixed time before passing it on, in both
 * directions and in order: a player at `delayMs` one-way latency. It also records how late its
 * timers actually passed each chunk on, so that a proxy artefact can be told apart from a server one.
 */
export class DelayProxy {
  /** ms each chunk left after it was due (timer and event-loop lag), both directions. */
  readonly lateness: number[] = [];
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly delayMs: number,
    private readonly targetPort: number,
  ) {
    this.server = net.createServer((client) => this.connect(client));
  }

  static async start(targetPort: number, delayMs: number): Promise<DelayProxy> {
    const proxy = new DelayProxy(delayMs, targetPort);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get port(): number {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the proxy is not listening');
    return address.port;
  }

  /** Forgets the lateness recorded so far (the setup's), so that only the measured phase counts. */
  resetStats() {
    this.lateness.length = 0;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private connect(client: net.Socket) {
    const upstream = net.connect({ host: '127.0.0.1', port: this.targetPort });
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    }
    this.pipe(client, upstream);
    this.pipe(upstream, client);
  }

  /** Passes `from`'s chunks (and its end) to `to`, each `delayMs` after it arrived, never reordering them. */
  private pipe(from: net.Socket, to: net.Socket) {
    const queue: { due: number; chunk: Buffer | null }[] = [];
    let timer: NodeJS.Timeout | null = null;
    const drain = () => {
      timer = null;
      const now = performance.now();
      while (queue[0] && queue[0].due <= now + 0.5) {
        const { due, chunk } = queue.shift()!;
        if (chunk === null) {
          if (!to.destroyed) to.end();
          return;
        }
        this.lateness.push(Math.max(0, now - due));
        if (!to.destroyed) to.write(chunk);
      }
      if (queue[0]) timer = setTimeout(drain, queue[0].due - now);
    };
    const push = (chunk: Buffer | null) => {
      queue.push({ due: performance.now() + this.delayMs, chunk });
      if (!timer) drain();
    };
    from.on('data', (chunk: Buffer) => push(chunk));
    from.on('end', () => push(null));
    // A clean end travels through the queue like data; a failure ends the other side at once.
    from.on('error', () => {
      if (timer) clearTimeout(timer);
      queue.length = 0;
      to.destroy();
    });
  }
}
