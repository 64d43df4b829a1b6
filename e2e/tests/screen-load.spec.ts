import { expect, test } from '../fixtures';
import { registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;
let user: Tokens;

// The installed app's service worker would answer from its cache, where page.route does not reach.
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  server = new ServerProcess(18_741, { SMTP_URL: await mail.start() });
  await server.start();
  user = await registerViaApi(server, mail, 'reloader');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

test('a screen whose code does not arrive says so once and offers a reload, on the first load and on a later navigation', async ({
  page,
}) => {
  // The Login screen's own chunk fails, as it would offline or after a deploy replaced the files.
  let loginAsked = 0;
  await page.route(/\/assets\/LoginPage-[^/]+\.js$/, async (route) => {
    loginAsked++;
    await route.abort('failed');
  });
  await page.goto(`${server.url}/login`);
  await expect(page.getByTestId('screen-load-failed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This screen did not load' })).toBeVisible();
  // Said once, not retried in a loop (a failed module stays failed in the browser).
  await page.waitForTimeout(1500);
  expect(loginAsked).toBeLessThanOrEqual(2);
  await expect(page.getByTestId('email')).toHaveCount(0);

  // Reload is the retry: with the files back, the screen shows.
  await page.unroute(/\/assets\/LoginPage-[^/]+\.js$/);
  await page.getByTestId('screen-load-reload').click();
  await expect(page.getByTestId('email')).toBeVisible();
  await expect(page.getByTestId('screen-load-failed')).toHaveCount(0);

  // A later navigation to a screen that fails: the same message instead of the screen.
  await page.route(/\/assets\/TournamentPage-[^/]+\.js$/, (route) => route.abort('failed'));
  await page.getByRole('link', { name: 'Script tournament' }).click();
  await expect(page.getByTestId('screen-load-failed')).toBeVisible();
});

test('a dialogue whose code does not arrive leaves the same message, not an empty page', async ({ page }) => {
  await page.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(user));
  await page.route(/\/assets\/SettingsDialog-[^/]+\.js$/, (route) => route.abort('failed'));
  await page.goto(`${server.url}/`);
  await expect(page.getByTestId('lobby-settings')).toBeVisible();
  await page.getByTestId('lobby-settings').click();
  await expect(page.getByTestId('screen-load-failed')).toBeVisible();

  await page.unroute(/\/assets\/SettingsDialog-[^/]+\.js$/);
  await page.getByTestId('screen-load-reload').click();
  await expect(page.getByTestId('lobby-settings')).toBeVisible();
  await page.getByTestId('lobby-settings').click();
  await expect(page.getByTestId('settings-tab-button-general')).toBeVisible();
});
