import { type Browser, expect, type Page, test } from '../fixtures';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_484, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'host'); // the install's first account: it has a level
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

/** A browser signed in as `tokens` (logging in itself is tested in accounts.spec.ts), in the session. */
const pageFor = async (browser: Browser, tokens: Tokens, code: string): Promise<Page> => {
  const context = await browser.newContext();
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  await page.goto(`${server.url}/join/${code}`);
  await expect(page).toHaveURL(/\/play/);
  return page;
};

test('a nomination through the UI: countdown, players voting, the clock sweeping, majority reached, the mark and the history row', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const code = `vote-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, host, code);
  const players: Page[] = [];
  for (let i = 0; i < 5; i++) {
    const page = await pageFor(browser, await registerViaApi(server, mail, `voter${i}-${unique()}`), code);
    await page.getByTestId(`seat-${i}`).click();
    await expect(st.getByTestId(`seat-${i}`)).not.toHaveAttribute('data-occupant', 'empty');
    players.push(page);
  }

  // The Storyteller picks the nominator (seat 1) then the nominee (seat 2), by day.
  await st.getByTestId('nominate').click();
  await st.getByTestId('nominate-seat-0').click();
  await st.getByTestId('nominate-seat-1').click();
  for (const page of players) await expect(page.getByTestId('vote-overlay')).toBeVisible();
  // Majority: half of the 5 living players rounded up.
  await expect(st.getByTestId('vote-majority')).toContainText('3');

  // Three players raise their hands while the vote waits for the Storyteller (a hand may change
  // until the clock passes its seat; raising them now keeps the test free of the machine's speed).
  for (const i of [2, 3, 4]) await players[i]!.getByTestId('vote-up').click();
  await expect(st.getByTestId('vote-count')).toHaveAttribute('data-count', '3');
  await st.getByTestId('vote-start-countdown').click();
  await expect(players[0]!.getByTestId('vote-countdown')).toBeVisible();
  // 4 s countdown + 5 seats × 1000 ms + the 1.3 s grace: the vote is counted and the nominee marked.
  await expect(st.getByTestId('seat-1-vote-marked')).toBeVisible({ timeout: 20_000 });
  await expect(players[0]!.getByTestId('seat-1-vote-marked')).toBeVisible();

  await st.getByTestId('vote-finish').click();
  await expect(st.getByTestId('vote-overlay')).toHaveCount(0);
  await st.getByTestId('vote-history').click();
  await expect(st.getByTestId('vote-history-row')).toHaveCount(1);
  await expect(st.getByTestId('vote-history-row')).toContainText('3');
});

test("a zookeeper nomination with a dead player's ghost vote spent, then a secret vote with an Organ Grinder in play", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const code = `zoo-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, host, code);
  const players: Page[] = [];
  for (let i = 0; i < 5; i++) {
    const page = await pageFor(browser, await registerViaApi(server, mail, `zoo${i}-${unique()}`), code);
    await page.getByTestId(`seat-${i}`).click();
    await expect(st.getByTestId(`seat-${i}`)).not.toHaveAttribute('data-occupant', 'empty');
    players.push(page);
  }
  // The Storyteller's roles: an Organ Grinder (hidden votes) at seat 4; handed out from a second socket.
  const stSocket = await joinViaSocket(server, code, host.accessToken);
  const organGrinder = {
    id: 'organgrinder',
    name: 'Organ Grinder',
    team: 'minion',
    special: [{ type: 'vote', name: 'hidden' }],
  };
  const roles = [0, 1, 2, 3, 4].map((i) => ({ role: i === 4 ? organGrinder : null, alignment: i === 4 ? 'e' : null }));
  expect(await stSocket.emitWithAck('distributeRoles', { roles })).toEqual({ ok: true });
  stSocket.close();

  // Seat 3 dies: it keeps its ghost vote (the token).
  await st.getByTestId('seat-3-life').click();
  await expect(st.getByTestId('seat-3-life')).toHaveAttribute('data-state', 'dead');
  await expect(st.getByTestId('seat-3-vote-token')).toBeVisible();

  // Zookeeper: accusation (−3) → defence (−2) → the vote.
  await st.getByTestId('vote-type').click(); // baker
  await st.getByTestId('vote-type').click(); // zookeeper
  await st.getByTestId('nominate').click();
  await st.getByTestId('nominate-seat-0').click();
  await st.getByTestId('nominate-seat-1').click();
  await expect(st.getByTestId('vote-overlay')).toHaveAttribute('data-stage', /accusation|-3/);
  await st.getByTestId('vote-advance').click();
  await st.getByTestId('vote-advance').click();
  // The dead player raises a hand before the clock starts (independent of the machine's speed).
  await players[3]!.getByTestId('vote-up').click();
  await expect(st.getByTestId('vote-count')).toHaveAttribute('data-count', '1');
  await st.getByTestId('vote-start').click();
  // 1 s check + 5 seats × 1000 ms + 1.3 s grace: counted; the dead voter spent the token.
  await expect(st.getByTestId('seat-3-life')).toHaveAttribute('data-state', 'voteless', { timeout: 20_000 });
  await expect(st.getByTestId('seat-3-vote-token')).toHaveCount(0);
  await st.getByTestId('vote-close').click();
  await expect(st.getByTestId('vote-overlay')).toHaveCount(0);

  // A secret vote: the Storyteller sees the count, players see '?'.
  await st.getByTestId('vote-type').click(); // back to regular
  await st.getByTestId('vote-secret').click();
  await st.getByTestId('nominate').click();
  await st.getByTestId('nominate-seat-1').click();
  await st.getByTestId('nominate-seat-2').click();
  await players[4]!.getByTestId('vote-up').click();
  await expect(st.getByTestId('vote-count')).toHaveAttribute('data-count', '1', { timeout: 5_000 });
  await expect(players[0]!.getByTestId('vote-count')).toContainText('?');
});
