import { type BrowserContext, expect, type Page, test } from '../fixtures';
import { registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

/**
 * Local play (spec 1 §1 "a game can also be played locally without a session"; spec 2 §2 the Lobby's
 * "local play" button, §5 "creating or local play requires an active subscription").
 */
const mail = new MailCatcher();
let server: ServerProcess;
let owner: Tokens;
let free: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_487, { SMTP_URL: await mail.start() });
  await server.start();
  owner = await registerViaApi(server, mail, 'local-owner'); // the install's first account: it has a level
  free = await registerViaApi(server, mail, 'local-free');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

/** A context signed in as `tokens` (logging in is tested in accounts.spec.ts); later logins are kept. */
const signedIn = async (context: BrowserContext, tokens: Tokens): Promise<Page> => {
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('belfry.auth')) localStorage.setItem('belfry.auth', stored);
  }, JSON.stringify(tokens));
  return context.newPage();
};

const openGameTab = async (page: Page, tab: 'playing' | 'game') => {
  if (!(await page.getByTestId('game-menu').isVisible())) await page.getByTestId('open-menu').click();
  await page.getByTestId(`menu-tab-${tab}`).click();
};

const rename = async (page: Page, open: () => Promise<void>, name: string) => {
  await open();
  const dialog = page.getByTestId('rename-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('rename-input').fill(name);
  await dialog.getByTestId('rename-submit').click();
  await expect(dialog).toHaveCount(0);
};

/** The grimoire as the test left it: five seats, two named, the Imp, a reminder, day 2, a timer. */
const expectKept = async (page: Page) => {
  await expect(page.getByTestId('local-badge')).toBeVisible();
  await expect(page.getByTestId('seat-circle')).toHaveAttribute('data-seats', '5');
  await expect(page.getByTestId('seat-0-name')).toHaveText('Ann');
  await expect(page.getByTestId('seat-1-name')).toHaveText('Bob');
  await expect(page.getByTestId('seat-0-role')).toHaveAttribute('data-role', 'imp');
  await expect(page.getByTestId('seat-1-reminder-0')).toContainText('Poisoned?');
  await expect(page.getByTestId('phase-label')).toHaveAttribute('data-phase', '2');
  await expect(page.getByTestId('phase-label')).toHaveAttribute('data-night', 'false');
  await expect(page.getByTestId('timer-display')).toBeVisible();
};

test('without a subscription the local play button points to the subscription notice, and /local leads back to the Lobby', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await signedIn(context, free);
  await page.goto(server.url);
  await expect(page.getByTestId('subscription-needed')).toBeVisible();
  await page.getByTestId('lobby-local').click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId('subscription-needed').getByRole('link')).toBeFocused();
  await page.goto(`${server.url}/local`);
  await expect(page.getByTestId('lobby-local')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/`);
  // No local game was started on the way.
  expect(await page.evaluate(() => localStorage.getItem('belfry.localGame'))).toBeNull();
  await context.close();
});

test('a subscribed Storyteller runs a grimoire alone: kept over a reload, and still working with the network gone', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await signedIn(context, owner);
  await page.goto(server.url);
  await page.getByTestId('lobby-local').click();
  await expect(page).toHaveURL(/\/local$/);

  // No session: no code, no connection pill, no people, no chat; the local panel instead.
  await expect(page.getByTestId('local-badge')).toBeVisible();
  await expect(page.getByTestId('local-panel')).toBeVisible();
  for (const gone of ['session-code', 'connection-state', 'users-panel', 'leave']) {
    await expect(page.getByTestId(gone)).toHaveCount(0);
  }

  const panel = page.getByTestId('local-panel');
  for (let i = 0; i < 5; i++) await panel.getByTestId('add-seat').click();
  await expect(page.getByTestId('seat-circle')).toHaveAttribute('data-seats', '5');

  // Spec 1 §2: the Storyteller renames a seat from its nameplate (and from the seat menu).
  await rename(page, () => page.getByTestId('seat-0-name').click(), 'Ann');
  await rename(
    page,
    async () => {
      await page.getByTestId('seat-1-menu').click();
      await page.getByTestId('seat-menu-rename').click();
    },
    'Bob',
  );
  await expect(page.getByTestId('seat-0-name')).toHaveText('Ann');
  await expect(page.getByTestId('seat-1-name')).toHaveText('Bob');

  // A character and a reminder.
  await page.getByTestId('seat-0-role').click();
  await page.getByTestId('role-picker').getByTestId('role-option-imp').click();
  await expect(page.getByTestId('seat-0-role')).toHaveAttribute('data-role', 'imp');
  await page.getByTestId('reminder-add-1').click();
  await page.getByTestId('reminder-picker').getByTestId('reminder-custom').fill('Poisoned?');
  await page.getByTestId('reminder-picker').getByTestId('reminder-custom-add').click();
  await expect(page.getByTestId('seat-1-reminder-0')).toContainText('Poisoned?');

  // Start, night 1, then (after the 10 s undo window of spec 1 §4) day 2.
  await openGameTab(page, 'playing');
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('distribute-overlay')).toBeVisible();
  await expect(page.getByTestId('distribute-overlay')).toHaveCount(0, { timeout: 5_000 });
  await openGameTab(page, 'game');
  await page.getByTestId('toggle-night').click();
  await expect(page.getByTestId('night-backdrop')).toBeVisible();
  await expect(page.getByTestId('phase-label')).toHaveAttribute('data-phase', '1');
  await expect(page.getByTestId('toggle-night')).not.toContainText(/\d s\)/, { timeout: 15_000 });
  await page.getByTestId('toggle-night').click();
  await expect(page.getByTestId('phase-label')).toHaveAttribute('data-night', 'false');
  await expect(page.getByTestId('phase-label')).toHaveAttribute('data-phase', '2');

  // A timer of 5 minutes.
  await openGameTab(page, 'game');
  await page.getByTestId('set-timer').click();
  await page.getByTestId('timer-minutes').fill('5');
  await page.getByTestId('timer-submit').click();
  await expect(page.getByTestId('timer-display')).toBeVisible();

  // Kept in this browser: a reload finds everything.
  await page.reload();
  await expectKept(page);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('belfry.localGame') ?? '{}').state?.seats?.length),
  ).toBe(5);

  // Wait until the service worker holds every file this page loaded.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return 'not controlled';
          const used = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
            .map((url) => url.pathname);
          const missing: string[] = [];
          for (const path of ['/', ...used]) if (!(await caches.match(path))) missing.push(path);
          return missing.length === 0 ? 'cached' : missing.join(' ');
        }),
      { timeout: 20_000 },
    )
    .toBe('cached');

  // The network goes away for real: the server is killed and the browser is offline.
  await server.kill();
  await context.setOffline(true);
  await page.reload();
  await expectKept(page);
  await expect(page.getByTestId('local-network')).toHaveAttribute('data-state', 'offline');

  // It still takes changes, and keeps them.
  await panel.getByTestId('add-seat').click();
  await expect(page.getByTestId('seat-circle')).toHaveAttribute('data-seats', '6');
  await rename(page, () => page.getByTestId('seat-5-name').click(), 'Cy');
  await page.getByTestId('seat-5-role').click();
  await page.getByTestId('role-picker').getByTestId('role-option-chef').click();
  await expect(page.getByTestId('seat-5-role')).toHaveAttribute('data-role', 'chef');
  await page.getByTestId('seat-5-life').click();
  await expect(page.getByTestId('seat-5')).toHaveAttribute('data-dead', 'true');
  await page.screenshot({ path: test.info().outputPath('local-offline-1366.png') });

  await page.reload();
  await expect(page.getByTestId('seat-circle')).toHaveAttribute('data-seats', '6');
  await expect(page.getByTestId('seat-5-name')).toHaveText('Cy');
  await expect(page.getByTestId('seat-5')).toHaveAttribute('data-dead', 'true');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: test.info().outputPath('local-offline-768.png') });

  // Leaving goes back to the Lobby (spec 2 §2); the game stays kept for next time.
  await page.getByTestId('local-leave').click();
  await expect(page).toHaveURL(`${server.url}/`);
  await context.close();
});
