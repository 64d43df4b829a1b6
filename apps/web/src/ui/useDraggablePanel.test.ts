import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clampPanelPoint,
  clampPanelSize,
  debounced,
  DOCKED_POSITION,
  PANEL_SAVE_DEBOUNCE_MS,
  parsePanelPosition,
} from './useDraggablePanel';

const screen = { width: 1366, height: 768 };

describe('panel positions (spec 3 §3: x, y, width, height, vertical, minimized)', () => {
  it('reads a stored position and falls back to the docked one', () => {
    const stored = { x: 40, y: 50, width: 300, height: 120, vertical: true, minimized: false };
    expect(parsePanelPosition(JSON.stringify(stored))).toEqual(stored);
    expect(parsePanelPosition(null)).toEqual(DOCKED_POSITION);
    expect(parsePanelPosition('not json')).toEqual(DOCKED_POSITION);
    expect(parsePanelPosition(JSON.stringify({ x: 10, vertical: 'yes', width: -3 }))).toEqual(DOCKED_POSITION);
  });

  it('clamps a dragged panel to the window (spec 3 §4)', () => {
    const size = { width: 300, height: 100 };
    expect(clampPanelPoint({ x: -20, y: -5 }, size, screen)).toEqual({ x: 0, y: 0 });
    expect(clampPanelPoint({ x: 1300, y: 760 }, size, screen)).toEqual({ x: 1066, y: 668 });
    expect(clampPanelPoint({ x: 100.4, y: 200.6 }, size, screen)).toEqual({ x: 100, y: 201 });
    // Larger than the window: its corner stays on screen.
    expect(clampPanelPoint({ x: 50, y: 50 }, { width: 2000, height: 900 }, screen)).toEqual({ x: 0, y: 0 });
  });

  it('keeps a resized panel between its minimum and the window edge', () => {
    const min = { width: 160, height: 60 };
    expect(clampPanelSize({ width: 50, height: 20 }, { x: 0, y: 0 }, screen, min)).toEqual(min);
    expect(clampPanelSize({ width: 900, height: 900 }, { x: 1000, y: 600 }, screen, min)).toEqual({
      width: 366,
      height: 168,
    });
  });
});

describe('saving (spec 3 §9: resize debounce 500 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, 500 ms after the last change', () => {
    vi.useFakeTimers();
    const saved: number[] = [];
    const save = debounced((value: number) => saved.push(value));
    expect(PANEL_SAVE_DEBOUNCE_MS).toBe(500);
    save.call(1);
    vi.advanceTimersByTime(300);
    save.call(2);
    vi.advanceTimersByTime(499);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual([2]);
  });

  it('saves a pending change at once when flushed', () => {
    vi.useFakeTimers();
    const saved: number[] = [];
    const save = debounced((value: number) => saved.push(value));
    save.call(7);
    save.flush();
    expect(saved).toEqual([7]);
    vi.advanceTimersByTime(1000);
    expect(saved).toEqual([7]);
  });
});
