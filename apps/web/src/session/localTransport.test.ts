import {
  ATTENTION_GONG_HOOK_MS,
  DISTRIBUTE_ROLES_HOOK_MS,
  LOCAL_GAME_ID,
  PHASE_UNDO_WINDOW_MS,
  TIMER_HIDE_AFTER_MS,
  type SessionView,
} from '@belfry/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_GAME_KEY, LOCAL_USER_ID, LocalTransport, readLocalGame, type KeyValueStorage } from './localTransport';

const T0 = 1_700_000_000_000;
const imp = { id: 'imp', name: 'Imp', team: 'demon' as const };

/** localStorage's behaviour, in memory. */
class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const setUp = (storage = new MemoryStorage(), clock = () => Date.now()) => {
  const views: SessionView[] = [];
  const transport = new LocalTransport({ storage, now: clock, username: 'Story', onView: (v) => views.push(v) });
  transport.open();
  const last = (): SessionView => {
    const view = views.at(-1);
    if (!view) throw new Error('no view yet');
    return view;
  };
  return { storage, transport, views, last };
};

const addSeats = (transport: LocalTransport, count: number) => {
  for (let i = 0; i < count; i++)
    expect(transport.request('updateSeats', { op: 'add', count: i })).toEqual({ ok: true });
};

describe('local transport: requests become engine intents (spec 1 §1, a game without a session)', () => {
  it('the local user is the Storyteller of a game without a session id, present, with the whole grimoire', () => {
    const { last } = setUp();
    expect(last().sessionId).toBe(LOCAL_GAME_ID);
    expect(last().viewer).toMatchObject({ id: LOCAL_USER_ID, role: 'storyteller', grimoireAccess: true });
    expect(last().users[LOCAL_USER_ID]).toMatchObject({ username: 'Story', isOnline: true });
  });

  it('seats, names, characters, reminders and phases change as the engine says, and each shows at once', () => {
    const { transport, last } = setUp();
    addSeats(transport, 3);
    expect(transport.request('renameSeat', { index: 1, name: 'Ann' })).toEqual({ ok: true });
    expect(transport.request('updatePlayer', { index: 1, property: 'role', value: imp })).toEqual({ ok: true });
    expect(transport.request('addReminder', { index: 1, role: 'imp', name: 'Dead' })).toEqual({ ok: true });
    expect(transport.request('toggleNight', {})).toEqual({ ok: true });
    const view = last();
    expect(view.seats).toHaveLength(3);
    expect(view.seats[1]).toMatchObject({
      name: 'Ann',
      role: { id: 'imp' },
      reminders: [{ role: 'imp', name: 'Dead' }],
    });
    expect(view.game.isNight).toBe(true);
  });

  it('a bad shape, an unknown event or a refusal changes nothing and says why, like the server', () => {
    const { transport, views } = setUp();
    addSeats(transport, 2);
    const shown = views.length;
    expect(transport.request('updateSeats', { op: 'add', count: 21 })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(transport.request('becomeGod', {})).toMatchObject({ ok: false, error: { code: 'unknown_event' } });
    // A stale seat count is the engine's refusal.
    expect(transport.request('updateSeats', { op: 'add', count: 0 })).toMatchObject({
      ok: false,
      error: { code: 'stale' },
    });
    expect(transport.request('renameSeat', { index: 5, name: 'Ann' })).toMatchObject({
      ok: false,
      error: { code: 'no_such_seat' },
    });
    expect(views).toHaveLength(shown);
    expect(transport.current?.seats).toHaveLength(2);
  });

  it('ping and typing are answered by the transport itself; getGamestate shows the view again', () => {
    const { transport, views } = setUp(new MemoryStorage(), () => T0);
    expect(transport.request('ping', { sentAt: 1 })).toEqual({ ok: true, serverTime: T0 });
    expect(transport.request('textMessageIndicator', { recipientId: '', length: 3 })).toEqual({ ok: true });
    const shown = views.length;
    expect(transport.request('getGamestate', {})).toEqual({ ok: true });
    expect(views).toHaveLength(shown + 1);
  });

  it('after close nothing is applied', () => {
    const { transport } = setUp();
    transport.close();
    expect(transport.request('toggleNight', {})).toMatchObject({ ok: false, error: { code: 'session_disconnected' } });
  });
});

describe('local transport: the game is kept in localStorage (spec 2 §7)', () => {
  it('every change is stored under belfry.localGame and a new transport (a reload) takes it up', () => {
    const first = setUp();
    addSeats(first.transport, 5);
    first.transport.request('renameSeat', { index: 0, name: 'Ann' });
    first.transport.request('updatePlayer', { index: 0, property: 'role', value: imp });
    first.transport.request('toggleNight', {});
    first.transport.close();
    expect(first.storage.getItem(LOCAL_GAME_KEY)).toContain('"Ann"');

    const again = setUp(first.storage);
    const view = again.last();
    expect(view.seats).toHaveLength(5);
    expect(view.seats[0]).toMatchObject({ name: 'Ann', role: { id: 'imp' } });
    expect(view.game.isNight).toBe(true);
    // And it goes on from there.
    expect(again.transport.request('renameSeat', { index: 4, name: 'Eve' })).toEqual({ ok: true });
    expect(readLocalGame(again.storage)?.seats[4]?.name).toBe('Eve');
  });

  it('an unreadable or foreign stored game is replaced by a fresh grimoire', () => {
    for (const stored of ['{nope', '{"format":1,"state":{"sessionId":"abc","seats":[]}}', '{"format":99}', 'null']) {
      const storage = new MemoryStorage();
      storage.setItem(LOCAL_GAME_KEY, stored);
      expect(readLocalGame(storage)).toBeNull();
      const { last } = setUp(storage);
      expect(last().seats).toEqual([]);
      expect(readLocalGame(storage)?.sessionId).toBe(LOCAL_GAME_ID);
    }
  });

  it('a fresh grimoire replaces the kept one', () => {
    const { transport, storage, last } = setUp();
    addSeats(transport, 3);
    transport.reset();
    expect(last().seats).toEqual([]);
    expect(readLocalGame(storage)?.seats).toEqual([]);
  });

  it('a full storage does not stop the game: it goes on in memory', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { transport, last } = setUp(storage);
    addSeats(transport, 1);
    expect(last().seats).toHaveLength(1);
  });
});

describe('local transport: timed steps run from the state (engine timed.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('starting the game shows the distribute-roles hook for 1.5 s, then clears it by itself', () => {
    const { transport, last } = setUp();
    addSeats(transport, 5);
    expect(transport.request('startGame', {})).toEqual({ ok: true });
    expect(last().hook?.name).toBe('distribute-roles');
    expect(DISTRIBUTE_ROLES_HOOK_MS).toBe(1_500);
    vi.advanceTimersByTime(DISTRIBUTE_ROLES_HOOK_MS - 1);
    expect(last().hook?.name).toBe('distribute-roles');
    vi.advanceTimersByTime(1);
    expect(last().hook).toBeNull();
  });

  it('the attention gong lasts 10 s; a timer of 3 s disappears 5 s after it ran out', () => {
    const { transport, last } = setUp();
    expect(transport.request('attention', {})).toEqual({ ok: true });
    expect(transport.request('timer', { title: 'Talk', duration: 3, isPausedDuringVotes: false })).toEqual({
      ok: true,
    });
    expect(ATTENTION_GONG_HOOK_MS).toBe(10_000);
    expect(TIMER_HIDE_AFTER_MS).toBe(5_000);
    vi.advanceTimersByTime(3_000 + TIMER_HIDE_AFTER_MS - 1);
    expect(last().timer).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(last().timer).toBeNull();
    expect(last().hook?.name).toBe('attention-gong');
    vi.advanceTimersByTime(ATTENTION_GONG_HOOK_MS - 8_000);
    expect(last().hook).toBeNull();
  });

  it('a step that fell due while the page was closed runs as soon as the game is opened again', () => {
    const first = setUp();
    first.transport.request('attention', {});
    first.transport.close();
    vi.setSystemTime(T0 + ATTENTION_GONG_HOOK_MS + 60_000);
    const again = setUp(first.storage);
    expect(again.last().hook?.name).toBe('attention-gong');
    vi.advanceTimersByTime(0);
    expect(again.last().hook).toBeNull();
  });

  it('closing stops the clock: nothing changes any more', () => {
    const { transport, views } = setUp();
    transport.request('attention', {});
    transport.close();
    const shown = views.length;
    vi.advanceTimersByTime(ATTENTION_GONG_HOOK_MS * 2);
    expect(views).toHaveLength(shown);
  });

  it('night and day follow the engine, with the undo window of 10 s (spec 1 §4)', () => {
    const { transport, last } = setUp();
    addSeats(transport, 5);
    transport.request('startGame', {});
    vi.advanceTimersByTime(DISTRIBUTE_ROLES_HOOK_MS);
    transport.request('toggleNight', {});
    expect(last().game).toMatchObject({ isNight: true, phase: 1 });
    vi.advanceTimersByTime(PHASE_UNDO_WINDOW_MS + 1);
    transport.request('toggleNight', {});
    expect(last().game).toMatchObject({ isNight: false, phase: 2 });
  });
});
