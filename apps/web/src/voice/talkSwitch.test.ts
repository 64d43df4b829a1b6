import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TO_TALK_GRACE_MS, talkSwitch } from './talkSwitch';

describe('push-to-talk (spec 2 §9: release grace 250 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('talks while held and for 250 ms after release, then stops', () => {
    const seen: boolean[] = [];
    const ptt = talkSwitch((talking) => seen.push(talking));
    ptt.press();
    expect(seen).toEqual([true]);
    ptt.release();
    vi.advanceTimersByTime(PUSH_TO_TALK_GRACE_MS - 1);
    expect(seen).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([true, false]);
    expect(PUSH_TO_TALK_GRACE_MS).toBe(250);
  });

  it('a press within the grace keeps talking with no gap; key repeats change nothing', () => {
    const seen: boolean[] = [];
    const ptt = talkSwitch((talking) => seen.push(talking));
    ptt.press();
    ptt.press(); // auto-repeat
    ptt.release();
    vi.advanceTimersByTime(200);
    ptt.press();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([true]);
    ptt.release();
    ptt.release();
    vi.advanceTimersByTime(PUSH_TO_TALK_GRACE_MS);
    expect(seen).toEqual([true, false]);
  });

  it('reset stops at once', () => {
    const seen: boolean[] = [];
    const ptt = talkSwitch((talking) => seen.push(talking));
    ptt.press();
    ptt.reset();
    expect(seen).toEqual([true, false]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([true, false]);
  });
});
