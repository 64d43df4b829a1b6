import WebSocket from 'ws';
import { stampedLater } from './arrival';
import type { LastArrival } from './last-arrival';
import { withTimeout } from './timing';

/** What the relay carries: a sequence number the receivers wait for, and a body of a Belfry intent's size. */
export interface RelayMessage {
  seq: number;
  type: string;
  [field: string]: unknown;
}

/** A relay client: remembers when each sequence number arrived (`now()`), nothing more. */
export class RelayClient {
  readonly socket: WebSocket;
  received = 0;
  bytes = 0;
  private waiting = new Map<number, LastArrival>();

  constructor(port: number, room: string) {
    this.socket = new WebSocket(`ws://127.0.0.1:${port}/?room=${encodeURIComponent(room)}`, {
      perMessageDeflate: false,
    });
    // Stamped as it comes off the socket and handled a moment later, as Belfry's clients (arrival.ts).
    this.socket.on(
      'message',
      stampedLater((at, data: WebSocket.RawData) => {
        const text = data.toString();
        this.received++;
        this.bytes += Buffer.byteLength(text);
        // Parsed like a Socket.IO client parses its frames, so the baseline does not skip that work.
        const { seq } = JSON.parse(text) as RelayMessage;
        const arrival = this.waiting.get(seq);
        if (!arrival) return;
        this.waiting.delete(seq);
        arrival.arrived(at);
      }),
    );
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

  /** Tells `arrival` when message `seq` comes. */
  expect(seq: number, arrival: LastArrival): void {
    this.waiting.set(seq, arrival);
  }

  /** Forgets message `seq` (its arrival has ended). */
  forget(seq: number): void {
    this.waiting.delete(seq);
  }

  send(message: RelayMessage) {
    this.socket.send(JSON.stringify(message));
  }

  close() {
    this.socket.terminate();
  }
}
