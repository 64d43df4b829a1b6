import { JOIN_LEAVE_NOTICE_DELAY_MS } from '@belfry/engine';

export type PresenceKind = 'joined' | 'left';

export interface PresenceChange {
  id: string;
  username: string;
  kind: PresenceKind;
}

type PresenceUsers = Readonly<Record<string, { username: string; isOnline: boolean }>>;

/**
 * Who came online or went offline between two views of the same session. A user new to the
 * session counts as joined when online; the viewer is never announced to themselves.
 */
export const presenceChanges = (previous: PresenceUsers, next: PresenceUsers, viewerId: string): PresenceChange[] => {
  const changes: PresenceChange[] = [];
  for (const [id, user] of Object.entries(next)) {
    if (id === viewerId) continue;
    const before = previous[id]?.isOnline ?? false;
    if (before !== user.isOnline)
      changes.push({ id, username: user.username, kind: user.isOnline ? 'joined' : 'left' });
  }
  for (const [id, user] of Object.entries(previous)) {
    // Gone from the session altogether while online: a leave.
    if (id !== viewerId && !(id in next) && user.isOnline) changes.push({ id, username: user.username, kind: 'left' });
  }
  return changes;
};

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Spec 2 §4 "Join and leave notices": each notice waits 3 s and is cancelled when the opposite
 * event for the same user arrives meanwhile (a reload or a flaky connection says nothing).
 */
export class PresenceNotices {
  private readonly waiting = new Map<string, { kind: PresenceKind; handle: unknown }>();

  constructor(
    private readonly announce: (change: PresenceChange) => void,
    private readonly delayMs: number = JOIN_LEAVE_NOTICE_DELAY_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  push(change: PresenceChange): void {
    const pending = this.waiting.get(change.id);
    if (pending) {
      this.timers.clear(pending.handle);
      this.waiting.delete(change.id);
      // The opposite event within the delay cancels both; the same event again restarts the wait.
      if (pending.kind !== change.kind) return;
    }
    const handle = this.timers.set(() => {
      this.waiting.delete(change.id);
      this.announce(change);
    }, this.delayMs);
    this.waiting.set(change.id, { kind: change.kind, handle });
  }

  get pendingCount(): number {
    return this.waiting.size;
  }

  /** Forgets everything waiting (leaving the session, switching sessions). */
  clear(): void {
    for (const { handle } of this.waiting.values()) this.timers.clear(handle);
    this.waiting.clear();
  }
}
