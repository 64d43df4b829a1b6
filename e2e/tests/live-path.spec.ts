import { type Browser, expect, type Page, test } from '../fixtures';
import { registerThroughUi as register } from '../flows';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;

test.beforeAll(async () => {
  server = new ServerProcess(18_480, { SMTP_URL: await mail.start() });
  await server.start();
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});
test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) console.log(server.logs());
});

const unique = () => Math.random().toString(36).slice(2, 8);

const registerThroughUi = (page: Page, username: string) => register(page, mail, username);

const newUserPage = async (browser: Browser, startAt: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}${startAt}`);
  return page;
};

const occupants = (page: Page) =>
  page
    .locator('[data-testid^="seat-"][data-occupant]')
    .evaluateAll((seats) => seats.map((s) => s.getAttribute('data-occupant')));

test('two users: create, join by link, claim a seat; both survive a kill -9 of the server', async ({ browser }) => {
  const code = `e2e-${unique()}`;
  const stName = `teller-${unique()}`;
  const playerName = `player-${unique()}`;

  // The Storyteller registers, creates the session and gathers three seats.
  const st = await newUserPage(browser, '/');
  await expect(st).toHaveURL(/\/login/);
  server.grantLevel(await registerThroughUi(st, stName));
  await st.reload(); // the Lobby fetches the account again and now offers to create a game
  await expect(st.getByTestId('create-name')).toBeVisible();
  await st.getByTestId('create-name').fill(code);
  await st.getByTestId('create-public').uncheck();
  await st.getByTestId('create-submit').click();
  await expect(st).toHaveURL(/\/play/);
  await expect(st.getByTestId('session-code')).toContainText(code);
  for (let i = 0; i < 3; i++) {
    await st.getByTestId('add-seat').click();
    await expect(st.locator('[data-testid^="seat-"][data-occupant]')).toHaveCount(i + 1);
  }

  // The second user opens the join link, registers, lands in the session and claims seat 2.
  const player = await newUserPage(browser, `/join/${code}`);
  await expect(player).toHaveURL(/\/login/);
  await registerThroughUi(player, playerName);
  await expect(player).toHaveURL(/\/play/);
  await expect(player.locator('[data-testid^="seat-"][data-occupant]')).toHaveCount(3);
  await player.getByTestId('seat-1').click();
  await expect(player.getByTestId('seat-1')).toContainText(playerName);

  // The Storyteller sees the claim at once (well under the 10 s game-state timeout).
  await expect(st.getByTestId('seat-1')).toContainText(playerName, { timeout: 3_000 });
  const seatsBefore = await occupants(st);
  expect(seatsBefore.filter((o) => o && o !== 'empty')).toHaveLength(1);

  // kill -9 while both are connected.
  await server.kill();
  await expect(st.getByTestId('connection-state')).toHaveAttribute('data-state', 'reconnecting');
  await expect(player.getByTestId('connection-state')).toHaveAttribute('data-state', 'reconnecting');

  // A request while disconnected is refused on the client with 'Session disconnected' (spec 1 §7).
  await st.getByTestId('add-seat').click();
  await expect(st.getByTestId('error-dialog')).toContainText('Session disconnected');
  await st.keyboard.press('Escape');
  await expect(st.getByTestId('error-dialog')).toHaveCount(0);

  await server.start();
  // Both pages come back by themselves, with the same seats: every acknowledged intent survived.
  await expect(st.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect(player.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect(st.locator('[data-testid^="seat-"][data-occupant]')).toHaveCount(3);
  expect(await occupants(st)).toEqual(seatsBefore);
  expect(await occupants(player)).toEqual(seatsBefore);
  await expect(st.getByTestId('seat-1')).toContainText(playerName);
  await expect(st.getByTestId('session-code')).toContainText(code);

  // And the game goes on: the player vacates, the Storyteller sees it.
  await player.getByTestId('vacate').click();
  await expect(st.getByTestId('seat-1')).toHaveAttribute('data-occupant', 'empty');
});

test('leaving on purpose returns to the Lobby and does not rejoin on reload', async ({ browser }) => {
  const code = `leave-${unique()}`;
  const st = await newUserPage(browser, '/');
  server.grantLevel(await registerThroughUi(st, `st-${unique()}`));
  await st.reload();
  await st.getByTestId('create-name').fill(code);
  await st.getByTestId('create-public').uncheck();
  await st.getByTestId('create-submit').click();
  await expect(st).toHaveURL(/\/play/);

  const player = await newUserPage(browser, `/join/${code}`);
  const name = `leaver-${unique()}`;
  await registerThroughUi(player, name);
  await expect(player).toHaveURL(/\/play/);
  await expect(st.getByTestId('users-panel')).toContainText(name);

  await player.getByTestId('leave').click();
  await expect(player).toHaveURL(new RegExp(`${server.url}/$`));
  await player.reload();
  await expect(player).toHaveURL(new RegExp(`${server.url}/$`));
  await expect(player.getByTestId('join-code')).toBeVisible();
});
