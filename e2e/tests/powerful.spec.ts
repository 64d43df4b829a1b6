import { expect, type Page, test } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';
import { openMenu, pageFor, unique } from '../shots/gameTable';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;
let player: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_498, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'powerhost');
  player = await registerViaApi(server, mail, `power-${unique()}`);
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

/** Types keys on the table (no field focused), as a player would. */
const typeOnTable = async (page: Page, keys: string) => {
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  for (const key of keys) await page.keyboard.press(key);
};

test('the hidden prompt (spec 1 §5: six keys, 2–50 characters): a wrong secret did not work; the session code gives the powerful hands', async ({
  browser,
}) => {
  const code = `wish-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const page = await pageFor(browser, server, player, code);
  await page.getByTestId('seat-0').click();
  await openMenu(page, 'game');
  await expect(page.getByTestId('hand-icon-spock')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await typeOnTable(page, 'wishes');
  const prompt = page.getByTestId('secret-prompt');
  await expect(prompt).toBeVisible();
  // One character is too short (spec: 2 to 50); 50 is the most the field takes.
  await page.getByTestId('secret-input').fill('x');
  await expect(page.getByTestId('secret-submit')).toBeDisabled();
  await page.getByTestId('secret-input').fill('y'.repeat(60));
  await expect(page.getByTestId('secret-input')).toHaveValue('y'.repeat(50));
  await page.getByTestId('secret-submit').click();
  await expect(page.getByRole('dialog')).toContainText("That didn't work.");
  await page.getByRole('dialog').getByRole('button').last().click();

  await typeOnTable(page, 'wishes');
  await page.getByTestId('secret-input').fill(code.toUpperCase());
  await page.getByTestId('secret-submit').click();
  await expect(prompt).toHaveCount(0);
  await openMenu(page, 'game');
  await page.getByTestId('hand-icon-spock').click();
  await expect(page.getByTestId('seat-0-hand')).toBeVisible();
  await page.context().close();
});
