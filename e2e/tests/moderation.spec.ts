import { type Browser, expect, type Page, test } from '../fixtures';
import { registerViaApi, type Tokens } from '../api';
import { loginThroughUi, registerThroughUi } from '../flows';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';
import { shootBothSizes } from '../screenshots';
import { unique } from '../shots/gameTable';

const mail = new MailCatcher();
let server: ServerProcess;
/** The install's first account: special-tpi, its administrator. */
let admin: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_640, { SMTP_URL: await mail.start() });
  await server.start();
  admin = await registerViaApi(server, mail, 'admin');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const shoot = (page: Page, name: string) => shootBothSizes(page, 'moderation', name);

const newPage = async (browser: Browser, path = '/') => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}${path}`);
  return page;
};

/** The admin, logged in through the login screen, in the Lobby. */
const adminPage = async (browser: Browser) => {
  const page = await newPage(browser, '/login');
  await loginThroughUi(page, admin.user.email);
  await expect(page.getByTestId('lobby-moderation')).toBeVisible();
  return page;
};

/** Opens the console, searches for `name` and opens that user's edit view. */
const openUser = async (page: Page, name: string) => {
  await page.getByTestId('lobby-moderation').click();
  const dialog = page.getByTestId('moderation-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('moderation-search-submit')).toBeDisabled(); // spec 2 §5: empty query
  await dialog.getByTestId('moderation-query').fill(name);
  await dialog.getByTestId('moderation-search-submit').click();
  await dialog.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog.getByTestId('moderation-user')).toBeVisible();
  await expect(dialog.getByTestId('moderation-username')).toHaveValue(name);
  return dialog;
};

test('the admin promotes a user in the console and that user creates a game', async ({ browser }) => {
  const name = `host-${unique()}`;
  const user = await newPage(browser);
  await registerThroughUi(user, mail, name);
  await expect(user.getByTestId('subscription-needed')).toBeVisible();
  await expect(user.getByTestId('lobby-moderation')).toHaveCount(0); // moderators only

  const page = await adminPage(browser);
  // Paging 10 (spec 2 §9): twelve more users make a second page.
  const tag = `crowd${unique()}`;
  for (let i = 0; i < 12; i++) await registerViaApi(server, mail, `${tag}-${i}`);
  await page.getByTestId('lobby-moderation').click();
  const dialog = page.getByTestId('moderation-dialog');
  await dialog.getByTestId('moderation-query').fill(tag);
  await dialog.getByTestId('moderation-query').press('Enter');
  await expect(dialog.locator('[data-testid^="moderation-row-"]')).toHaveCount(10);
  await expect(dialog.getByTestId('moderation-page-info')).toHaveText('1–10 of 12');
  await shoot(page, 'search');
  await dialog.getByTestId('moderation-page-next').click();
  await expect(dialog.locator('[data-testid^="moderation-row-"]')).toHaveCount(2);
  await expect(dialog.getByTestId('moderation-page-next')).toBeDisabled();
  await dialog.getByTestId('moderation-close').click();

  const edit = await openUser(page, name);
  await expect(edit.getByTestId('moderation-save')).toBeDisabled(); // nothing changed yet
  await edit.getByTestId('moderation-level').selectOption('patreon-townsfolk');
  await shoot(page, 'user');
  await edit.getByTestId('moderation-save').click();
  await expect(edit.getByTestId('moderation-message')).toHaveAttribute('data-kind', 'saved');
  await expect(edit.getByTestId('moderation-save')).toBeDisabled();

  // The user's next visit to the Lobby knows the level: they may create a game.
  await user.reload();
  await expect(user.getByTestId('lobby-level')).toContainText('Townsfolk supporter');
  const code = `promoted-${unique()}`;
  await user.getByTestId('create-name').fill(code);
  await user.getByTestId('create-submit').click();
  await expect(user).toHaveURL(/\/play/);
  await expect(user.getByTestId('session-code')).toContainText(code);
});

test('the admin bans a player mid-game; the player lands on the Banned page with the reason and expiry', async ({
  browser,
}) => {
  const code = `table-${unique()}`;
  const host = await registerViaApi(server, mail, `st-${unique()}`);
  server.grantLevel(host.user.email);
  const created = await fetch(`${server.url}/backend/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.accessToken}` },
    body: JSON.stringify({ name: code, seats: 5 }),
  });
  expect(created.status).toBe(201);

  const name = `rowdy-${unique()}`;
  const player = await newPage(browser, `/join/${code}`);
  await registerThroughUi(player, mail, name);
  await expect(player).toHaveURL(/\/play/);
  await player.getByTestId('seat-1').click();
  await expect(player.getByTestId('seat-1')).toContainText(name);

  const page = await adminPage(browser);
  const edit = await openUser(page, name);
  await edit.getByTestId('moderation-flag-banned').check();
  await expect(edit.getByTestId('moderation-ban')).toBeVisible();
  await edit.getByTestId('moderation-save').click();
  // Spec 2 §5: a ban needs a reason.
  await expect(edit.getByText('A ban needs a reason of at most 200 characters.')).toBeVisible();
  await edit.getByTestId('moderation-ban-reason').fill('Rude in the town square');
  await edit.getByTestId('moderation-ban-hours').fill('48');
  await shoot(page, 'ban');
  const bannedAt = Date.now();
  await edit.getByTestId('moderation-save').click();
  await expect(edit.getByTestId('moderation-banned')).toContainText('Rude in the town square');

  // At once, from the game: the Banned page with the reason and an expiry 48 hours on.
  await expect(player).toHaveURL(/\/banned/);
  await expect(player.getByTestId('banned-reason')).toHaveText('Rude in the town square');
  const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(bannedAt + 48 * 3_600_000));
  await expect(player.getByTestId('banned-expiry')).toContainText(expiry);
  await shoot(player, 'banned');

  // Unban: the player's next visit goes to the Lobby again.
  await edit.getByTestId('moderation-unban').click();
  await expect(edit.getByTestId('moderation-banned')).toHaveCount(0);
  await player.reload();
  await expect(player).not.toHaveURL(/\/banned/);
});

test('an announcement from the version reaches a player in a game', async ({ browser }) => {
  const page = await adminPage(browser);
  const code = `news-${unique()}`;
  await page.getByTestId('create-name').fill(code);
  await page.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/\/play/);

  const player = await newPage(browser, `/join/${code}`);
  await registerThroughUi(player, mail, `listener-${unique()}`);
  await expect(player).toHaveURL(/\/play/);
  await expect(player.getByTestId('app-version')).not.toHaveRole('button');

  // Spec 2 §6: for special-tpi the version opens the announcement form.
  await page.getByTestId('app-version').click();
  const form = page.getByTestId('announcement-dialog');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('announcement-send')).toBeDisabled(); // title and text required
  await form.getByTestId('announcement-title').fill('Server restart');
  await form.getByTestId('announcement-text').fill('Belfry restarts at midnight. Your games are kept.');
  await form.getByTestId('announcement-session').fill('no-such-game');
  await form.getByTestId('announcement-send').click();
  await expect(form.getByTestId('announcement-error')).toContainText('could not be sent');
  await form.getByTestId('announcement-session').fill(code.toUpperCase());
  await shoot(page, 'announce');
  await form.getByTestId('announcement-send').click();
  await expect(form.getByTestId('announcement-sent')).toBeVisible();
  // The admin is in that game too, so hears it as well, on top of the form.
  await expect(page.getByTestId('announcement-received')).toBeVisible();
  await page.getByTestId('announcement-received-close').click();
  await form.getByTestId('announcement-close').click();
  await expect(form).toHaveCount(0);

  const received = player.getByTestId('announcement-received');
  await expect(received).toBeVisible();
  await expect(received.getByRole('heading')).toHaveText('Server restart');
  await expect(received.getByTestId('announcement-received-text')).toHaveText(
    'Belfry restarts at midnight. Your games are kept.',
  );
  await shoot(player, 'received');
  await received.getByTestId('announcement-received-close').click();
  await expect(received).toHaveCount(0);
});
