import { expect, type Page, test } from '../fixtures';
import type { Socket } from 'socket.io-client';
import { createSessionViaApi, joinViaSocket, registerViaApi } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';
import { chooseRoles, openMenu, pageFor } from './gameTable';

/**
 * Not a check: renders a 12-seat game (the Storyteller's grimoire and a player's view, by night and
 * by day, at a laptop and a tablet size) to PNG files in e2e/screens/ for a person to look at.
 */
const mail = new MailCatcher();
let server: ServerProcess;
const sockets: Socket[] = [];
test.beforeAll(async () => {
  server = new ServerProcess(18_488, { SMTP_URL: await mail.start() });
  await server.start();
});
test.afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
  await mail.stop();
});

const NAMES = ['Adela', 'Bram', 'Cleo', 'Dario', 'Edda', 'Finn', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Lotte'];
const SIZES = [
  { name: '1366', width: 1366, height: 768 },
  { name: '768', width: 768, height: 1024 },
] as const;

const shoot = async (page: Page, name: string) => {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(400);
    // Transitions (the night backdrop fades for 1.4 s, pointers turn in) are shown finished.
    await page.screenshot({ path: `screens/game12-${name}-${size.name}.png`, animations: 'disabled' });
  }
};

test('a 12-seat game by night and by day', async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await registerViaApi(server, mail, 'Teller'); // the install's first account: it has a level
  const code = 'twelve';
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 12 });
  const st = await pageFor(browser, server, host, code, { viewport: { width: 1366, height: 768 } });
  await st.screenshot({ path: 'screens/game12-empty-1366.png' });

  // Eleven players online through sockets, the twelfth in a browser.
  const seated: Socket[] = [];
  for (let i = 0; i < 11; i++) {
    const socket = await joinViaSocket(server, code, (await registerViaApi(server, mail, NAMES[i]!)).accessToken);
    expect(await socket.emitWithAck('claimSeat', { index: i })).toEqual({ ok: true });
    seated.push(socket);
    sockets.push(socket);
  }
  const player = await pageFor(browser, server, await registerViaApi(server, mail, NAMES[11]!), code, {
    viewport: { width: 1366, height: 768 },
  });
  await player.getByTestId('seat-11').click();
  await expect(st.getByTestId('seat-11')).toContainText(NAMES[11]!);

  const stSocket = await joinViaSocket(server, code, host.accessToken);
  sockets.push(stSocket);
  expect(await stSocket.emitWithAck('startGame', {})).toEqual({ ok: true });

  // 12 players: 7 townsfolk, 2 outsiders, 2 minions, 1 demon (spec 3 §5).
  const dialog = await chooseRoles(st, {
    townsfolk: ['fortuneteller', 'librarian', 'monk', 'ravenkeeper', 'slayer', 'undertaker', 'washerwoman'],
    outsider: ['butler', 'recluse'],
    minion: ['poisoner', 'scarletwoman'],
    demon: ['imp'],
  });
  await st.waitForTimeout(300);
  await st.screenshot({ path: 'screens/game12-hand-out-1366.png' });
  await dialog.getByTestId('hand-out-submit').click();
  await expect(dialog).toHaveCount(0);

  const reminders: [number, string, string][] = [
    [0, 'fortuneteller', 'Red Herring'],
    [3, 'poisoner', 'Poisoned'],
    [3, 'monk', 'Safe'],
    [5, 'washerwoman', 'Townsfolk'],
    [6, 'washerwoman', 'Wrong'],
    [7, 'imp', 'Dead'],
    [9, 'butler', 'Master'],
    [11, 'librarian', 'Outsider'],
  ];
  for (const [index, role, name] of reminders) {
    expect(await stSocket.emitWithAck('addReminder', { index, role, name })).toEqual({ ok: true });
  }
  expect(await stSocket.emitWithAck('toggleLife', { index: 7, townSquare: false })).toEqual({ ok: true });
  expect(await seated[4]!.emitWithAck('raiseHand', { icon: 'hand' })).toEqual({ ok: true });
  await expect(st.getByTestId('seat-4-hand')).toBeVisible();
  // The receive-role announcement (2.5 s) is over.
  await expect(st.getByTestId('receive-role-overlay')).toHaveCount(0);
  await expect(player.getByTestId('receive-role-overlay')).toHaveCount(0, { timeout: 5_000 });

  // Night 1.
  expect(await stSocket.emitWithAck('toggleNight', {})).toEqual({ ok: true });
  const nightAt = Date.now();
  await expect(st.getByTestId('night-backdrop')).toBeVisible();
  await shoot(st, 'storyteller-night');
  await shoot(player, 'player-night');
  await openMenu(st, 'game');
  await st.setViewportSize({ width: 1366, height: 768 });
  await st.screenshot({ path: 'screens/game12-menu-night-1366.png' });
  await st.keyboard.press('Escape');

  // Day 1: after the 10 s undo window (spec 1 §4), the toggle advances.
  await st.waitForTimeout(Math.max(0, 10_500 - (Date.now() - nightAt)));
  expect(await stSocket.emitWithAck('toggleNight', {})).toEqual({ ok: true });
  await expect(st.getByTestId('night-backdrop')).toHaveCount(0);
  expect(
    await stSocket.emitWithAck('timer', { title: 'Discussion', duration: 300, isPausedDuringVotes: true }),
  ).toEqual({
    ok: true,
  });
  await shoot(st, 'storyteller-day');
  await shoot(player, 'player-day');

  // A nomination over reminders: the vote dial in the centre.
  expect(await seated[4]!.emitWithAck('raiseHand', { icon: null })).toEqual({ ok: true });
  expect(await stSocket.emitWithAck('nomination', { nominator: 2, nominee: 5 })).toEqual({ ok: true });
  await expect(st.getByTestId('vote-overlay')).toBeVisible();
  await shoot(st, 'storyteller-vote');
  await shoot(player, 'player-vote');

  // The hand-out dialog again, starting from the characters in play, with a setup character added.
  expect(await stSocket.emitWithAck('voteControl', { action: 'close' })).toEqual({ ok: true });
  const again = await chooseRoles(st, { minion: ['baron'] });
  await expect(again.getByTestId('hand-out-setup-warning')).toBeVisible();
  await shoot(st, 'hand-out-setup');
});
