import { expect, test } from '../fixtures';
import { loginThroughUi, PASSWORD, registerThroughUi } from '../flows';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;

test.beforeAll(async () => {
  server = new ServerProcess(18_482, { SMTP_URL: await mail.start(), SUPPORT_EMAIL: 'help@belfry.test' });
  await server.start();
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

test('register with the real captcha and the mailed code, land in the lobby, log out and back in; a wrong password is refused', async ({
  page,
}) => {
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(/\/login/);
  const name = `newcomer-${unique()}`;
  const email = await registerThroughUi(page, mail, name);
  await expect(page.getByTestId('current-user')).toContainText(name);

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);

  // Spec 2 §8: one message for a wrong password; the password field is cleared and the captcha reset.
  await loginThroughUi(page, email, 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Wrong e-mail address or password.');
  await expect(page.getByTestId('password')).toHaveValue('');
  await expect(page.getByTestId('captcha')).not.toHaveAttribute('data-state', 'verified');

  await loginThroughUi(page, email, PASSWORD);
  await expect(page.getByTestId('current-user')).toContainText(name);
});

test('a banned user sees the Banned page with the reason, the expiry and the support address', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  const email = await registerThroughUi(page, mail, `rascal-${unique()}`);
  await expect(page.getByTestId('current-user')).toBeVisible();
  const expires = Date.UTC(2031, 2, 14, 12, 0, 0);
  server.sql("INSERT INTO bans (id, reason, expires, created_at) VALUES ('b1', 'Sharing the grimoire', ?, 0)", expires);
  server.sql("INSERT INTO ban_users (ban_id, user_id) SELECT 'b1', id FROM users WHERE email = ?", email);
  server.sql(`UPDATE users SET flags = '["verified-email","tos-agreed","banned"]' WHERE email = ?`, email);

  await page.reload();
  await expect(page).toHaveURL(/\/banned/);
  await expect(page.getByTestId('banned-reason')).toHaveText('Sharing the grimoire');
  await expect(page.getByTestId('banned-expiry')).toContainText('2031');
  await expect(page.getByTestId('banned-support')).toContainText('help@belfry.test');
  // A banned user opening the Lobby is sent back to Banned.
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(/\/banned/);
});

test('a device clock more than 60 s off shows the Clock page with the difference in minutes', async ({ page }) => {
  await page.clock.install({ time: Date.now() + 5 * 60_000 + 10_000 });
  await page.goto(`${server.url}/login`);
  await expect(page).toHaveURL(/\/clock/);
  await expect(page.getByTestId('clock-difference')).toContainText('5');
  await page.getByTestId('clock-return').click();
  await expect(page).toHaveURL(/\/login/);
});
