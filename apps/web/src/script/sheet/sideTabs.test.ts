import { describe, expect, it } from 'vitest';
import {
  closeSideTabs,
  cycleTab,
  JINX_SCROLL_DELAY_MS,
  jinxElementId,
  nextTabState,
  setSheetDocument,
  setTabState,
  showJinx,
  useSideTabs,
} from './sideTabs';

describe('side tabs (spec 3 §4)', () => {
  it('cycle closed, mid, open, closed', () => {
    expect(nextTabState('closed')).toBe('mid');
    expect(nextTabState('mid')).toBe('open');
    expect(nextTabState('open')).toBe('closed');
  });

  it('keep one tab out at a time, each with its own cycle', () => {
    closeSideTabs();
    cycleTab('firstNight');
    cycleTab('firstNight');
    expect(useSideTabs.getState().tabs.firstNight).toBe('open');
    cycleTab('sheet');
    expect(useSideTabs.getState().tabs).toEqual({ sheet: 'mid', firstNight: 'closed', otherNight: 'closed' });
  });

  it('waits 350 ms before scrolling to a jinx when the sheet must be opened first', () => {
    const scrolled: string[] = [];
    setSheetDocument(
      () =>
        ({
          getElementById: (id: string) => ({ scrollIntoView: () => scrolled.push(id) }),
        }) as unknown as Document,
    );
    const scheduled: { run: () => void; ms: number }[] = [];
    setTabState('sheet', 'mid');
    expect(showJinx('alchemist-spy', (run, ms) => scheduled.push({ run, ms }))).toBe(350);
    expect(JINX_SCROLL_DELAY_MS).toBe(350);
    expect(useSideTabs.getState().tabs.sheet).toBe('open');
    expect(scrolled).toEqual([]);
    scheduled[0]!.run();
    expect(scrolled).toEqual([jinxElementId('alchemist-spy')]);
    // Already open: at once.
    expect(showJinx('alchemist-spy', () => expect.unreachable())).toBe(0);
    expect(scrolled).toHaveLength(2);
    setSheetDocument(null);
  });

  it('closes the pop-out window instead of cycling while the sheet is popped out', () => {
    closeSideTabs();
    let closed = 0;
    useSideTabs.setState({ poppedOut: true, closePopout: () => closed++ });
    cycleTab('sheet');
    expect(closed).toBe(1);
    expect(useSideTabs.getState().tabs.sheet).toBe('closed');
    useSideTabs.setState({ poppedOut: false, closePopout: null });
  });
});
