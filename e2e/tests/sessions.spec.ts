import { type Browser, expect, type Page, test } from '../fixtures';
import { createSessionViaApi, handshakeAnswer, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { CutProxy } from '../cutProxy';
import { shootBothSizes } from '../screenshots';
import { loginThroughUi, registerThroughUi } from '../flows';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;
const sockets: { close(): void }[] = [];

test.beforeAll(async () => {
  server = new ServerProcess(18_483, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'host'); // the install's first account: it has a level
});
test.afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
  await mail.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

const newPage = async (browser: Browser, path: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}${path}`);
  return page;
};

/** The signed-in user of a page, as the app keeps it. */
const account = async (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('belfry.auth') ?? 'null') as { accessToken: string; user: { id: string } },
  );

const confirm = async (page: Page) => page.getByTestId('confirm-dialog').getByRole('button').last().click();

test('the lobby lists public games 10 to a page and sorts them', async ({ browser }) => {
  for (let i = 1; i <= 12; i++) {
    await createSessionViaApi(server, host.accessToken, { name: `game-${String(i).padStart(2, '0')}`, isPublic: true });
  }
  const page = await newPage(browser, '/');
  await registerThroughUi(page, mail, `browser-${unique()}`);
  const rows = page.locator('[data-testid^="lobby-row-"]');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute('data-testid', 'lobby-row-game-01');
  await expect(page.getByTestId('lobby-page-info')).toContainText('2');
  await page.getByTestId('lobby-page-next').click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId('lobby-page-prev').click();
  await page.getByTestId('lobby-sort-name').click();
  await expect(rows.first()).toHaveAttribute('data-testid', 'lobby-row-game-12');
  await page.getByTestId('lobby-expand-game-12').click();
  await expect(page.getByTestId('lobby-expand-game-12')).toHaveAttribute('aria-expanded', 'true');
});

test('join by link; grimoire access reaches the socket only after the grant; co-storyteller; kick and refused rejoin', async ({
  browser,
}) => {
  const code = `table-${unique()}`;
  const st = await newPage(browser, '/');
  server.grantLevel(await registerThroughUi(st, mail, `teller-${unique()}`));
  await st.reload();
  await st.getByTestId('create-name').fill(code);
  await st.getByTestId('create-submit').click();
  await expect(st).toHaveURL(/\/play/);
  for (let i = 0; i < 3; i++) await st.getByTestId('add-seat').click();
  await expect(st.locator('[data-testid^="seat-"][data-occupant]')).toHaveCount(3);

  // A seated player (no browser needed) and a secret role handed out by the Storyteller.
  const player = await registerViaApi(server, mail, `seated-${unique()}`);
  const playerSocket = await joinViaSocket(server, code, player.accessToken);
  sockets.push(playerSocket);
  expect(await playerSocket.emitWithAck('claimSeat', { index: 0 })).toEqual({ ok: true });
  const stSocket = await joinViaSocket(server, code, (await account(st)).accessToken);
  sockets.push(stSocket);
  const roles = [
    { role: { id: 'imp', name: 'Imp', team: 'demon' }, alignment: 'e' },
    { role: null, alignment: null },
    { role: null, alignment: null },
  ];
  expect(await stSocket.emitWithAck('distributeRoles', { roles })).toEqual({ ok: true });

  // The spectator joins by link; everything their socket receives is recorded.
  const frames: string[] = [];
  const spectator = await (await browser.newContext()).newPage();
  spectator.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await spectator.goto(`${server.url}/join/${code}`);
  await registerThroughUi(spectator, mail, `watcher-${unique()}`);
  await expect(spectator).toHaveURL(/\/play/);
  const spectatorId = (await account(spectator)).user.id;
  await expect(st.getByTestId(`user-row-${spectatorId}`)).toBeVisible();
  expect(frames.join('\n')).not.toContain('"imp"');

  await spectator.getByTestId('request-grimoire').click();
  await expect(st.getByTestId('grimoire-requests')).toContainText('1');
  await st.getByTestId(`grant-${spectatorId}`).click();
  await expect(spectator.getByTestId('grimoire-badge')).toBeVisible();
  await expect.poll(() => frames.join('\n')).toContain('"imp"');

  // Co-storyteller: added by the Storyteller, then removed again.
  await st.getByTestId(`add-st-${spectatorId}`).click();
  await expect(spectator.getByTestId('stop-storyteller')).toBeVisible();
  await st.getByTestId(`remove-st-${spectatorId}`).click();
  await expect(spectator.getByTestId('stop-storyteller')).toHaveCount(0);

  // Kick: the spectator is told and returned to the Lobby; coming back is refused.
  await st.getByTestId(`kick-${spectatorId}`).click();
  await confirm(st);
  await expect(spectator.getByTestId('closed-dialog')).toBeVisible();
  await expect(st.getByTestId(`user-row-${spectatorId}`)).toHaveCount(0);
  await spectator.getByTestId('closed-dialog').getByRole('button').last().click();
  await spectator.goto(`${server.url}/join/${code}`);
  await expect(spectator.getByTestId('error-dialog')).toBeVisible();
  await expect(spectator).not.toHaveURL(/\/play/);
});

test('the 26th online user is refused while a seated player who dropped gets back in', async ({ browser }) => {
  test.setTimeout(180_000);
  const code = `full-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });

  const seatedName = `regular-${unique()}`;
  const seatedContext = await browser.newContext();
  const seated = await seatedContext.newPage();
  await seated.goto(`${server.url}/join/${code}`);
  const seatedEmail = await registerThroughUi(seated, mail, seatedName);
  await seated.getByTestId('seat-2').click();
  await expect(seated.getByTestId('seat-2')).toContainText(seatedName);
  await seatedContext.close(); // drops: the seat stays theirs

  for (let i = 0; i < 25; i++) {
    const member = await registerViaApi(server, mail, `crowd${i}-${unique()}`);
    sockets.push(await joinViaSocket(server, code, member.accessToken));
  }

  const late = await newPage(browser, `/join/${code}`);
  await registerThroughUi(late, mail, `late-${unique()}`);
  await expect(late.getByTestId('error-dialog')).toBeVisible();
  await expect(late).not.toHaveURL(/\/play/);

  const back = await newPage(browser, `/join/${code}`);
  await loginThroughUi(back, seatedEmail);
  await expect(back).toHaveURL(/\/play/);
  await expect(back.getByTestId('seat-2')).toContainText(seatedName);
  await expect(back.getByTestId('seat-2')).toHaveAttribute('data-online', 'true');
});

test('a sixth connection of one user to a game ends their oldest: that tab says why and goes back to the Lobby', async ({
  browser,
}) => {
  const code = `tabs-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const oldest = await newPage(browser, `/join/${code}`);
  await registerThroughUi(oldest, mail, `tabs-${unique()}`);
  await expect(oldest).toHaveURL(/\/play/);
  const { accessToken, user } = await account(oldest);
  await oldest.getByTestId('seat-1').click();
  await expect(oldest.getByTestId('seat-1')).toHaveAttribute('data-online', 'true');

  // Five more of the same account (other devices): the server keeps 5 per user per game (apps/server README).
  for (let i = 0; i < 5; i++) sockets.push(await joinViaSocket(server, code, accessToken));
  const dialog = oldest.getByTestId('closed-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('too many connections');
  await dialog.getByRole('button').last().click();
  await expect(oldest).not.toHaveURL(/\/play/);
  // The user is still in the game through the five newer ones: online, seat kept.
  const watcher = await joinViaSocket(server, code, host.accessToken);
  sockets.push(watcher);
  const seen = new Promise<{ users: Record<string, { isOnline: boolean }>; seats: { id: string }[] }>((resolve) =>
    watcher.once('session', resolve),
  );
  watcher.emit('getGamestate', {}, () => undefined);
  const view = await seen;
  expect(view.users[user.id]?.isOnline).toBe(true);
  expect(view.seats[1]?.id).toBe(user.id);
});

test('a reconnect refused for too many handshakes says so, keeps the game and tries again 10 s later', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `retry-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const player = await registerViaApi(server, mail, `retry-${unique()}`);
  // The page reaches the server through a proxy that can drop its connection while the server (and the
  // handshake buckets it keeps in memory) stays up.
  const proxy = await CutProxy.start(server.port);
  try {
    const context = await browser.newContext();
    await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(player));
    const page = await context.newPage();
    await page.goto(`${proxy.url}/join/${code}`);
    await expect(page).toHaveURL(/\/play/);
    await page.getByTestId('seat-1').click();
    await expect(page.getByTestId('seat-1')).toHaveAttribute('data-occupant', player.user.id);
    const state = page.getByTestId('connection-state');
    await expect(state).toHaveAttribute('data-state', 'connected');

    // The login's handshakes (apps/server README: 30 at once, then one per 5 s) spent from elsewhere; a
    // code too short to look up is refused after the token is taken, so nothing else is counted.
    let answer = '';
    for (let i = 0; i < 40 && answer !== 'rate_limited'; i++)
      answer = await handshakeAnswer(server, 'x', player.accessToken);
    expect(answer).toBe('rate_limited');
    // Then the page's connection drops, and its reconnect is refused: it says so and stays in the game.
    const before = proxy.attempts.length;
    proxy.cut();
    const banner = page.getByTestId('reconnecting');
    await expect(banner).toContainText('too many connection attempts');
    await expect(page).toHaveURL(/\/play/);
    await shootBothSizes(page, 'sessions', 'reconnect-rate-limited');

    // It tries again after 10 s (web sessionConnection.ts), not at Socket.IO's pace, and is back in its seat.
    await expect(state).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('seat-1')).toHaveAttribute('data-occupant', player.user.id);
    const attempts = proxy.attempts.slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(9_500);
  } finally {
    await proxy.stop();
  }
});
