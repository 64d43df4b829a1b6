import { type Browser, expect, type Page, test } from '@playwright/test';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
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

  await st.getByTestId('vote-start-countdown').click();
  await expect(players[0]!.getByTestId('vote-countdown')).toBeVisible();
  // Three players raise their hands before the hand reaches them.
  for (const i of [2, 3, 4]) await players[i]!.getByTestId('vote-up').click();
  await expect(st.getByTestId('vote-count')).toHaveAttribute('data-count', '3', { timeout: 5_000 });
  // 4 s countdown + 5 seats × 1000 ms + the 1.3 s grace: the vote is counted and the nominee marked.
  await expect(st.getByTestId('seat-1-vote-marked')).toBeVisible({ timeout: 20_000 });
  await expect(players[0]!.getByTestId('seat-1-vote-marked')).toBeVisible();

  await st.getByTestId('vote-finish').click();
  await expect(st.getByTestId('vote-overlay')).toHaveCount(0);
  await st.getByTestId('vote-history').click();
  await expect(st.getByTestId('vote-history-row')).toHaveCount(1);
  await expect(st.getByTestId('vote-history-row')).toContainText('3');
});
