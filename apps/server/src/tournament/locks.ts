import type { FastifyBaseLogger } from 'fastify';
import type { TournamentStore } from './store';

/** A timer never waits longer than this before looking again (another node may have imported meanwhile). */
const MAX_WAIT_MS = 60 * 60_000;
/** After a failed count (the database away), the next try. */
const RETRY_MS = 10_000;

/**
 * Counts each match when its vote locks (spec 3 §4 "Points come from vote share"): one timer for the
 * next lock; `run` also counts every match that locked while no server was running (called at the
 * start) and after an import. Runs one at a time; counting twice writes once (store.countDue).
 */
export class TournamentLocks {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: TournamentStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts what is due now and sets the timer for the next lock. */
  run(): Promise<void> {
    this.running = this.running.then(() => this.step());
    return this.running;
  }

  private async step(): Promise<void> {
    if (this.closed) return;
    this.clear();
    let wait: number | null;
    try {
      const tournament = await this.store.load();
      if (!tournament) return;
      const now = Date.now();
      const counted = await this.store.countDue(tournament, now);
      if (counted.length > 0) this.log.info({ matches: counted }, 'tournament matches counted');
      const next = await this.store.nextDue(tournament, now);
      wait = next === null ? null : Math.max(0, next - Date.now());
    } catch (err) {
      this.log.error({ err }, 'tournament count failed');
      wait = RETRY_MS;
    }
    if (wait === null || this.closed) return;
    this.timer = setTimeout(() => void this.run(), Math.min(wait + 5, MAX_WAIT_MS));
    this.timer.unref();
  }

  private clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stops the timer and waits for a count under way (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    this.clear();
    await this.running;
  }
}
