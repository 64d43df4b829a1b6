import { JOIN_LEAVE_NOTICE_DELAY_MS } from '@belfry/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceNotices, presenceChanges, type PresenceChange } from './presenceNotices';

const users = (online: Record<string, boolean>) =>
  Object.fromEntries(Object.entries(online).map(([id, isOnline]) => [id, { username: id.toUpperCase(), isOnline }]));

describe('presenceChanges', () => {
  it('reports who came online and who went offline, never the viewer', () => {
    const before = users({ me: true, ann: true, bob: false, cid: true });
    const after = users({ me: false, ann: false, bob: true, cid: true, dee: true, eve: false });
    expect(presenceChanges(before, after, 'me')).toEqual([
      { id: 'ann', username: 'ANN', kind: 'left' },
      { id: 'bob', username: 'BOB', kind: 'joined' },
      { id: 'dee', username: 'DEE', kind: 'joined' },
    ]);
  });

  it('counts an online user who vanished from the session as left', () => {
    expect(presenceChanges(users({ ann: true }), {}, 'me')).toEqual([{ id: 'ann', username: 'ANN', kind: 'left' }]);
  });
});

describe('PresenceNotices (spec 2 §4: delayed 3 s, cancelled by the opposite event)', () => {
  let shown: PresenceChange[];
  let notices: PresenceNotices;
  const joined = (id: string): PresenceChange => ({ id, username: id, kind: 'joined' });
  const left = (id: string): PresenceChange => ({ id, username: id, kind: 'left' });

  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    notices = new PresenceNotices((change) => shown.push(change));
  });
  afterEach(() => vi.useRealTimers());

  it('waits 3 s before showing', () => {
    expect(JOIN_LEAVE_NOTICE_DELAY_MS).toBe(3_000);
    notices.push(joined('ann'));
    vi.advanceTimersByTime(2_999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([joined('ann')]);
    expect(notices.pendingCount).toBe(0);
  });

  it('a leave within 3 s cancels the join, and shows neither', () => {
    notices.push(joined('ann'));
    vi.advanceTimersByTime(2_000);
    notices.push(left('ann'));
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual([]);
  });

  it('a join within 3 s of a leave (a reload) shows nothing', () => {
    notices.push(left('bob'));
    vi.advanceTimersByTime(500);
    notices.push(joined('bob'));
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual([]);
  });

  it('an opposite event after the notice was shown starts its own notice', () => {
    notices.push(left('bob'));
    vi.advanceTimersByTime(3_000);
    notices.push(joined('bob'));
    vi.advanceTimersByTime(3_000);
    expect(shown).toEqual([left('bob'), joined('bob')]);
  });

  it('keeps users apart, and clear() drops what waits', () => {
    notices.push(joined('ann'));
    notices.push(left('bob'));
    notices.push(left('ann'));
    vi.advanceTimersByTime(3_000);
    expect(shown).toEqual([left('bob')]);
    notices.push(joined('cid'));
    notices.clear();
    vi.advanceTimersByTime(3_000);
    expect(shown).toEqual([left('bob')]);
  });

  it('takes injected timers', () => {
    const planned: { run: () => void; ms: number }[] = [];
    const own = new PresenceNotices((change) => shown.push(change), 3_000, {
      set: (run, ms) => planned.push({ run, ms }),
      clear: () => undefined,
    });
    own.push(joined('dee'));
    expect(planned.map((p) => p.ms)).toEqual([3_000]);
    planned[0]!.run();
    expect(shown).toEqual([joined('dee')]);
  });
});
