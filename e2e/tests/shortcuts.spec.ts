import fs from 'node:fs';
import { expect, test, type Page } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { shootBothSizes } from '../screenshots';
import { ServerProcess } from '../server';
import { openMenu, pageFor, unique } from '../shots/gameTable';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_680, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'keyhost'); // the install's first account: it may create games
  if (process.env.SHOTS) fs.mkdirSync(process.env.SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

/** Spec 1 §2: the heading says Grimoire, or Town Square once t shows the town square. */
const heading = (page: Page) => page.getByTestId('grimoire-heading');

/** Presses a key on the game screen itself (not in a field, no dialogue open). */
const pressOnTable = async (page: Page, key: string) => {
  await page.getByTestId('seat-circle').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(key);
};

const shortcutsTab = (page: Page) => page.getByTestId('settings-shortcuts');

test('a recorded shortcut works, the add button appends, a duplicate cancels and Escape restores the default', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const code = `keys-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  await expect(heading(st)).toHaveText('Grimoire');

  // The default t (spec 3 §9 "t town square") toggles the town square.
  await pressOnTable(st, 't');
  await expect(heading(st)).toHaveText('Town Square');
  await pressOnTable(st, 't');
  await expect(heading(st)).toHaveText('Grimoire');

  // The App tab's Settings item opens Settings (no "coming soon" any more); / opens its shortcuts tab.
  await openMenu(st, 'app');
  await st.getByTestId('menu-settings').click();
  await expect(st.getByTestId('settings-dialog')).toBeVisible();
  await st.getByTestId('settings-close').click();
  await expect(st.getByTestId('settings-dialog')).toHaveCount(0);
  await pressOnTable(st, '/');
  await expect(shortcutsTab(st)).toBeVisible();
  await shootBothSizes(st, 'shortcuts', 'tab');

  // Spec 3 §4: a key replaces the binding.
  const row = st.getByTestId('shortcut-townSquare');
  await st.getByTestId('shortcut-townSquare-record').click();
  await expect(st.getByTestId('shortcuts-status')).toContainText('press the new key');
  await shootBothSizes(st, 'shortcuts', 'recording');
  await st.keyboard.press('y');
  await expect(row.locator('kbd')).toHaveText(['Y']);
  await expect(st.getByTestId('shortcuts-status')).toHaveText('Town square or grimoire now uses Y.');
  // The recording took the key: the dialogue is still open and the town square did not change.
  await expect(shortcutsTab(st)).toBeVisible();
  await st.getByTestId('settings-close').click();

  await pressOnTable(st, 'y');
  await expect(heading(st)).toHaveText('Town Square');
  await pressOnTable(st, 't');
  await st.waitForTimeout(300);
  await expect(heading(st)).toHaveText('Town Square');
  await pressOnTable(st, 'y');
  await expect(heading(st)).toHaveText('Grimoire');

  // Kept in this browser (spec 3 §3 "stored locally: keybindings"): a reload keeps y.
  await st.reload();
  await expect(st.getByTestId('seat-circle')).toBeVisible();
  await pressOnTable(st, 'y');
  await expect(heading(st)).toHaveText('Town Square');
  await pressOnTable(st, 'y');
  await expect(heading(st)).toHaveText('Grimoire');

  // The add button appends; adding a key the action already has cancels, changing nothing.
  await pressOnTable(st, 'q');
  await expect(st.getByTestId('settings-dialog')).toBeVisible();
  await st.getByTestId('settings-tab-button-shortcuts').click();
  await st.getByTestId('shortcut-townSquare-add').click();
  await st.keyboard.press('k');
  await expect(row.locator('kbd')).toHaveText(['Y', 'K']);
  await st.getByTestId('shortcut-townSquare-add').click();
  await st.keyboard.press('y');
  await expect(st.getByTestId('shortcuts-status')).toHaveText(
    'Y is already a key for Town square or grimoire: nothing changed.',
  );
  await expect(row.locator('kbd')).toHaveText(['Y', 'K']);

  // Escape while recording restores the default, and leaves the dialogue open.
  await st.getByTestId('shortcut-townSquare-record').click();
  await st.keyboard.press('Escape');
  await expect(row.locator('kbd')).toHaveText(['T']);
  await expect(st.getByTestId('shortcuts-status')).toHaveText('Town square or grimoire is back to its default: T.');
  await expect(shortcutsTab(st)).toBeVisible();
  await st.getByTestId('settings-close').click();

  await pressOnTable(st, 'y');
  await pressOnTable(st, 'k');
  await st.waitForTimeout(300);
  await expect(heading(st)).toHaveText('Grimoire');
  await pressOnTable(st, 't');
  await expect(heading(st)).toHaveText('Town Square');
  await pressOnTable(st, 't');
  await expect(heading(st)).toHaveText('Grimoire');
});

test('shortcuts are ignored while typing and with a modifier held (spec 1 §5)', async ({ browser }) => {
  const code = `keys-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  await expect(heading(st)).toHaveText('Grimoire');
  await pressOnTable(st, 'Shift+T');
  await pressOnTable(st, 'Control+t');
  await st.waitForTimeout(300);
  await expect(heading(st)).toHaveText('Grimoire');

  // A key typed into a field is the field's.
  await st.evaluate(() => {
    const field = document.createElement('input');
    field.dataset.testid = 'scratch-field';
    document.body.append(field);
  });
  await st.getByTestId('scratch-field').fill('');
  await st.getByTestId('scratch-field').press('t');
  await st.waitForTimeout(300);
  await expect(heading(st)).toHaveText('Grimoire');
  await expect(st.getByTestId('scratch-field')).toHaveValue('t');
});

test('Help in the App tab explains the table and lists the shortcuts as bound', async ({ browser }) => {
  const code = `keys-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  // A binding of this browser shows in the list.
  await st.evaluate(() =>
    localStorage.setItem('belfry.keybindings', JSON.stringify({ voteHistory: ['j', 'F4'], townSquare: ['y'] })),
  );
  await st.reload();
  await expect(st.getByTestId('seat-circle')).toBeVisible();

  // The menus show the keys as bound in this browser, not the defaults.
  await openMenu(st, 'game');
  await expect(st.getByTestId('town-square-toggle').locator('kbd')).toHaveText('Y');
  await st.keyboard.press('Escape');

  await openMenu(st, 'app');
  await st.getByTestId('menu-help').click();
  const help = st.getByTestId('game-help');
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Days and votes' })).toBeVisible();
  await expect(help.getByTestId('help-shortcut-voteHistory').locator('kbd')).toHaveText(['J', 'F4']);
  await expect(help.getByTestId('help-shortcut-raiseHand').locator('kbd')).toHaveText(['Space']);
  await expect(help.getByTestId('help-shortcut-townSquare').locator('kbd')).toHaveText(['Y']);
  await shootBothSizes(st, 'shortcuts', 'help');
  await help.getByTestId('help-shortcut-roles').scrollIntoViewIfNeeded();
  await shootBothSizes(st, 'shortcuts', 'help-keys');

  // "Change keys" goes to the shortcuts tab.
  await help.getByTestId('game-help-change-keys').click();
  await expect(help).toHaveCount(0);
  await expect(shortcutsTab(st)).toBeVisible();
  await expect(st.getByTestId('shortcut-voteHistory').locator('kbd')).toHaveText(['J', 'F4']);
});

test('during the reveal only audio, video, settings, shortcuts, leave, fullscreen and deafen keys work (spec 1 §2)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `keys-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  await expect(heading(st)).toHaveText('Grimoire');

  // g (spec 3 §9 "reveal grimoire") asks who won; the slow reveal takes 1000 ms a seat (spec 1 §4).
  await pressOnTable(st, 'g');
  await expect(st.getByTestId('end-game-dialog')).toBeVisible();
  await expect(st.getByTestId('end-game-slow')).toBeChecked();
  await st.getByTestId('end-game-good').click();
  await expect(st.getByTestId('reveal-overlay')).toBeVisible();

  // t is not among them: the town square stays as it was; q (settings) is.
  await st.keyboard.press('t');
  await st.waitForTimeout(300);
  await expect(heading(st)).toHaveText('Grimoire');
  await st.keyboard.press('q');
  await expect(st.getByTestId('settings-dialog')).toBeVisible();
  await st.getByTestId('settings-close').click();

  // Once the reveal is over, t works again.
  await expect(st.getByTestId('reveal-overlay')).toHaveCount(0, { timeout: 15_000 });
  await pressOnTable(st, 't');
  await expect(heading(st)).toHaveText('Town Square');
});

test('a nomination made with the keyboard alone, and the vote on the key the player bound to "vote or raise hand"', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `keys-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const voter = await registerViaApi(server, mail, `keyvoter${unique()}`);
  const other = await registerViaApi(server, mail, `keyother${unique()}`);
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  const player = await pageFor(browser, server, voter, code, { viewport: { width: 1366, height: 768 } });
  const second = await pageFor(browser, server, other, code, { viewport: { width: 1366, height: 768 } });
  await player.getByTestId('seat-0').click();
  await second.getByTestId('seat-1').click();
  await expect(st.getByTestId('seat-1')).not.toHaveAttribute('data-occupant', 'empty');
  await second.context().close();

  // The player binds "vote or raise hand" to h instead of Space (Settings → shortcuts stores it here).
  await player.evaluate(() => localStorage.setItem('belfry.keybindings', JSON.stringify({ raiseHand: ['h'] })));
  await player.reload();
  await expect(player.getByTestId('seat-circle')).toBeVisible();

  // The Storyteller nominates with Tab-focusable buttons and Enter only.
  await st.getByTestId('nominate').focus();
  await st.keyboard.press('Enter');
  await st.getByTestId('nominate-seat-0').focus();
  await st.keyboard.press('Enter');
  await st.getByTestId('nominate-seat-1').focus();
  await st.keyboard.press('Enter');
  await expect(player.getByTestId('vote-player')).toBeVisible();
  await expect(player.getByTestId('vote-player')).toHaveAttribute('data-value', '0');

  // Space is no longer the vote for this player; h is.
  await pressOnTable(player, ' ');
  await player.waitForTimeout(500);
  await expect(player.getByTestId('vote-player')).toHaveAttribute('data-value', '0');
  await pressOnTable(player, 'h');
  await expect(player.getByTestId('vote-player')).toHaveAttribute('data-value', '1');
  await expect(st.getByTestId('vote-count')).toContainText('1');
  // A vote changes at most once in 500 ms (VOTE_CHANGE_DEBOUNCE_MS); after that the key lowers the hand.
  await player.waitForTimeout(600);
  await pressOnTable(player, 'h');
  await expect(player.getByTestId('vote-player')).toHaveAttribute('data-value', '0');
});
