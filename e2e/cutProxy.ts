import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a server, for a browser whose connection must drop while the
 * server stays up (a restart would also reset what the test set up on it, such as rate buckets):
 * `cut()` ends every connection that passes through it now; new ones pass again. It notes when each
 * Socket.IO connection attempt begins (engine.io's opening request, the one without a `sid`).
 */
export class CutProxy {
  /** When each Socket.IO connection attempt reached the proxy (ms since the epoch). */
  readonly attempts: number[] = [];
  private readonly server: net.Server;
  private readonly open = new Set<net.Socket>();

  private constructor(private readonly targetPort: number) {
    this.server = net.createServer((client) => this.pass(client));
  }

  static async start(targetPort: number): Promise<CutProxy> {
    const proxy = new CutProxy(targetPort);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  cut(): void {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pass(client: net.Socket): void {
    const upstream = net.connect({ host: '127.0.0.1', port: this.targetPort });
    this.open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
      this.open.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      // Request lines are short and come first in their chunk; a keep-alive connection carries several.
      for (const [, query] of chunk.toString('latin1').matchAll(/^GET \/backend\/socket\/\?(\S*) HTTP/gm)) {
        if (!/(^|&)sid=/.test(query!)) this.attempts.push(Date.now());
      }
    });
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  }
}
