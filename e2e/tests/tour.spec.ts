import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { shootBothSizes } from '../screenshots';
import { ServerProcess } from '../server';
import { pageFor, unique } from '../shots/gameTable';

/**
 * Spec 3 §3 tutorial (issue 19): the tour of the table shows itself the first time a Storyteller and a
 * player reach a table in a browser, walks five steps with Back and Next, is skipped with Escape, does
 * not come back once done, starts again from Help, and never shows with Settings → game → tutorial off.
 */
const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.use({ showTour: true });
test.beforeAll(async () => {
  server = new ServerProcess(18_731, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'tourhost'); // the install's first account: it may create games
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

test('the tour walks a Storyteller and a player through the table once, and Help starts it again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `tour-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  const tour = st.getByTestId('tour');
  await expect(tour).toHaveAttribute('data-kind', 'storyteller');
  await expect(tour).toHaveAttribute('data-step', 'welcome');
  await expect(tour.getByRole('heading')).toHaveText('Welcome, Storyteller');
  // Not modal: the table stays usable beside it, and Next has the focus.
  await expect(st.getByTestId('tour-next')).toBeFocused();
  await st.keyboard.press('Enter');
  await expect(tour).toHaveAttribute('data-step', 'seats');
  await expect(st.getByTestId('seat-circle')).toHaveClass(/tour-target/);
  const { violations } = await new AxeBuilder({ page: st })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include('[data-testid="tour"]')
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await shootBothSizes(st, 'tour', 'seats');
  await st.getByTestId('tour-back').click();
  await expect(tour).toHaveAttribute('data-step', 'welcome');
  for (const step of ['seats', 'menu', 'vote', 'talk']) {
    await st.getByTestId('tour-next').click();
    await expect(tour).toHaveAttribute('data-step', step);
  }
  await expect(st.getByTestId('open-menu')).not.toHaveClass(/tour-target/);
  await expect(st.getByTestId('tour-next')).toHaveText('Done');
  await st.getByTestId('tour-next').click();
  await expect(tour).toHaveCount(0);
  await expect(st.getByTestId('seat-circle')).not.toHaveClass(/tour-target/);
  await st.reload();
  await expect(st.getByTestId('seat-circle')).toBeVisible();
  await expect(tour).toHaveCount(0); // done: not again by itself

  // Help in the App tab starts it again.
  await st.getByTestId('open-menu').click();
  await st.getByTestId('menu-tab-app').click();
  await st.getByTestId('menu-help').click();
  await st.getByTestId('game-help-tour').click();
  await expect(tour).toHaveAttribute('data-step', 'welcome');
  await st.keyboard.press('Escape');
  await expect(tour).toHaveCount(0);

  // A player in a fresh browser gets the player's tour; Escape skips it for good.
  const player = await registerViaApi(server, mail, `tourplayer${unique()}`);
  const page = await pageFor(browser, server, player, code);
  await expect(page.getByTestId('tour')).toHaveAttribute('data-kind', 'player');
  await expect(page.getByTestId('tour').getByRole('heading')).toHaveText('Welcome to the table');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tour')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('seat-circle')).toBeVisible();
  await expect(page.getByTestId('tour')).toHaveCount(0);

  // Settings → game → tutorial off: a browser that never saw it does not get it.
  const other = await registerViaApi(server, mail, `tourquiet${unique()}`);
  const context = await browser.newContext();
  await context.addInitScript(() =>
    localStorage.setItem('belfry.settings', JSON.stringify({ isTutorialDisabled: true })),
  );
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(other));
  const quiet = await context.newPage();
  await quiet.goto(`${server.url}/join/${code}`);
  await expect(quiet.getByTestId('seat-circle')).toBeVisible();
  await quiet.waitForTimeout(500);
  await expect(quiet.getByTestId('tour')).toHaveCount(0);
});
