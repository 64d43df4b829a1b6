import { type Browser, expect, type Page } from '@playwright/test';
import type { Tokens } from '../api';
import type { ServerProcess } from '../server';

/**
 * Helpers for the game table, shared by tests/game.spec.ts and the game screenshots (not a test
 * file itself: Playwright only runs *.spec.ts).
 */

export const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * A browser signed in as `tokens` (logging in itself is tested in accounts.spec.ts), in the session.
 * With `received`, everything that reaches the page from the server's /backend/ (WebSocket frames,
 * polling answers, API answers) is recorded there.
 */
export const pageFor = async (
  browser: Browser,
  server: ServerProcess,
  tokens: Tokens,
  code: string,
  {
    viewport = { width: 1280, height: 800 },
    received,
  }: { viewport?: { width: number; height: number }; received?: string[] } = {},
): Promise<Page> => {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  if (received) {
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => received.push(String(frame.payload))));
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/backend/')) return;
      response.text().then(
        (text) => received.push(text),
        () => undefined,
      );
    });
  }
  await page.goto(`${server.url}/join/${code}`);
  await expect(page).toHaveURL(/\/play/);
  await expect(page.getByTestId('seat-circle')).toBeVisible();
  return page;
};

/** Opens the gear menu on one of its tabs. */
export const openMenu = async (page: Page, tab: 'playing' | 'game' | 'app') => {
  if ((await page.getByTestId('game-menu').count()) === 0) await page.getByTestId('open-menu').click();
  await page.getByTestId(`menu-tab-${tab}`).click();
};

export type Picks = Partial<Record<'townsfolk' | 'outsider' | 'minion' | 'demon', string[]>>;

/**
 * The hand-out dialog (spec 3 §2 Roles distribution): chooses the given characters team by team,
 * paging forward through its 7-a-page lists (so give each team's ids in the dialog's order), and
 * leaves the dialog open.
 */
export const chooseRoles = async (st: Page, picks: Picks) => {
  await openMenu(st, 'playing');
  await st.getByTestId('hand-out-roles').click();
  const dialog = st.getByTestId('hand-out-dialog');
  await expect(dialog).toBeVisible();
  for (const [team, ids] of Object.entries(picks)) {
    // A new tab starts on its first page.
    await dialog.getByTestId(`hand-out-tab-${team}`).click();
    for (const id of ids) {
      const button = dialog.getByTestId(`distribution-role-${id}`);
      while ((await button.count()) === 0) await dialog.getByTestId('hand-out-page-next').click();
      await button.click();
    }
  }
  return dialog;
};
