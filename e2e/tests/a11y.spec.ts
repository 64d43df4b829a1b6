import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { shootBothSizes } from '../screenshots';
import { ServerProcess } from '../server';
import { unique } from '../shots/gameTable';

/**
 * Accessibility (issue 19): axe-core, with the WCAG 2.2 A and AA rules, finds no serious or critical
 * violation on Login, the Lobby, the Grimoire as Storyteller and as player, the vote overlay, Settings
 * and the edition picker.
 */
const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;
let player: Tokens;
let second: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_691, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'a11yhost');
  player = await registerViaApi(server, mail, 'a11yplayer');
  second = await registerViaApi(server, mail, 'a11ysecond');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});
test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) console.log(server.logs());
});

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The serious and critical violations on the page (or inside `include`), one readable line each. */
const seriousViolations = async (page: Page, include?: string): Promise<string[]> => {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
      ),
    );
};

const expectAccessible = async (page: Page, name: string, include?: string) => {
  // Let transitions finish: axe reads colours as they are painted.
  await page.waitForTimeout(400);
  expect(await seriousViolations(page, include), name).toEqual([]);
  await shootBothSizes(page, 'a11y', name);
};

const signedIn = async (browser: Browser, tokens: Tokens): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  return context.newPage();
};

test('Login and the Lobby', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const login = await context.newPage();
  await login.goto(`${server.url}/login`);
  await expect(login.getByRole('button', { name: /log in|sign in/i }).first()).toBeVisible();
  await expectAccessible(login, 'login');

  const lobby = await signedIn(browser, host);
  await lobby.goto(server.url);
  await expect(lobby.getByTestId('lobby-create')).toBeVisible();
  await expectAccessible(lobby, 'lobby');
});

test('the tournament pages (issue 21) as an anonymous visitor, with the login dialogue', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  for (const [route, testId] of [
    ['/worldcup', 'tournament-group'],
    ['/worldcup/knockout', 'tournament-knockout'],
    ['/worldcup/leaderboard', 'tournament-leaderboard'],
    ['/worldcup/0', 'tournament-match-page'],
  ] as const) {
    await page.goto(`${server.url}${route}`);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expectAccessible(page, `tournament-${testId}`);
  }
  await page.getByTestId('tournament-vote-0').click();
  await expect(page.getByTestId('tournament-login-dialog')).toBeVisible();
  await expectAccessible(page, 'tournament-login-dialog');
  await page.context().close();
});

test('the Grimoire as Storyteller and as player, the edition picker, Settings and the vote overlay', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const code = `a11y-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await signedIn(browser, host);
  await st.goto(`${server.url}/join/${code}`);
  await expect(st.getByTestId('seat-circle')).toBeVisible();
  const seated = await signedIn(browser, player);
  await seated.goto(`${server.url}/join/${code}`);
  await expect(seated.getByTestId('seat-circle')).toBeVisible();
  await seated.getByTestId('seat-0').click();
  await expect(st.getByTestId('seat-0')).not.toHaveAttribute('data-occupant', 'empty');
  // A nomination needs a seated nominee too.
  const other = await signedIn(browser, second);
  await other.goto(`${server.url}/join/${code}`);
  await other.getByTestId('seat-1').click();
  await expect(st.getByTestId('seat-1')).not.toHaveAttribute('data-occupant', 'empty');
  await other.context().close();

  // Phase changes are announced politely.
  await expect(seated.getByTestId('phase-label')).toHaveAttribute('aria-live', 'polite');
  await expectAccessible(st, 'grimoire-storyteller');
  await expectAccessible(seated, 'grimoire-player');

  await st.getByTestId('open-menu').click();
  await st.getByTestId('menu-tab-playing').click();
  await st.getByTestId('menu-edition').click();
  await expect(st.getByTestId('edition-picker')).toBeVisible();
  await expectAccessible(st, 'edition-picker');
  await st.keyboard.press('Escape');
  await expect(st.getByTestId('edition-picker')).toHaveCount(0);

  if ((await st.getByTestId('game-menu').count()) === 0) await st.getByTestId('open-menu').click();
  await st.getByTestId('menu-tab-app').click();
  await st.getByTestId('menu-settings').click();
  await expect(st.getByTestId('settings-dialog')).toBeVisible();
  await expectAccessible(st, 'settings');
  await st.getByTestId('settings-close').click();
  await expect(st.getByTestId('settings-dialog')).toHaveCount(0);
  if ((await st.getByTestId('game-menu').count()) > 0) await st.keyboard.press('Escape');

  await st.getByTestId('nominate').click();
  await st.getByTestId('nominate-seat-0').click();
  await st.getByTestId('nominate-seat-1').click();
  await expect(st.getByTestId('vote-overlay')).toBeVisible();
  await expect(seated.getByTestId('vote-overlay')).toBeVisible();
  // The vote count is announced politely.
  await expect(seated.locator('[aria-live="polite"]', { has: seated.getByTestId('vote-count') })).toHaveCount(1);
  await expectAccessible(st, 'vote-storyteller');
  await expectAccessible(seated, 'vote-player');
});

test('a dialog opened with the keyboard keeps the focus inside and gives it back when closed', async ({ browser }) => {
  const page = await signedIn(browser, host);
  await page.goto(server.url);
  const opener = page.getByTestId('lobby-settings');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="settings-dialog"]'));
  // A modal <dialog> makes the page behind it inert; past its last control the focus may go to the
  // browser's own toolbar (the page's body then), never to a control of the page behind.
  const focusNotBehind = () =>
    page.evaluate(
      () =>
        !document.activeElement ||
        document.activeElement === document.body ||
        !!document.activeElement.closest('[data-testid="settings-dialog"]'),
    );
  await expect.poll(focusInDialog).toBe(true);
  // Tabbing forward and back never leaves the dialog.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusNotBehind()).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusNotBehind()).toBe(true);
  }
  await expect.poll(focusInDialog).toBe(true);
  // The focused control is visibly marked.
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
  });
  expect(outline).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('Tab walks the whole table in reading order, every stop visibly marked', async ({ browser }) => {
  const code = `a11y-walk-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const page = await signedIn(browser, host);
  await page.goto(`${server.url}/join/${code}`);
  await expect(page.getByTestId('seat-circle')).toBeVisible();
  await page.locator('body').focus();
  const stops: { id: string; marked: boolean; inView: boolean }[] = [];
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        id: el.dataset.testid ?? el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName,
        marked: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
        inView: box.width > 0 && box.height > 0,
      };
    });
    if (!stop) continue;
    if (stops.length > 0 && stop.id === stops[0]!.id) break; // round the page once
    stops.push(stop);
  }
  const ids = stops.map((stop) => stop.id);
  // Reading order: the top bar, the table's seats in order, the side column, the chat at the end.
  const at = (id: string) => ids.findIndex((stop) => stop === id || stop.startsWith(id));
  for (const id of ['open-menu', 'seat-0', 'seat-4', 'chat-toggle']) expect(at(id), id).toBeGreaterThanOrEqual(0);
  expect(at('open-menu')).toBeLessThan(at('seat-0'));
  expect(at('seat-0')).toBeLessThan(at('seat-4'));
  expect(at('seat-4')).toBeLessThan(at('chat-toggle'));
  expect(stops.filter((stop) => !stop.marked).map((stop) => stop.id)).toEqual([]);
  expect(stops.filter((stop) => !stop.inView).map((stop) => stop.id)).toEqual([]);
});
