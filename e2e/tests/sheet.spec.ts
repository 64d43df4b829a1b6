import { loadScript } from '@belfry/content';
import { expect, test, type Browser, type Page } from '../fixtures';
import fs from 'node:fs';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;
const SHOTS = 'screens'; // e2e/screens/, not committed

test.beforeAll(async () => {
  server = new ServerProcess(18_486, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'sheethost'); // the install's first account: it has a level
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

const pageFor = async (browser: Browser, tokens: Tokens, code: string): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  await page.goto(`${server.url}/join/${code}`);
  await expect(page).toHaveURL(/\/play/);
  return page;
};

/** A homebrew script: official characters (Alchemist and Spy jinx each other) and two of its own. */
const HOMEBREW = JSON.stringify([
  { id: '_meta', name: 'Lanterns & Ladders', author: 'A. Maker' },
  'washerwoman',
  'librarian',
  'alchemist',
  {
    id: 'lamplighter',
    name: 'Lamplighter',
    team: 'townsfolk',
    ability: 'Each night, choose a player: you learn whether their lamp is lit.',
    firstNight: 40,
    otherNight: 50,
    firstNightReminder: 'Wake the Lamplighter to point at a player; nod if their lamp is lit.',
    otherNightReminder: 'Wake the Lamplighter to point at a player; nod if their lamp is lit.',
  },
  'butler',
  'poisoner',
  'spy',
  {
    id: 'gloomwing',
    name: 'Gloomwing',
    team: 'demon',
    ability: 'Each night except the first, choose a player: they die. Lamps go out near you.',
    otherNight: 60,
    otherNightReminder: 'Wake the Gloomwing to choose a player, who dies.',
  },
  'imp',
]);

const openMenuItem = async (page: Page, tab: 'playing' | 'game', item: string) => {
  await page.getByTestId('open-menu').click();
  await page.getByTestId(`menu-tab-${tab}`).click();
  await page.getByTestId(item).click();
};

test('character sheet, night order, fabled and bluffs of a homebrew script', async ({ browser }) => {
  test.setTimeout(150_000);
  const code = `sheet-${unique()}`;
  // Seven players: spec 3 §4 shows the Storyteller the bluffs with more than six.
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 7 });
  const st = await pageFor(browser, host, code);
  const stSocket = await joinViaSocket(server, code, host.accessToken);

  // Fabled on Trouble Brewing: the picker adds the Toymaker; removing the last fabled closes the tab.
  await expect(st.getByTestId('fabled-tab')).toHaveCount(0);
  await openMenuItem(st, 'playing', 'menu-fabled');
  await expect(st.getByTestId('fabled-picker')).toBeVisible();
  await st.getByTestId('fabled-option-toymaker').click();
  await expect(st.getByTestId('fabled-picker')).toHaveCount(0);
  await expect(st.getByTestId('fabled-token-toymaker')).toBeVisible();
  await expect(st.getByTestId('fabled-token-toymaker')).toContainText('Toymaker');
  await st.getByTestId('fabled-remove-toymaker').click();
  await expect(st.getByTestId('fabled-tab')).toHaveCount(0);

  // The Storyteller sets the homebrew script (the edition intent over a socket).
  const loaded = loadScript(HOMEBREW);
  expect(loaded.editionId).toBe('homebrew');
  const edition = { id: 'homebrew', name: loaded.name, author: loaded.author, isOfficial: false, level: 'veteran' };
  expect(await stSocket.emitWithAck('edition', { edition, roles: [...loaded.roles, ...loaded.fabled] })).toEqual({
    ok: true,
  });

  // The character sheet (menu item): mid shows the names, including the script's own characters.
  await openMenuItem(st, 'game', 'menu-sheet');
  const panel = st.getByTestId('side-panel');
  await expect(panel).toHaveAttribute('data-tab', 'sheet');
  await expect(panel).toHaveAttribute('data-state', 'mid');
  await expect(st.getByTestId('sheet-title')).toHaveText('Lanterns & Ladders');
  await expect(st.getByTestId('sheet-author')).toContainText('A. Maker');
  await expect(st.getByTestId('sheet-role-lamplighter')).toContainText('Lamplighter');
  await expect(st.getByTestId('sheet-role-gloomwing')).toContainText('Gloomwing');
  await expect(st.getByTestId('sheet-team-demon')).toContainText('Imp');
  await expect(st.getByTestId('sheet-jinxes')).toHaveCount(0);
  await st.screenshot({ path: `${SHOTS}/sheet-mid-1366x768.png` });
  // A jinx mark opens the tab first, then scrolls to the jinx (after 350 ms).
  await st.getByTestId('sheet-jinx-link-alchemist-spy').first().click();
  await expect(panel).toHaveAttribute('data-state', 'open');
  await expect(st.getByTestId('sheet-jinx-alchemist-spy')).toBeInViewport();
  await expect(st.getByTestId('sheet-role-lamplighter')).toContainText('whether their lamp is lit');
  await st
    .getByTestId('side-panel')
    .locator('.side-panel__body')
    .evaluate((body) => body.scrollTo(0, 0));
  await st.screenshot({ path: `${SHOTS}/sheet-1366x768.png` });
  await st.setViewportSize({ width: 768, height: 1024 });
  await st.screenshot({ path: `${SHOTS}/sheet-768x1024.png` });
  await st.setViewportSize({ width: 1366, height: 768 });

  // Pop-out: the sheet moves into a picture-in-picture window; toggling the tab brings it back.
  await st.getByTestId('sheet-popout').click();
  await expect(st.getByTestId('sheet-popin-tab')).toBeVisible();
  await expect(st.getByTestId('character-sheet')).toHaveCount(0);
  const popped = await st.evaluate(() => {
    const pip = (window as { documentPictureInPicture?: { window: Window | null } }).documentPictureInPicture?.window;
    return pip
      ? { title: pip.document.querySelector('[data-testid=sheet-title]')?.textContent, height: pip.innerHeight }
      : null;
  });
  expect(popped?.title).toBe('Lanterns & Ladders');
  await st.getByTestId('side-tab-sheet').click();
  await expect(st.getByTestId('character-sheet')).toBeVisible();
  await expect(st.getByTestId('sheet-popin-tab')).toHaveCount(0);

  // The download: a JSON file named after the script that loads back to the same characters.
  const downloading = st.waitForEvent('download');
  await st.getByTestId('sheet-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('LanternsLadders.json');
  const back = loadScript(fs.readFileSync((await download.path())!, 'utf8'));
  expect(back.problems).toEqual([]);
  expect(back.editionId).toBe('homebrew');
  expect(back.name).toBe('Lanterns & Ladders');
  expect(back.roles.map((r) => [r.id, r.name])).toEqual(loaded.roles.map((r) => [r.id, r.name]));
  // The Bootlegger homebrew brought along is not written out.
  expect(back.fabled).toEqual([]);

  // Homebrew came with the Bootlegger: in the tab without a remove button, disabled in the picker.
  await expect(st.getByTestId('fabled-token-bootlegger')).toBeVisible();
  await expect(st.getByTestId('fabled-remove-bootlegger')).toHaveCount(0);
  await openMenuItem(st, 'playing', 'menu-fabled');
  await expect(st.getByTestId('fabled-option-bootlegger')).toHaveAttribute('aria-disabled', 'true');
  await st.screenshot({ path: `${SHOTS}/fabled-picker-1366x768.png` });
  await st.getByTestId('fabled-picker-close').click();

  // A bluff: the picker offers good characters of the script that are not in play.
  const player = await registerViaApi(server, mail, `sheetp-${unique()}`);
  const playerSocket = await joinViaSocket(server, code, player.accessToken);
  expect(await playerSocket.emitWithAck('claimSeat', { index: 0 })).toEqual({ ok: true });
  const poisoner = loaded.roles.find((r) => r.id === 'poisoner')!;
  expect(await stSocket.emitWithAck('updatePlayer', { index: 0, property: 'role', value: poisoner })).toEqual({
    ok: true,
  });
  await st.getByTestId('side-panel-close').click();
  await expect(st.getByTestId('side-panel')).toHaveCount(0);
  await st.getByTestId('bluff-slot-0').getByRole('button').click();
  await expect(st.getByTestId('bluff-picker')).toBeVisible();
  await expect(st.getByTestId('bluff-option-washerwoman')).toBeVisible();
  await expect(st.getByTestId('bluff-option-poisoner')).toHaveCount(0);
  await expect(st.getByTestId('bluff-option-imp')).toHaveCount(0);
  await st.getByTestId('bluff-option-lamplighter').click();
  await expect(st.getByTestId('bluff-slot-0')).toHaveAttribute('data-role', 'lamplighter');
  await st.screenshot({ path: `${SHOTS}/tabs-1366x768.png` });
  await st.setViewportSize({ width: 768, height: 1024 });
  await st.screenshot({ path: `${SHOTS}/tabs-768x1024.png` });
  await st.setViewportSize({ width: 1366, height: 768 });

  // The bluffs tab is dragged out by its label, rotated and minimised; its place survives a reload.
  const bluffs = st.getByTestId('bluffs-tab');
  const docked = (await bluffs.boundingBox())!;
  const label = await st.getByTestId('bluffs-tab-label').boundingBox();
  await st.mouse.move(label!.x + 20, label!.y + label!.height / 2);
  await st.mouse.down();
  await st.mouse.move(420, 300, { steps: 8 });
  await st.mouse.up();
  await expect(bluffs).toHaveAttribute('data-free', 'true');
  const placed = (await bluffs.boundingBox())!;
  // It moved with the pointer.
  expect(Math.abs(placed.x - (docked.x + 420 - (label!.x + 20)))).toBeLessThan(2);
  await st.getByTestId('bluffs-tab-rotate').click();
  await expect(bluffs).toHaveAttribute('data-vertical', 'true');
  // Dragged past the window's edge, it stays inside (spec 3 §4: clamped to the window).
  const free = await st.getByTestId('bluffs-tab-label').boundingBox();
  await st.mouse.move(free!.x + 20, free!.y + free!.height / 2);
  await st.mouse.down();
  await st.mouse.move(1360, 760, { steps: 8 });
  await st.mouse.up();
  const clamped = (await bluffs.boundingBox())!;
  expect(clamped.x + clamped.width).toBeLessThanOrEqual(1366 + 1);
  expect(clamped.y + clamped.height).toBeLessThanOrEqual(768 + 1);
  await st.getByTestId('bluffs-tab-minimize').click();
  await expect(bluffs).toHaveAttribute('data-minimized', 'true');
  await expect(st.getByTestId('bluff-slot-0')).toHaveCount(0);
  // Saved 500 ms after the last change.
  await st.waitForTimeout(700);
  await st.reload();
  await expect(st.getByTestId('bluffs-tab')).toHaveAttribute('data-free', 'true');
  await expect(st.getByTestId('bluffs-tab')).toHaveAttribute('data-minimized', 'true');
  await st.getByTestId('bluffs-tab-minimize').click();
  await expect(st.getByTestId('bluff-slot-0')).toHaveAttribute('data-role', 'lamplighter');
  // A click on the label of a freely placed tab puts it back.
  await st.getByTestId('bluffs-tab-label').click();
  await expect(st.getByTestId('bluffs-tab')).toHaveAttribute('data-free', 'false');

  // The night order (menu item): before the first night, the first night with its markers.
  await openMenuItem(st, 'game', 'menu-night-sheet');
  await expect(panel).toHaveAttribute('data-tab', 'firstNight');
  for (const marker of ['dusk', 'minioninfo', 'demoninfo', 'dawn'])
    await expect(st.getByTestId(`night-marker-${marker}`)).toBeVisible();
  await expect(st.getByTestId('night-entry-poisoner')).toHaveAttribute('data-visible', 'true');
  await expect(st.getByTestId('night-entry-lamplighter')).toHaveAttribute('data-visible', 'false');
  await st.getByTestId('night-toggle-lamplighter').click();
  await expect(st.getByTestId('night-entry-lamplighter')).toHaveAttribute('data-visible', 'true');
  await st.getByTestId('side-panel-size').click();
  await expect(panel).toHaveAttribute('data-state', 'open');
  await expect(st.getByTestId('night-entry-lamplighter')).toContainText('nod if their lamp is lit');
  await st.screenshot({ path: `${SHOTS}/night-1366x768.png` });
  await st.setViewportSize({ width: 768, height: 1024 });
  await st.screenshot({ path: `${SHOTS}/night-768x1024.png` });
  await st.setViewportSize({ width: 1366, height: 768 });

  // Other nights: only dusk and dawn; the Gloomwing wakes.
  await st.getByTestId('side-tab-otherNight').click();
  await expect(panel).toHaveAttribute('data-tab', 'otherNight');
  await expect(st.getByTestId('night-marker-minioninfo')).toHaveCount(0);
  await expect(st.getByTestId('night-marker-dawn')).toBeVisible();
  await expect(st.getByTestId('night-entry-gloomwing')).toBeVisible();

  // The c key (spec 3 §9 "reference") brings the character sheet, o the night order.
  await st.keyboard.press('c');
  await expect(panel).toHaveAttribute('data-tab', 'sheet');
  await st.keyboard.press('o');
  await expect(panel).toHaveAttribute('data-tab', 'firstNight');

  // At night the Storyteller opens the signal dialogue from a player's name.
  expect(await stSocket.emitWithAck('toggleNight', {})).toEqual({ ok: true });
  await st.getByTestId('night-entry-poisoner').getByTestId('night-player-0').click();
  await expect(st.getByTestId('signal-dialog')).toBeVisible();

  playerSocket.close();
  stSocket.close();
});
