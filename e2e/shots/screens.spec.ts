import { expect, test } from '@playwright/test';
import { ServerProcess } from '../server';

/** Not a check: renders the main screens to PNG files in e2e/screens/ for a person to look at (npm run screens -w e2e). */
const server = new ServerProcess(18_481);
test.beforeAll(async () => server.start());
test.afterAll(async () => server.stop());

test('screens', async ({ browser }) => {
  const st = await (await browser.newContext()).newPage();
  await st.goto(`${server.url}/`);
  await st.screenshot({ path: 'screens/login.png' });
  await st.getByTestId('mode-toggle').click();
  await st.getByTestId('email').fill('teller@example.test');
  await st.getByTestId('username').fill('Teller');
  await st.getByTestId('password').fill('a-good-password');
  await st.getByTestId('password-confirm').fill('a-good-password');
  await st.getByTestId('submit').click();
  await expect(st.getByTestId('create-name')).toBeVisible();
  await st.screenshot({ path: 'screens/lobby.png' });
  await st.getByTestId('create-name').fill('shot-game');
  await st.getByTestId('create-submit').click();
  for (let i = 0; i < 8; i++) await st.getByTestId('add-seat').click();
  const p = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await p.goto(`${server.url}/join/shot-game`);
  await p.getByTestId('mode-toggle').click();
  await p.getByTestId('email').fill('player@example.test');
  await p.getByTestId('username').fill('Player One');
  await p.getByTestId('password').fill('a-good-password');
  await p.getByTestId('password-confirm').fill('a-good-password');
  await p.getByTestId('submit').click();
  await p.getByTestId('seat-3').click();
  await expect(st.getByTestId('seat-3')).toContainText('Player One');
  await st.screenshot({ path: 'screens/grimoire-storyteller.png' });
  await p.screenshot({ path: 'screens/grimoire-player-tablet.png' });
});
