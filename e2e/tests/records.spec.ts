import fs from 'node:fs';
import { gameRecordSchema } from '@belfry/protocol';
import type { Socket } from 'socket.io-client';
import { type Browser, expect, type Page, test } from '../fixtures';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';
import { openMenu, pageFor, unique } from '../shots/gameTable';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;
let players: Tokens[];
let watcher: Tokens;
let stranger: Tokens;
const sockets: Socket[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = new ServerProcess(18_660, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'host'); // the install's first account: it may create games
  players = [];
  for (let i = 0; i < 5; i++) players.push(await registerViaApi(server, mail, `rec${i}-${unique()}`));
  watcher = await registerViaApi(server, mail, `watcher-${unique()}`);
  stranger = await registerViaApi(server, mail, `stranger-${unique()}`);
});
test.afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await server.stop();
  await mail.stop();
});

const ack = async (socket: Socket, event: string, payload: unknown) =>
  expect(await socket.timeout(5_000).emitWithAck(event, payload)).toEqual({ ok: true });

/** A browser signed in as `tokens` on a page of the app (not in a session). */
const signedIn = async (browser: Browser, tokens: Tokens, path: string, viewport = { width: 1366, height: 768 }) => {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
};

/** Screenshots for a person to look at, when SHOTS names a folder: at 1366×768 and 768×1024. */
const shots = async (page: Page, name: string) => {
  const folder = process.env.SHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${folder}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: `${folder}/${name}-768.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
};

test('a finished 5-player game: every participant finds its record and their statistics; the JSON export reloads through the schema', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const code = `rec-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  // The Storyteller runs the table in a browser; the five players and a spectator are online by socket.
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  const seated: Socket[] = [];
  for (const [i, player] of players.entries()) {
    const socket = await joinViaSocket(server, code, player.accessToken);
    sockets.push(socket);
    await ack(socket, 'claimSeat', { index: i });
    seated.push(socket);
  }
  sockets.push(await joinViaSocket(server, code, watcher.accessToken));
  const teller = await joinViaSocket(server, code, host.accessToken);
  sockets.push(teller);

  // Start, hand out (an Imp, an Organ Grinder whose votes are secret, three Chefs), a secret vote on
  // day 0 where seats 0, 1 and 4 raise a hand, seat 2 dies, then night 1.
  await openMenu(st, 'playing');
  await st.getByTestId('start-game').click();
  await expect(st.getByTestId('distribute-overlay')).toHaveCount(0, { timeout: 10_000 });
  const organGrinder = {
    id: 'organgrinder',
    name: 'Organ Grinder',
    team: 'minion',
    special: [{ type: 'vote', name: 'hidden' }],
  };
  const chef = { id: 'chef', name: 'Chef', team: 'townsfolk' };
  await ack(teller, 'distributeRoles', {
    roles: [
      { role: { id: 'imp', name: 'Imp', team: 'demon' }, alignment: 'e' },
      { role: organGrinder, alignment: 'e' },
      { role: chef, alignment: 'g' },
      { role: chef, alignment: 'g' },
      { role: chef, alignment: 'g' },
    ],
  });
  await expect(st.getByTestId('seat-4-role')).toHaveAttribute('data-role', 'chef');
  await ack(teller, 'voteIsHidden', { value: true });
  await ack(teller, 'nomination', { nominator: 0, nominee: 2 });
  for (const i of [0, 1, 4]) await ack(seated[i]!, 'vote', { index: i, value: 1, at: Date.now() });
  await ack(teller, 'voteControl', { action: 'finish' });
  await ack(teller, 'updatePlayer', { index: 2, property: 'isDead', value: true });
  await ack(teller, 'toggleNight', {});

  // Nothing of the running game shows in anyone's records.
  // (Reached from the Lobby.)
  const early = await signedIn(browser, players[0]!, '/');
  await early.getByTestId('lobby-games').click();
  await expect(early).toHaveURL(/\/games$/);
  await expect(early.getByTestId('records-empty')).toBeVisible();
  await expect(early.getByTestId('records-stat-games')).toHaveAttribute('data-value', '0');
  await early.context().close();

  // The Storyteller ends it through the menu: evil wins; the reveal runs (100 ms a player).
  // (Once the receive-role hook of the hand-out is over: one hook at a time.)
  await openMenu(st, 'playing');
  await expect(st.getByTestId('end-game')).not.toHaveAttribute('aria-disabled', 'true', { timeout: 10_000 });
  await st.getByTestId('end-game').click();
  await st.getByTestId('end-game-slow').uncheck();
  await st.getByTestId('end-game-evil').click();
  await expect(st.getByTestId('reveal-overlay')).toHaveCount(0, { timeout: 10_000 });

  // The town info links to the record.
  await st.getByTestId('record-link').click();
  await expect(st).toHaveURL(/\/games\/[A-Za-z0-9_-]{1,32}$/);
  const recordId = new URL(st.url()).pathname.split('/').pop()!;
  await expect(st.getByTestId('record-result')).toHaveAttribute('data-result', 'evil');
  await expect(st.getByTestId('record-seat-0')).toHaveAttribute('data-role', 'imp');
  await expect(st.getByTestId('record-seat-2')).toHaveAttribute('data-alignment', 'good');
  // Night 1 and, since the end comes by day, day 1 (spec 1 §4: revealing ends the night).
  await expect(st.getByTestId('record-phase')).toHaveText(['Setup', 'Night 1', 'Day 1']);
  const vote = st.locator('[data-testid="record-entry"][data-type="nomination"]');
  await expect(vote).toHaveAttribute('data-secret', 'true');
  await expect(vote).toHaveAttribute('data-total', '3');
  // The Storyteller sees every secret hand.
  await expect(vote.getByTestId('record-voters')).toHaveText(/^[^·]*,[^·]*,[^·]*$/);
  await expect(vote.getByTestId('record-hidden-hands')).toHaveCount(0);
  await st.getByTestId('record-public').click();
  await expect(st.getByTestId('record-public')).toBeChecked();
  await shots(st, 'record-storyteller');

  // The export: the downloaded file parses through the published schema, and says what the page says.
  const downloading = st.waitForEvent('download');
  await st.getByTestId('record-download').click();
  const file = await (await downloading).path();
  const exported = gameRecordSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  expect(exported).toMatchObject({ id: recordId, result: 'evil', seats: { length: 5 } });
  expect(exported.seats.map((s) => s.role?.id)).toEqual(['imp', 'organgrinder', 'chef', 'chef', 'chef']);
  const schema = (await (await fetch(`${server.url}/game-record-schema.json`)).json()) as { properties: object };
  expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(Object.keys(exported)));

  // Each player: the game in their list, their statistics, and the record with only their own secret hand.
  for (const [i, player] of players.entries()) {
    const page = await signedIn(browser, player, '/games');
    await expect(page.getByTestId(`records-row-${recordId}`)).toBeVisible();
    await expect(page.getByTestId('records-stat-games')).toHaveAttribute('data-value', '1');
    await expect(page.getByTestId('records-stat-player')).toHaveAttribute('data-value', '1');
    // Seats 0 and 1 were evil, and evil won.
    await expect(page.getByTestId('records-stat-playerWins')).toHaveAttribute('data-value', i < 2 ? '1' : '0');
    if (i === 1) await shots(page, 'games-player');
    await page.getByTestId(`records-row-${recordId}`).click();
    const hidden = page.locator('[data-type="nomination"]').getByTestId('record-hidden-hands');
    await expect(hidden).toHaveText('4 hands kept secret');
    const voters = page.locator('[data-type="nomination"]').getByTestId('record-voters');
    if ([0, 1, 4].includes(i)) await expect(voters).toContainText(player.user.username);
    else await expect(voters).not.toContainText(player.user.username);
    await expect(page.getByTestId('record-public')).toHaveCount(0);
    if (i === 1) await shots(page, 'record-player');
    await page.context().close();
  }

  // The Storyteller's statistics: one game told, evil won it.
  const told = await signedIn(browser, host, '/games');
  await expect(told.getByTestId('records-stat-storyteller')).toHaveAttribute('data-value', '1');
  await expect(told.getByTestId('records-stat-stEvilWins')).toHaveAttribute('data-value', '1');
  await told.context().close();

  // The spectator watched: the game is theirs to read, but no game played.
  const watched = await signedIn(browser, watcher, '/games');
  await expect(watched.getByTestId(`records-row-${recordId}`)).toContainText('Watched');
  await expect(watched.getByTestId('records-stat-games')).toHaveAttribute('data-value', '0');
  await watched.context().close();

  // Public: a stranger reads it, with the count only. Made private again: not found.
  const outsider = await signedIn(browser, stranger, `/games/${recordId}`);
  await expect(outsider.getByTestId('record-result')).toHaveAttribute('data-result', 'evil');
  await expect(outsider.locator('[data-type="nomination"]').getByTestId('record-hidden-hands')).toHaveText(
    '5 hands kept secret',
  );
  await st.getByTestId('record-public').click();
  await expect(st.getByTestId('record-public')).not.toBeChecked();
  await outsider.reload();
  await expect(outsider.getByTestId('record-error')).toContainText('no such game record');
  await shots(outsider, 'record-not-found');
});
