import { type Browser, expect, type Page, test } from '../fixtures';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_489, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'teller'); // the install's first account: it has a level
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

interface Seat {
  page: Page;
  tokens: Tokens;
  id: string;
  /** Every frame this page's socket received, as text. */
  frames: string[];
}

/** A browser signed in as `tokens`, in the session, recording what its socket receives. */
const enter = async (browser: Browser, tokens: Tokens, code: string): Promise<Seat> => {
  const context = await browser.newContext();
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await page.goto(`${server.url}/join/${code}`);
  await expect(page).toHaveURL(/\/play/);
  return { page, tokens, id: tokens.user.id, frames };
};

/** The Storyteller, four seated players (seat i = players[i]) and a spectator. */
const table = async (browser: Browser, code: string) => {
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 4 });
  const st = await enter(browser, host, code);
  const players: Seat[] = [];
  for (let i = 0; i < 4; i++) {
    const seat = await enter(browser, await registerViaApi(server, mail, `p${i}-${unique()}`), code);
    await seat.page.getByTestId(`seat-${i}`).click();
    await expect(st.page.getByTestId(`seat-${i}`)).not.toHaveAttribute('data-occupant', 'empty');
    players.push(seat);
  }
  const watcher = await enter(browser, await registerViaApi(server, mail, `watch-${unique()}`), code);
  return { st, players, watcher };
};

const write = async (seat: Seat, recipient: string, text: string) => {
  const chat = seat.page.getByTestId('chat-panel');
  if (!(await chat.isVisible())) await seat.page.getByTestId('chat-toggle').click();
  await seat.page.getByTestId(`chat-recipient-${recipient}`).click();
  await seat.page.getByTestId('chat-input').fill(text);
  await seat.page.getByTestId('chat-send').click();
};

test('text between a player and the Storyteller, a neighbour whisper by mutual request (a non-neighbour refused), and a spectator who cannot write to players', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const code = `chat-${unique()}`;
  const { st, players, watcher } = await table(browser, code);
  const [p0, p1, p2] = [players[0]!, players[1]!, players[2]!];

  // Player ↔ Storyteller.
  await write(p0, st.id, 'Hello Storyteller');
  await st.page.getByTestId('chat-toggle').click();
  await st.page.getByTestId(`chat-recipient-${p0.id}`).click();
  await expect(st.page.getByTestId('chat-message').filter({ hasText: 'Hello Storyteller' })).toBeVisible();
  await st.page.getByTestId('chat-input').fill('Welcome to the table');
  await st.page.getByTestId('chat-send').click();
  await expect(p0.page.getByTestId('chat-message').filter({ hasText: 'Welcome to the table' })).toBeVisible();

  // Spec 2 §6: a seated player whispers only to neighbours and Storytellers. With 4 seats, seat 0
  // sits next to seats 1 and 3 (seats differing by 1 modulo players − 2), not seat 2.
  await p0.page.getByTestId('whisper-toggle').click();
  const targets = p0.page.getByTestId('whisper-targets');
  await expect(targets.getByTestId(`whisper-ask-${p1.id}`)).toBeVisible();
  await expect(targets.getByTestId(`whisper-ask-${st.id}`)).toBeVisible();
  await expect(targets.getByTestId(`whisper-ask-${p2.id}`)).toHaveCount(0);
  // The server refuses it too, whatever a client sends.
  const socket = await joinViaSocket(server, code, p0.tokens.accessToken);
  expect(await socket.emitWithAck('whisperRequest', { to: p2.id })).toMatchObject({
    ok: false,
    error: { code: 'forbidden' },
  });
  socket.close();

  // A request, then the mutual request (key 1 accepts the first in the queue) opens the channel.
  await p0.page.getByTestId(`whisper-ask-${p1.id}`).click();
  await expect(p1.page.getByTestId('whisper-toggle')).toContainText('1');
  await p1.page.locator('body').press('1');
  for (const seat of [p0, p1]) {
    await expect(seat.page.getByTestId('whisper-overlay')).toBeVisible();
    await expect(seat.page.getByTestId('whisper-overlay').locator('.whisper-person')).toHaveCount(2);
  }
  if (process.env.SHOTS) await p0.page.screenshot({ path: `${process.env.SHOTS}/whisper-open.png` });
  // The others see only that the two are whispering: the channel's id never reaches their sockets.
  await expect(p2.page.getByTestId('whisper-overlay')).toHaveCount(0);
  await expect(p2.page.getByTestId('seat-0-whispering')).toBeVisible();
  await expect(p2.page.getByTestId('seat-1-whispering')).toBeVisible();
  await expect(p2.page.getByTestId('seat-3-whispering')).toHaveCount(0);
  const channel = /"(whisper-[a-z0-9-]+)"/.exec(p0.frames.join('\n'))?.[1];
  expect(channel).toBeTruthy();
  for (const other of [p2, players[3]!, watcher]) expect(other.frames.join('\n')).not.toContain(channel!);

  // Backspace leaves; the partner, alone, is back in the town square 5 s later.
  await p0.page.locator('body').press('Backspace');
  await expect(p0.page.getByTestId('whisper-overlay')).toHaveCount(0);
  await expect(p1.page.getByTestId('whisper-overlay')).toBeVisible();
  await expect(p1.page.getByTestId('whisper-overlay')).toHaveCount(0, { timeout: 8_000 });

  // A spectator: the Storyteller and the spectator channel, never a player, never the public chat.
  await watcher.page.getByTestId('chat-toggle').click();
  await expect(watcher.page.getByTestId(`chat-recipient-${st.id}`)).toBeVisible();
  await expect(watcher.page.getByTestId(`chat-recipient-${p0.id}`)).toHaveCount(0);
  await watcher.page.getByTestId('chat-recipient-').click();
  await expect(watcher.page.getByTestId('chat-input')).toBeDisabled();
  await expect(watcher.page.getByTestId('whisper-toggle')).toHaveCount(0);
  const spectatorSocket = await joinViaSocket(server, code, watcher.tokens.accessToken);
  expect(await spectatorSocket.emitWithAck('textMessage', { recipientId: p0.id, message: 'psst' })).toMatchObject({
    ok: false,
  });
  spectatorSocket.close();
  expect(p0.frames.join('\n')).not.toContain('psst');
});

test('a night signal reaches only its player, who replies seen; public rooms are hidden at night', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const code = `night-${unique()}`;
  const { st, players, watcher } = await table(browser, code);
  const [p2, p3] = [players[2]!, players[3]!];

  // By day, a public room: the others see who is in it.
  await p2.page.getByTestId('whisper-toggle').click();
  await p2.page.getByTestId('whisper-room-room-1').click();
  await expect(p2.page.getByTestId('whisper-overlay')).toBeVisible();
  await p3.page.getByTestId('whisper-toggle').click();
  await expect(p3.page.getByTestId('whisper-rooms')).toContainText(p2.tokens.user.username);
  if (process.env.SHOTS) await p3.page.screenshot({ path: `${process.env.SHOTS}/whisper-rooms.png` });

  // Night: everyone returns to the town square and the rooms give way to a notice.
  await st.page.getByTestId('open-menu').click();
  await st.page.getByTestId('menu-tab-game').click();
  await st.page.getByTestId('toggle-night').click();
  await st.page.keyboard.press('Escape');
  await expect(p2.page.getByTestId('whisper-overlay')).toHaveCount(0);
  await expect(p2.page.getByTestId('whisper-closed')).toBeVisible();
  await expect(p2.page.getByTestId('whisper-rooms')).toHaveCount(0);
  if (process.env.SHOTS) await p2.page.screenshot({ path: `${process.env.SHOTS}/whisper-night.png` });

  // The Storyteller signals seat 3: "you" and a custom card carrying a marker.
  await st.page.getByTestId('chat-toggle').click();
  await st.page.getByTestId(`chat-recipient-${p3.id}`).click();
  await st.page.getByTestId(`signal-open-${p3.id}`).click();
  await st.page.getByTestId('signal-card-you').click();
  await st.page.getByTestId('signal-card-custom').click();
  await st.page.getByTestId('signal-custom').fill('moonlit-marker');
  await st.page.getByTestId('signal-send').click();

  await expect(p3.page.getByTestId('night-info')).toContainText('1');
  await p3.page.getByTestId('night-info').click();
  await expect(p3.page.getByTestId('signal-received')).toContainText('moonlit-marker');
  // The seen reply reaches the Storyteller.
  await st.page.getByTestId('night-info').click();
  await expect(st.page.getByTestId('signal-received')).toContainText(/seen/i);
  await expect(st.page.getByTestId('signal-received')).not.toContainText(/not seen/i);
  // The text tab is dragged by its title, clamped to the window, and keeps its place after a reload.
  const panel = st.page.getByTestId('chat-panel');
  const before = (await panel.boundingBox())!;
  const title = (await panel.locator('.chat-panel__handle').boundingBox())!;
  await st.page.mouse.move(title.x + 20, title.y + 10);
  await st.page.mouse.down();
  await st.page.mouse.move(title.x - 300, title.y - 2000, { steps: 5 });
  await st.page.mouse.up();
  const moved = (await panel.boundingBox())!;
  expect(moved.x).toBeLessThan(before.x - 250);
  expect(moved.y).toBeGreaterThanOrEqual(0);
  await st.page.waitForTimeout(600); // saved 500 ms after the last change
  await st.page.reload();
  await st.page.getByTestId('chat-toggle').click();
  // (polled: the panel slides in over 160 ms)
  await expect
    .poll(async () => Math.round((await st.page.getByTestId('chat-panel').boundingBox())!.x))
    .toBe(Math.round(moved.x));

  // Checked on every other socket: the signal never reached them.
  for (const other of [players[0]!, players[1]!, p2, watcher]) {
    expect(other.frames.join('\n')).not.toContain('moonlit-marker');
  }
});
