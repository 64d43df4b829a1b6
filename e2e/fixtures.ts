import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * The browser tests' `test`: every browser context a test opens is closed when it ends. The tests
 * open their users' contexts by hand (several users per test), and one worker keeps one browser for
 * the whole run: a context left open keeps its page running (timers, a socket retrying a stopped
 * server), and a few dozen of them starve a 2-core machine.
 */
export const test = base.extend<{ closeContexts: void }>({
  closeContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((context) => context.close()));
    },
    { auto: true },
  ],
});
