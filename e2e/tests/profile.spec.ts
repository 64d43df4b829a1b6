import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Browser, type Page, test } from '../fixtures';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { loginThroughUi } from '../flows';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';
import { shootBothSizes } from '../screenshots';
import { unique } from '../shots/gameTable';

const mail = new MailCatcher();
let server: ServerProcess;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-profile-'));
/** A real PNG, written byte by byte: a 96 × 64 colour gradient. */
const gradientPng = (width = 96, height = 64): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 160], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const files = {
  png: path.join(folder, 'me.png'),
  big: path.join(folder, 'holiday.png'),
  text: path.join(folder, 'notes.png'),
};

test.beforeAll(async () => {
  fs.writeFileSync(files.png, gradientPng());
  // 6 MB: over the 5 MB of spec 2 §9, a PNG in its first bytes.
  fs.writeFileSync(files.big, Buffer.concat([gradientPng(), Buffer.alloc(6 * 1024 * 1024)]));
  fs.writeFileSync(files.text, 'These are my notes, not a picture.\n'.repeat(40));
  server = new ServerProcess(18_650, { SMTP_URL: await mail.start() });
  await server.start();
  await registerViaApi(server, mail, `admin-${unique()}`); // the install's first account
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const shoot = (page: Page, name: string) => shootBothSizes(page, 'profile', name);

const loggedIn = async (browser: Browser, tokens: Tokens, path = '/') => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await page.goto(`${server.url}/login?next=${encodeURIComponent(path)}`);
  await loginThroughUi(page, tokens.user.email);
  return page;
};

const me = async (tokens: Tokens) =>
  (await (
    await fetch(`${server.url}/backend/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } })
  ).json()) as { username: string; pronouns: string; cosmetics: { avatar: number | string } };

test('a user edits username, pronouns and avatar; a 6 MB file and a text file are refused; others see the picture', async ({
  browser,
}) => {
  const code = `portrait-${unique()}`;
  const storyteller = await registerViaApi(server, mail, `teller-${unique()}`);
  server.grantLevel(storyteller.user.email);
  await createSessionViaApi(server, storyteller.accessToken, { name: code, seats: 3 });
  const player = await registerViaApi(server, mail, `player-${unique()}`);
  server.grantLevel(player.user.email); // uploading a picture comes with a level (spec 2 §9)

  // The Storyteller at the table; the player sits down (a socket, as another device of theirs).
  const st = await loggedIn(browser, storyteller, `/join/${code}`);
  await expect(st).toHaveURL(/\/play/);
  const socket = await joinViaSocket(server, code, player.accessToken);
  expect(await socket.emitWithAck('claimSeat', { index: 0 })).toEqual({ ok: true });
  const row = st.getByTestId(`user-row-${player.user.id}`);
  await expect(row.getByTestId(`avatar-${player.user.id}`)).toHaveAttribute('data-avatar', '0');
  // An occupied seat without a visible role shows the avatar, not a letter.
  await expect(st.getByTestId('seat-0-role').getByTestId(`avatar-${player.user.id}`)).toBeVisible();

  // The player opens their own card from the Lobby header.
  const page = await loggedIn(browser, player);
  await expect(page.getByTestId('lobby-level')).toBeVisible();
  await page.getByTestId('open-own-profile').click();
  const card = page.getByTestId('profile-card');
  await expect(card.getByTestId('profile-username')).toHaveValue(player.user.username);
  // Spec 2 §5: the field takes at most 50 characters; a username needs 3.
  await card.getByTestId('profile-username').fill('x'.repeat(60));
  await expect(card.getByTestId('profile-username')).toHaveValue('x'.repeat(50));
  await card.getByTestId('profile-username').fill('Al');
  await card.getByTestId('profile-close').click();
  await expect(card.getByRole('alert')).toHaveText('A username needs at least 3 characters.');
  await expect(card).toBeVisible();
  const name = `Portrait ${unique()}`;
  await card.getByTestId('profile-username').fill(name);
  await card.getByTestId('profile-pronouns').fill('they/them');
  await shoot(page, 'card');

  await card.getByTestId('profile-change-avatar').click();
  await expect(card.getByTestId('avatar-picker')).toBeVisible();
  await card.getByTestId('avatar-option-5').click();
  await expect(card.getByTestId('avatar-option-5')).toHaveAttribute('aria-checked', 'true');

  const refused = async (file: string, title: string, text: RegExp) => {
    await card.getByTestId('avatar-file').setInputFiles(file);
    const dialog = page.getByTestId('avatar-error');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
  };
  await refused(files.big, 'Avatar too large', /larger than 5 MB/);
  await shoot(page, 'picker');
  await refused(files.text, 'Avatar not changed', /not a picture Belfry can use/);
  await expect(card.getByTestId('avatar-option-upload')).toHaveCount(0); // nothing was stored

  await card.getByTestId('avatar-file').setInputFiles(files.png);
  await expect(card.getByTestId('avatar-option-upload')).toHaveAttribute('aria-checked', 'true');
  await expect(card.getByTestId('avatar-option-upload').locator('img')).toHaveJSProperty('naturalWidth', 256);
  await card.getByTestId('avatar-back').click();
  await expect(card.getByTestId(`avatar-${player.user.id}`)).toHaveAttribute('data-avatar', 'upload');
  await card.getByTestId('profile-close').click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('current-user')).toHaveText(name);
  await expect(page.getByTestId('open-own-profile').locator('img')).toHaveJSProperty('naturalWidth', 256);
  await shoot(page, 'lobby');

  const saved = await me(player);
  expect([saved.username, saved.pronouns, saved.cosmetics.avatar]).toEqual([name, 'they/them', 'upload']);

  // The Storyteller opens the player's card: the new picture, there and in the users list and on the seat.
  await row.getByTestId(`user-${player.user.id}`).click();
  const other = st.getByTestId('profile-card');
  await expect(other.getByTestId('profile-pronouns-shown')).toHaveText('they/them');
  const picture = other.getByTestId(`avatar-${player.user.id}`).locator('img');
  await expect(picture).toHaveJSProperty('naturalWidth', 256);
  await expect(picture).toHaveAttribute('src', new RegExp(`^/avatars/${player.user.id}\\.webp\\?v=\\d+$`));
  await shoot(st, 'other');
  await other.getByTestId('profile-close').click();
  await expect(row.getByTestId(`avatar-${player.user.id}`)).toHaveAttribute('data-avatar', 'upload');
  await expect(st.getByTestId('seat-0-role').locator('img')).toHaveJSProperty('naturalWidth', 256);
  await shoot(st, 'table');
  socket.disconnect();
});
