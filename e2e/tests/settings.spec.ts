import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '../fixtures';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { shootBothSizes } from '../screenshots';
import { ServerProcess } from '../server';
import { openMenu, pageFor, unique } from '../shots/gameTable';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_670, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'settingshost'); // the install's first account: it may create games
  if (process.env.SHOTS) fs.mkdirSync(process.env.SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const shoot = (page: Page, name: string) => shootBothSizes(page, 'settings', name);

/** The Lobby of a signed-in user. */
const lobbyFor = async (browser: Browser, tokens: Tokens): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await expect(page.getByTestId('lobby-settings')).toBeVisible();
  return page;
};

const openTab = async (page: Page, tab: string) => {
  await page.getByTestId(`settings-tab-button-${tab}`).click();
  await expect(page.getByTestId(`settings-tab-button-${tab}`)).toHaveAttribute('aria-selected', 'true');
};

const bodyBorder = (page: Page) => page.evaluate(() => getComputedStyle(document.body).borderTopColor);

test('the Lobby opens Settings on six tabs; custom CSS needs its 10 s confirmation', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await lobbyFor(browser, host);
  // No "coming soon": the Lobby's Settings button opens the dialog on the general tab.
  await page.getByTestId('lobby-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText([
    'General',
    'User',
    'Audio & video',
    'Game',
    'Shortcuts',
    'Advanced',
  ]);
  await expect(page.getByTestId('settings-tab-general')).toBeVisible();
  // The locale is the default (en): no English-names toggle (spec 3 §2).
  await expect(page.getByTestId('settings-english-names')).toHaveCount(0);
  await shoot(page, 'general');

  // Arrow keys walk the tabs.
  await page.getByTestId('settings-tab-button-general').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('settings-tab-user')).toBeVisible();
  await expect(page.getByTestId('settings-user-name')).toHaveText('settingshost');
  await expect(page.getByTestId('profile-stats')).toBeVisible();
  await shoot(page, 'user');
  await openTab(page, 'chat');
  await expect(page.getByTestId('settings-chat-prefs')).toContainText('Echo cancellation');
  await shoot(page, 'chat');
  await openTab(page, 'game');
  // The night-request ping edits the one stored value the chat uses.
  await page.getByTestId('settings-night-ping').check();
  expect(await page.evaluate(() => localStorage.getItem('belfry.nightRequestPing'))).toBe('1');
  await page.getByTestId('settings-stack-reminders').selectOption('false');
  await shoot(page, 'game');

  // Spec 3 §4: enabling custom CSS asks to keep it; 10 s without an answer turn it off again.
  await openTab(page, 'advanced');
  const before = await bodyBorder(page);
  await page.getByTestId('settings-custom-css').fill('body { border-top: 6px solid rgb(200, 10, 20); }');
  await page.getByTestId('settings-custom-css-save').click();
  // Saved, not yet enabled: nothing changes.
  expect(await bodyBorder(page)).toBe(before);
  const askedAt = Date.now();
  await page.getByTestId('settings-custom-css-enabled').check();
  const confirm = page.getByTestId('custom-css-confirm');
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('custom-css-confirm-seconds')).toHaveText(/Turning off in (10|9) seconds/);
  expect(await bodyBorder(page)).toBe('rgb(200, 10, 20)');
  await shoot(page, 'custom-css-confirm');
  await expect(confirm).toHaveCount(0, { timeout: 15_000 });
  expect(Date.now() - askedAt).toBeGreaterThanOrEqual(9_000);
  await expect(page.getByTestId('settings-custom-css-enabled')).not.toBeChecked();
  expect(await bodyBorder(page)).toBe(before);

  // Declining turns it off at once.
  await page.getByTestId('settings-custom-css-enabled').check();
  await page.getByTestId('custom-css-revert').click();
  await expect(page.getByTestId('settings-custom-css-enabled')).not.toBeChecked();
  expect(await bodyBorder(page)).toBe(before);

  // Keeping it keeps it, past the 10 s and across a reload (stored in this browser).
  await page.getByTestId('settings-custom-css-enabled').check();
  await page.getByTestId('custom-css-keep').click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('settings-custom-css-enabled')).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('lobby-settings')).toBeVisible();
  expect(await bodyBorder(page)).toBe('rgb(200, 10, 20)');

  // Spec 3 §5: an address is fetched; only https (the page's own origin aside) is accepted.
  await page.getByTestId('lobby-settings').click();
  await openTab(page, 'advanced');
  await page.getByTestId('settings-custom-css').fill('http://example.test/theme.css');
  await expect(page.getByTestId('settings-custom-css-save')).toHaveText('Load from address');
  await page.getByTestId('settings-custom-css-save').click();
  await expect(page.getByTestId('settings-custom-css-error')).toHaveText('Only https addresses can be loaded.');
  // The stylesheet in use did not change.
  expect(await bodyBorder(page)).toBe('rgb(200, 10, 20)');
  await shoot(page, 'advanced');
  await page.getByTestId('settings-custom-css-enabled').uncheck();
  expect(await bodyBorder(page)).toBe(before);

  // Escape closes it.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
});

test('token zoom, colorblind palettes, per-sound volumes and the chroma key change the table', async ({ browser }) => {
  test.setTimeout(120_000);
  const code = `settings-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  // Each page counts the Web Audio gain stages it builds: every sound is built on one.
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  const player = await registerViaApi(server, mail, `listener${unique()}`);
  const playerPage = await pageFor(browser, server, player, code);
  for (const page of [st, playerPage]) {
    await page.evaluate(() => {
      const counter = window as unknown as { gains: number };
      counter.gains = 0;
      const original = AudioContext.prototype.createGain;
      AudioContext.prototype.createGain = function (this: AudioContext) {
        counter.gains++;
        return original.call(this);
      };
    });
  }
  const gains = (page: Page) => page.evaluate(() => (window as unknown as { gains: number }).gains);
  const seat = st.getByTestId('seat-0');
  const widthOf = async () => (await seat.boundingBox())!.width;
  const base = await widthOf();

  await openMenu(st, 'app');
  await st.getByTestId('menu-settings').click();
  await expect(st.getByTestId('settings-dialog')).toBeVisible();

  // Spec 3 §5: token zoom −10..15 shown as 100 + 10x %; 5 is 150 %.
  const zoom = st.getByTestId('settings-token-zoom');
  await zoom.fill('5');
  await expect(st.getByTestId('settings-token-zoom-value')).toHaveText('150%');
  expect((await widthOf()) / base).toBeCloseTo(1.5, 1);
  await zoom.fill('-5');
  await expect(st.getByTestId('settings-token-zoom-value')).toHaveText('50%');
  expect((await widthOf()) / base).toBeCloseTo(0.5, 1);
  await zoom.fill('0');

  // Spec 3 §4: the colorblind mode steps through 8 palettes and wraps back to the first.
  const palette = st.getByTestId('settings-colorblind');
  const demonColour = () =>
    st.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--team-demon').trim());
  const colours: string[] = [];
  for (let mode = 0; mode < 8; mode++) {
    await expect(palette).toHaveAttribute('data-mode', String(mode));
    colours.push(await demonColour());
    await palette.click();
  }
  await expect(palette).toHaveAttribute('data-mode', '0');
  expect(new Set(colours).size).toBe(8);
  await palette.click(); // protanopia
  await expect(palette).toContainText('protanopia');
  expect(await demonColour()).toBe('#3d2700');
  await shoot(st, 'game-general');

  // Spec 3 §3 Sounds: the sub-view has a volume for each of the 10 sounds; 0 mutes that sound only.
  await st.getByTestId('settings-open-sounds').click();
  await expect(st.getByTestId('settings-dialog').locator('h2')).toHaveText('Sound effects');
  await expect(st.locator('[data-testid^="settings-sound-"][type="range"]')).toHaveCount(11);
  await st.getByTestId('settings-sound-attentionGong').fill('0');
  await expect(st.getByTestId('settings-sound-attentionGong-value')).toHaveText('muted');
  // Spec 3 §9: shown on the logarithmic scale ×15 (full volume 15).
  await expect(st.getByTestId('settings-sound-timerGong-value')).toHaveText('15');
  await shoot(st, 'sounds');
  await st.getByTestId('settings-close').click();

  const stBefore = await gains(st);
  const playerBefore = await gains(playerPage);
  await openMenu(st, 'game');
  await st.getByTestId('gong').click();
  await expect(playerPage.getByTestId('attention-overlay')).toBeVisible();
  await expect.poll(() => gains(playerPage)).toBeGreaterThan(playerBefore);
  await st.waitForTimeout(1_000);
  expect(await gains(st)).toBe(stBefore);

  // Spec 1 §2 / spec 3 §9: the chroma key (default #00B140) paints the background.
  await st.keyboard.press('Escape');
  await openMenu(st, 'app');
  await st.getByTestId('menu-settings').click();
  await openTab(st, 'advanced');
  await expect(st.getByTestId('settings-chroma-key-colour')).toHaveValue('#00b140');
  await st.getByTestId('settings-chroma-key').check();
  const background = () => st.evaluate(() => getComputedStyle(document.querySelector('.grimoire')!).backgroundColor);
  expect(await background()).toBe('rgb(0, 177, 64)');
  await expect(st.getByTestId('theme-backdrop')).toBeHidden();
  await st.getByTestId('settings-close').click();
  await shoot(st, 'chroma-key');
  await openMenu(st, 'app');
  await st.getByTestId('menu-settings').click();
  await openTab(st, 'advanced');
  await st.getByTestId('settings-chroma-key').uncheck();
  expect(await background()).not.toBe('rgb(0, 177, 64)');

  // A background that fails to load is cleared.
  await st.getByTestId('settings-background').fill(`${server.url}/no-such-background.webm`);
  await st.getByTestId('settings-background-apply').click();
  await expect(st.getByTestId('settings-background-clear')).toBeDisabled();
  expect(await st.evaluate(() => JSON.parse(localStorage.getItem('belfry.settings')!).background)).toBe('');
  // One that loads lies behind the table.
  const pixel = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/%3E';
  await st.getByTestId('settings-background').fill(pixel);
  await st.getByTestId('settings-background-apply').click();
  await expect(st.getByTestId('settings-background-layer').locator('img')).toHaveAttribute('src', pixel);
  await expect(st.getByTestId('settings-background-clear')).toBeEnabled();
  await st.getByTestId('settings-background-clear').click();
  await expect(st.getByTestId('settings-background-layer')).toHaveCount(0);
  await st.getByTestId('settings-close').click();
});

test('stacked reminders, night static, condensed sheets and cosmetics off reach the table', async ({ browser }) => {
  test.setTimeout(90_000);
  const code = `settings-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  // Defaults: reminders spread (auto, none yet), the sky twinkles, full sheets, cosmetics on.
  await expect(st.locator('.seat__reminders').first()).toHaveAttribute('data-stacked', 'false');
  const flags = () =>
    st.evaluate(() =>
      ['nightStatic', 'condensedSheets', 'cosmeticsOff'].filter((flag) => flag in document.body.dataset),
    );
  expect(await flags()).toEqual([]);

  await st.evaluate(() =>
    localStorage.setItem(
      'belfry.settings',
      JSON.stringify({
        stackReminderTokens: true,
        hasNightStatic: true,
        hasCondensedSheets: true,
        isCosmeticsDisabled: true,
        isNightOrder: true,
      }),
    ),
  );
  await st.reload();
  await expect(st.getByTestId('seat-circle')).toBeVisible();
  await expect(st.locator('.seat__reminders').first()).toHaveAttribute('data-stacked', 'true');
  expect(await flags()).toEqual(['nightStatic', 'condensedSheets', 'cosmeticsOff']);
  // Night order on tokens: the Chef wakes first tonight among the characters in play, the Soldier never.
  for (const [seat, id] of [
    [0, 'soldier'],
    [1, 'chef'],
  ] as const) {
    await st.getByTestId(`seat-${seat}`).click();
    await st.getByTestId('role-picker').getByTestId(`role-option-${id}`).click();
    await expect(st.getByTestId(`seat-${seat}-role`)).toHaveAttribute('data-role', id);
  }
  await expect(st.getByTestId('seat-1-night-place')).toHaveText('1');
  await expect(st.getByTestId('seat-0-night-place')).toHaveCount(0);
  await shoot(st, 'table-settings');
  // Night static: the stars hold still at night.
  await st.keyboard.press('n');
  await expect(st.getByTestId('phase-label')).toHaveAttribute('data-night', 'true');
  expect(
    await st.evaluate(() =>
      Array.from(document.querySelectorAll('.night-backdrop__stars')).map((el) => getComputedStyle(el).animationName),
    ),
  ).toEqual(['none', 'none']);
});

test("player duplicates: a player's notes may hold a limited reminder twice; without it the oldest goes", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `dupes-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  // The Storyteller puts the Fibbin in play: a fabled everyone sees, with one "No Ability" reminder.
  const st = await joinViaSocket(server, code, host.accessToken);
  const fibbin = { id: 'fibbin', name: 'Fibbin', team: 'fabled', reminders: ['No Ability'] };
  expect(await st.emitWithAck('fabled', { action: 'add', role: fibbin })).toMatchObject({ ok: true });
  const player = await registerViaApi(server, mail, `dupes${unique()}`);
  const page = await pageFor(browser, server, player, code, { viewport: { width: 1366, height: 768 } });
  /** The Fibbin lists "No Ability" once: spec 3 §4 limits it to one place. */
  const note = async (seat: number) => {
    await page.getByTestId(`reminder-add-${seat}`).click();
    const picker = page.getByTestId('reminder-picker');
    await picker.getByTestId('reminder-search').fill('No Ability');
    await picker.getByTestId('reminder-option-fibbin-no-ability').click();
    await expect(picker).toHaveCount(0);
  };
  const notes = (seat: number) => page.getByTestId(new RegExp(`^seat-${seat}-note-\\d+$`));

  await note(0);
  await note(1);
  await expect(notes(1)).toHaveCount(1);
  await expect(notes(0)).toHaveCount(0); // the oldest holder gave it up

  await page.evaluate(() => localStorage.setItem('belfry.settings', JSON.stringify({ isPlayerDuplicates: true })));
  await page.reload();
  await expect(page.getByTestId('seat-circle')).toBeVisible();
  await note(2);
  await expect(notes(2)).toHaveCount(1);
  await expect(notes(1)).toHaveCount(1); // kept: duplicates allowed
  await page.context().close();
  st.close();
});

test('public town square: the town-square view leaves out the bluffs and the night order', async ({ browser }) => {
  test.setTimeout(90_000);
  const code = `square-${unique()}`;
  // Seven seats and more: the Storyteller keeps three bluffs (spec 3 §4).
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 8 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  await st.keyboard.press('2');
  await st.getByTestId('edition-tb').click();
  await expect(st.getByTestId('edition-picker')).toHaveCount(0);
  const secretsShown = async (shown: boolean) => {
    await expect(st.getByTestId('bluffs-tab')).toHaveCount(shown ? 1 : 0);
    await expect(st.getByTestId('side-tab-firstNight')).toHaveCount(shown ? 1 : 0);
    await expect(st.getByTestId('side-tab-sheet')).toBeVisible(); // the script is public
  };

  // Without the setting the town-square view hides the seats' secrets only.
  await st.keyboard.press('t');
  await expect(st.getByTestId('grimoire-heading')).toHaveText('Town Square');
  await secretsShown(true);
  await st.keyboard.press('t');

  await st.evaluate(() => localStorage.setItem('belfry.settings', JSON.stringify({ hasPublicTownSquare: true })));
  await st.reload();
  await expect(st.getByTestId('seat-circle')).toBeVisible();
  await secretsShown(true); // the grimoire keeps everything
  await st.keyboard.press('t');
  await expect(st.getByTestId('grimoire-heading')).toHaveText('Town Square');
  await secretsShown(false);
  await shoot(st, 'public-town-square');
  await st.keyboard.press('t');
  await expect(st.getByTestId('grimoire-heading')).toHaveText('Grimoire');
  await secretsShown(true);
  await st.context().close();
});
