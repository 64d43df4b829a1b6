import { lockMoment, positionAfterNominee, type SessionView } from '@belfry/engine';
import type { Ack } from '@belfry/protocol';
import { estimateOffset, type OffsetEstimate } from './clock-offset';
import type { DelayProxy } from './delay-proxy';
import { sleep } from './timing';
import { ViewClient } from './view-client';

/** One hand change as the benchmark saw it. Times are ms of the one clock every process here shares. */
export interface HandChange {
  round: number;
  seat: number;
  /** Position of the seat in this vote (0 = the seat after the nominee). */
  position: number;
  delayMs: number;
  /** The player's estimate of serverTime − its clock (the truth is 0). */
  offsetMs: number;
  /** When the hand reaches the seat, from the player's view (voteTimer + (position + 1) × speed). */
  lock: number;
  /** The moment the player aimed at, in server time. */
  target: number;
  /** The true server time when the change left the player: Date.now() at sending. */
  sentAt: number;
  /** `at` as sent: the player's estimate of server time at sending. */
  claimedAt: number;
  /** The aim was already past when the player learned of the vote (sent at once instead). */
  scheduledLate: boolean;
  ackAt: number | null;
  accepted: boolean;
  refusal: string | null;
}

const ACK_TIMEOUT_MS = 10_000;

/** A player behind its own delaying proxy: keeps its view, answers the server's pings, votes by its own clock. */
export class VotePlayer {
  readonly client: ViewClient;
  estimate: OffsetEstimate | null = null;
  /** The offset the player acts on (one of the estimate's two). */
  private chosenOffset: number | null = null;

  constructor(
    readonly proxy: DelayProxy,
    readonly seat: number,
    sessionId: string,
    userId: string,
    token: string,
  ) {
    this.client = new ViewClient(proxy.port, sessionId, userId, token);
  }

  get offset(): number {
    if (this.chosenOffset === null) throw new Error(`player ${this.seat} has no clock offset yet`);
    return this.chosenOffset;
  }

  /** The player's idea of the server's time now. */
  serverNow(): number {
    return Date.now() + this.offset;
  }

  async measureClock(samples: number, clock: 'ntp' | 'naive'): Promise<OffsetEstimate> {
    this.estimate = await estimateOffset(this.client.socket, samples);
    this.chosenOffset = clock === 'ntp' ? this.estimate.offset : this.estimate.naiveOffset;
    return this.estimate;
  }

  /**
   * Raises the hand once at `target` (server time, by the player's own estimate). `view` is the
   * player's view of the running vote; `aim` picks the target from the seat's lock moment.
   */
  async voteAround(round: number, view: SessionView, aim: (lock: number) => number): Promise<HandChange> {
    const lock = lockMoment(view.vote, this.seat, view.seats.length);
    const nomination = view.vote.nomination;
    if (lock === null || !nomination) throw new Error(`player ${this.seat} sees no running vote`);
    const target = aim(lock);
    const wait = target - this.serverNow();
    if (wait > 0) await sleep(wait);
    const sentAt = Date.now();
    const claimedAt = sentAt + this.offset;
    const change: HandChange = {
      round,
      seat: this.seat,
      position: positionAfterNominee(this.seat, nomination[1], view.seats.length),
      delayMs: this.proxy.delayMs,
      offsetMs: this.offset,
      lock,
      target,
      sentAt,
      claimedAt,
      scheduledLate: wait <= 0,
      ackAt: null,
      accepted: false,
      refusal: null,
    };
    try {
      const ack: Ack = await this.client.request('vote', { index: this.seat, value: 1, at: claimedAt }, ACK_TIMEOUT_MS);
      change.ackAt = Date.now();
      change.accepted = ack.ok;
      change.refusal = ack.ok ? null : ack.error.code;
    } catch {
      change.refusal = 'ack_timeout';
    }
    return change;
  }

  close() {
    this.client.close();
  }
}

/**
 * The round trip the server shows for a user, where views carry it (`SessionUser.ping`); null where
 * they do not (a server that keeps the figure to itself).
 */
export const shownRtt = (view: SessionView | null, userId: string): number | null => {
  const ping = (view?.users[userId] as { ping?: unknown } | undefined)?.ping;
  return typeof ping === 'number' ? ping : null;
};
