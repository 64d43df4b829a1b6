import { type Browser, test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Page } from '@playwright/test';

/** Marks both tours of the table as seen in this browser (apps/web/src/table/tour.ts). */
export const seeTours = () => {
  try {
    if (localStorage.getItem('belfry.tour.done') === null)
      localStorage.setItem('belfry.tour.done', 'storyteller,player');
  } catch {
    // A frame without storage (about:blank) has no tour either.
  }
};

/** Every context `browser` opens from now on starts as a browser that has seen both tours; returns the undo. */
export const withToursSeen = (browser: Browser): (() => void) => {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(seeTours);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
};

/**
 * The browser tests' `test`: every browser context a test opens is closed when it ends. The tests
 * open their users' contexts by hand (several users per test), and one worker keeps one browser for
 * the whole run: a context left open keeps its page running (timers, a socket retrying a stopped
 * server), and a few dozen of them starve a 2-core machine. The table's first-visit tour is marked
 * as seen in every context unless a test asks for it (`test.use({ showTour: true })`).
 */
export const test = base.extend<{ closeContexts: void; showTour: boolean; tourSeen: void }>({
  closeContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
    { auto: true },
  ],
  /** Whether the table's first-visit tour shows (tour.spec.ts); elsewhere it would cover what a test clicks. */
  showTour: [false, { option: true }],
  tourSeen: [
    async ({ browser, showTour }, use) => {
      if (showTour) return use();
      const restore = withToursSeen(browser);
      await use();
      restore();
    },
    { auto: true },
  ],
  // The `page` fixture's own context too.
  context: async ({ context, showTour }, use) => {
    if (!showTour) await context.addInitScript(seeTours);
    await use(context);
  },
});
