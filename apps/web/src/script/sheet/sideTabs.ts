import type { SessionView } from '@belfry/engine';
import { create } from 'zustand';
import { currentNightKind } from '../nightorder/nightOrder';
import { isEditionLoaded } from './sheetData';

/** Spec 3 §4: the night order and character sheet tabs cycle closed, mid, open, closed. */
export type TabState = 'closed' | 'mid' | 'open';
export type SideTab = 'sheet' | 'firstNight' | 'otherNight';

export const SIDE_TABS: readonly SideTab[] = ['sheet', 'firstNight', 'otherNight'];

export const nextTabState = (state: TabState): TabState =>
  state === 'closed' ? 'mid' : state === 'mid' ? 'open' : 'closed';

/** Spec 3 §4: scrolling to a jinx waits 350 ms when the tab must be opened first. */
export const JINX_SCROLL_DELAY_MS = 350;

export interface SideTabsState {
  tabs: Record<SideTab, TabState>;
  /** The character sheet sits in its own picture-in-picture window. */
  poppedOut: boolean;
  /** Set by the sheet to close its pop-out window (toggling the tab while popped out closes it). */
  closePopout: (() => void) | null;
}

const ALL_CLOSED: Record<SideTab, TabState> = { sheet: 'closed', firstNight: 'closed', otherNight: 'closed' };

export const useSideTabs = create<SideTabsState>(() => ({
  tabs: { ...ALL_CLOSED },
  poppedOut: false,
  closePopout: null,
}));

/**
 * Sets one tab; the tabs share the right edge, so opening one closes the others (each keeps its own
 * cycle).
 */
export const setTabState = (tab: SideTab, state: TabState): void =>
  useSideTabs.setState((current) => ({
    tabs: state === 'closed' ? { ...current.tabs, [tab]: 'closed' } : { ...ALL_CLOSED, [tab]: state },
  }));

/** A click on a tab (or its menu item / shortcut): the next state of its cycle. */
export const cycleTab = (tab: SideTab): void => {
  const { tabs, poppedOut, closePopout } = useSideTabs.getState();
  // While the sheet is popped out, toggling its tab closes the window and brings the sheet back.
  if (tab === 'sheet' && poppedOut && closePopout) {
    closePopout();
    return;
  }
  setTabState(tab, nextTabState(tabs[tab]));
};

export const closeSideTabs = (): void => useSideTabs.setState({ tabs: { ...ALL_CLOSED } });

const JINX_ID_PREFIX = 'sheet-jinx-';

export const jinxElementId = (key: string): string => `${JINX_ID_PREFIX}${key}`;

/** The document the sheet is in now (the pop-out window's, or this one). */
let sheetDocument: () => Document = () => document;
export const setSheetDocument = (get: (() => Document) | null): void => {
  sheetDocument = get ?? (() => document);
};

const scrollToJinx = (key: string): void =>
  sheetDocument().getElementById(jinxElementId(key))?.scrollIntoView({ behavior: 'smooth', block: 'center' });

/**
 * Shows a jinx: a smooth scroll to it, after 350 ms when the sheet tab must be opened first (the
 * jinxes are listed only in the open tab). Returns the delay used.
 */
export const showJinx = (key: string, schedule: (run: () => void, ms: number) => void = setTimeout): number => {
  const { tabs, poppedOut } = useSideTabs.getState();
  if (poppedOut || tabs.sheet === 'open') {
    scrollToJinx(key);
    return 0;
  }
  setTabState('sheet', 'open');
  schedule(() => scrollToJinx(key), JINX_SCROLL_DELAY_MS);
  return JINX_SCROLL_DELAY_MS;
};
/** Spec 3 §4: the night order tabs need grimoire access or the player night-order setting, and an edition. */
export const showsNightOrder = (view: SessionView, playerSetting: boolean): boolean =>
  (view.viewer.grimoireAccess || playerSetting) && isEditionLoaded(view);

/** The character sheet tab shows once an edition is loaded. */
export const showsSheet = (view: SessionView): boolean => isEditionLoaded(view);

/** The night tab the menu item and the o key mean now. */
export const nightTabNow = (view: SessionView): SideTab =>
  currentNightKind(view.game.phase) === 'first' ? 'firstNight' : 'otherNight';
