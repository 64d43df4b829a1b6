import { expect, test } from '../fixtures';
import { registerThroughUi } from '../flows';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';
import { openMenu } from './gameTable';

/** Not a check: renders the main screens to PNG files in e2e/screens/ for a person to look at (npm run screens -w e2e). */
const mail = new MailCatcher();
let server: ServerProcess;
test.beforeAll(async () => {
  server = new ServerProcess(18_481, { SMTP_URL: await mail.start() });
  await server.start();
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

test('screens', async ({ browser }) => {
  const st = await (await browser.newContext()).newPage();
  await st.goto(`${server.url}/`);
  await st.screenshot({ path: 'screens/login.png' });
  await st.getByTestId('mode-toggle').click();
  await st.getByTestId('email').fill('someone@example.test');
  await st.screenshot({ path: 'screens/register.png' });
  await st.getByTestId('mode-toggle').click();
  await registerThroughUi(st, mail, 'Teller');
  await expect(st.getByTestId('create-name')).toBeVisible();
  await st.screenshot({ path: 'screens/lobby.png' });
  await st.getByTestId('verify-phone').click();
  await st.screenshot({ path: 'screens/phone.png' });
  await st.getByTestId('phone-close').click();
  await st.getByTestId('create-name').fill('shot-game');
  await st.getByTestId('create-public').uncheck();
  await st.getByTestId('create-submit').click();
  // Eight seats, gathered (the town info's add button goes at five).
  await openMenu(st, 'playing');
  await st.getByTestId('gather-toggle').click();
  for (let i = 0; i < 8; i++) await st.getByTestId('add-seat').click();
  await st.getByTestId('gather-done').click();
  const p = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await p.goto(`${server.url}/join/shot-game`);
  await registerThroughUi(p, mail, 'PlayerOne');
  await p.getByTestId('seat-3').click();
  await expect(st.getByTestId('seat-3')).toContainText('PlayerOne');
  await st.screenshot({ path: 'screens/grimoire-storyteller.png' });
  await p.screenshot({ path: 'screens/grimoire-player-tablet.png' });
});
