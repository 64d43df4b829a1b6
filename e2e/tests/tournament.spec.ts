import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page, test } from '../fixtures';
import { registerViaApi, type Tokens } from '../api';
import { loginThroughUi } from '../flows';
import { MailCatcher } from '../mail';
import { shootBothSizes } from '../screenshots';
import { ServerProcess } from '../server';

/**
 * Issue 21, spec 3 §2–§9: the script tournament in the browser — anonymous browsing, voting, the
 * login and verification dialogues, the vote errors, the count at the lock and the staff import.
 */
const mail = new MailCatcher();
let server: ServerProcess;
/** The install's first account: special-tpi, it imports tournaments. */
let admin: Tokens;
/** Accounts without the newuser flag (an administrator cleared it): they may vote. */
let voters: Tokens[];
/** A new account (newuser, no verified phone). */
let newbie: Tokens;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type File = {
  votePeriod: number;
  pathSwap: number | null;
  matches: { index: number; time: number; scripts: [number, number] }[];
  playoffs: { index: number; time: number }[];
};
/** Belfry's own sample (16 scripts in groups A–D, 24 group matches, knockout 38–44). */
const sample = (): File =>
  JSON.parse(
    fs.readFileSync(
      path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        '../../apps/server/src/tournament/sample-tournament.json',
      ),
      'utf8',
    ),
  ) as File;

const api = async (method: string, route: string, token: string | null, body?: unknown) => {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
};

const importFile = async (file: File) => {
  const res = await api('POST', '/backend/moderator/tournament', admin.accessToken, file);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/**
 * Match 0 locked a day ago (nobody voted: a draw, 1.5 each), match 1 open for another 23 h, the other
 * group matches one a day from tomorrow, group match 30 (an index above 23) open too, and the knockout
 * a month away; `/worldcup` is the group page until `pathSwap`.
 */
const browsingFile = (pathSwap: number | null): File => {
  const file = sample();
  const now = Date.now();
  file.votePeriod = DAY;
  file.pathSwap = pathSwap;
  file.matches.forEach((match, i) => (match.time = now + (i - 1) * DAY));
  file.matches[0]!.time = now - 2 * DAY;
  file.matches[1]!.time = now - HOUR;
  file.matches.push({ index: 30, time: now - HOUR, scripts: [3, 2] });
  file.playoffs.forEach((match, i) => (match.time = now + (30 + i) * DAY));
  return file;
};

test.beforeAll(async () => {
  server = new ServerProcess(18_721, {
    SMTP_URL: await mail.start(),
    // Spec 3 §3: assets named by file name come from the release host (served by the test below).
    TOURNAMENT_ASSETS_URL: 'https://assets.example.test/cup',
  });
  await server.start();
  admin = await registerViaApi(server, mail, 'cup-admin');
  voters = [];
  for (const name of ['cup-voter', 'cup-second', 'cup-third']) {
    const voter = await registerViaApi(server, mail, name);
    const cleared = await api('POST', `/backend/moderator/${voter.user.id}`, admin.accessToken, {
      user: { flags: ['tos-agreed', 'verified-email'] },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    voters.push(voter);
  }
  newbie = await registerViaApi(server, mail, 'cup-newbie');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});
test.describe.configure({ mode: 'serial' });

const shoot = (page: Page, name: string) => shootBothSizes(page, 'tournament', name);

const open = async (browser: Browser, route: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}${route}`);
  return page;
};

const logIn = async (browser: Browser, who: Tokens, route: string) => {
  const page = await open(browser, `/login?next=${encodeURIComponent(route)}`);
  await loginThroughUi(page, who.user.email);
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  return page;
};

test('an anonymous visitor browses the group, knockout, leaderboard and match pages', async ({ browser }) => {
  await importFile(browsingFile(Date.now() + 10 * DAY));
  const page = await open(browser, '/worldcup');
  const tournament = page.getByTestId('tournament');

  // Before the path swap /worldcup is the group page: six matches a page, opening on the one being played.
  await expect(tournament).toHaveAttribute('data-view', 'group');
  await expect(page.getByTestId('tournament-name')).toHaveText('Belfry Spring Cup');
  const cards = page.getByTestId('tournament-group').locator('li.tournament-match');
  await expect(cards).toHaveCount(6);
  await expect(page.getByTestId('tournament-page-info')).toHaveText('Page 1 of 5');
  await expect(page.getByTestId('tournament-match-0')).toHaveAttribute('data-state', 'locked');
  await expect(page.getByTestId('tournament-match-1')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('tournament-match-2')).toHaveAttribute('data-state', 'upcoming');
  // The locked match without votes was counted as a draw: 1.5 points each.
  await expect(page.getByTestId('tournament-match-0').getByTestId('tournament-match-points-0')).toHaveText('1.5');
  await expect(page.getByTestId('tournament-match-0').getByTestId('tournament-match-channel')).toHaveText(
    'On Belfry Stage',
  );
  await shoot(page, 'group');
  await page.getByTestId('tournament-page-next').click();
  await expect(page).toHaveURL(/\/worldcup\?page=2$/);
  await expect(page.getByTestId('tournament-match-6')).toBeVisible();
  await expect(page.getByTestId('tournament-match-0')).toHaveCount(0);

  // The knockout page keeps its own alias before the swap.
  await page.getByTestId('tournament-tab-knockout').click();
  await expect(page).toHaveURL(/\/worldcup\/knockout$/);
  await expect(page.getByTestId('tournament-round-quarter').locator('li.tournament-match')).toHaveCount(4);
  await expect(page.getByTestId('tournament-round-semi').locator('li.tournament-match')).toHaveCount(2);
  await expect(page.getByTestId('tournament-round-final').locator('li.tournament-match')).toHaveCount(1);
  await expect(page.getByTestId('tournament-match-44')).toContainText('Final');
  await shoot(page, 'knockout');

  await page.getByTestId('tournament-tab-leaderboard').click();
  await expect(page).toHaveURL(/\/worldcup\/leaderboard$/);
  for (const group of ['A', 'B', 'C', 'D'])
    await expect(page.getByTestId(`tournament-standings-${group}`).locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('tournament-row-lantern-row')).toHaveAttribute('data-points', '1.5');
  await shoot(page, 'leaderboard');

  // A match page: both scripts with their characters, and the vote asks for a login.
  await page.getByTestId('tournament-tab-group').click();
  await expect(page).toHaveURL(/\/worldcup$/);
  await page.getByTestId('tournament-match-1').getByRole('link', { name: 'Match 2' }).click();
  await expect(page).toHaveURL(/\/worldcup\/1$/);
  await expect(page.getByTestId('tournament-match-page')).toHaveAttribute('data-state', 'active');
  for (const side of [0, 1]) {
    await expect(page.getByTestId(`tournament-side-${side}`).locator('.tournament-role').first()).toBeVisible();
    await expect(page.getByTestId(`tournament-team-${side}-demon`)).toBeVisible();
  }
  await shoot(page, 'match');
  await page.getByTestId('tournament-vote-0').click();
  const login = page.getByTestId('tournament-login-dialog');
  await expect(login).toContainText('Login Required');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fworldcup%2F1$/);

  // Spec 3 §4: from a group match above 23, back leads to the knockout page.
  await page.goto(`${server.url}/worldcup/30`);
  await page.getByTestId('tournament-back').click();
  await expect(page).toHaveURL(/\/worldcup\/knockout$/);
  await page.goto(`${server.url}/worldcup/5`);
  await page.getByTestId('tournament-back').click();
  await expect(page).toHaveURL(/\/worldcup$/);
  await expect(tournament).toHaveAttribute('data-view', 'group');
  await page.context().close();
});

test('after the path swap /worldcup is the knockout page and the group page keeps its alias', async ({ browser }) => {
  await importFile(browsingFile(Date.now() - HOUR));
  const page = await open(browser, '/worldcup');
  await expect(page.getByTestId('tournament')).toHaveAttribute('data-view', 'knockout');
  await page.getByTestId('tournament-tab-group').click();
  await expect(page).toHaveURL(/\/worldcup\/group$/);
  await expect(page.getByTestId('tournament')).toHaveAttribute('data-view', 'group');
  await page.goto(`${server.url}/worldcup/30`);
  await page.getByTestId('tournament-back').click();
  await expect(page).toHaveURL(/\/worldcup$/);
  await expect(page.getByTestId('tournament')).toHaveAttribute('data-view', 'knockout');
  await page.context().close();
});

test('a verified user votes, changes and clears the vote; upcoming and locked matches refuse', async ({ browser }) => {
  await importFile(browsingFile(null));
  const page = await logIn(browser, voters[0]!, '/worldcup/1');
  const [first, second] = [page.getByTestId('tournament-vote-0'), page.getByTestId('tournament-vote-1')];
  const votes = async () =>
    (await api('GET', '/backend/tournament', voters[0]!.accessToken)).body.votes as Record<string, number>;

  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('tournament-match-voted')).toBeVisible();
  expect(await votes()).toEqual({ 1: 4 });
  await shoot(page, 'voted');

  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  expect(await votes()).toEqual({ 1: 5 });

  // Choosing the chosen script again clears the vote.
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('tournament-match-voted')).toHaveCount(0);
  expect(await votes()).toEqual({});

  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('tournament-vote-0')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('tournament-back').click();
  await expect(page.getByTestId('tournament-match-1')).toHaveAttribute('data-voted', 'true');

  // Spec 3 §8: the server's refusals in the spec's words.
  await page.goto(`${server.url}/worldcup/2`);
  await page.getByTestId('tournament-vote-0').click();
  await expect(page.getByTestId('tournament-vote-error')).toHaveText('You can not vote on this match, yet.');
  await page.goto(`${server.url}/worldcup/0`);
  await page.getByTestId('tournament-vote-1').click();
  await expect(page.getByTestId('tournament-vote-error')).toHaveText('You can no longer vote on this match.');
  expect(await votes()).toEqual({ 1: 4 });
  await page.context().close();
});

test('a new account without a verified phone is asked to verify and nothing is sent', async ({ browser }) => {
  const page = await logIn(browser, newbie, '/worldcup/1');
  await page.getByTestId('tournament-vote-1').click();
  const dialog = page.getByTestId('tournament-verify-dialog');
  await expect(dialog).toContainText('Account Verification Required');
  await shoot(page, 'verify-dialog');
  await dialog.getByRole('button', { name: 'Verify phone' }).click();
  await expect(page.getByTestId('phone-dialog')).toBeVisible();
  expect((await api('GET', '/backend/tournament', newbie.accessToken)).body.votes).toEqual({});
  // The server refuses it too, whatever a client sends.
  const direct = await api('POST', '/backend/vote', newbie.accessToken, { match: 1, choice: 4 });
  expect(direct).toMatchObject({ status: 403, body: { error: { code: 'newuser' } } });
  await page.context().close();
});

test('at the lock the server counts: results and leaderboard show the points from the vote share', async ({
  browser,
}) => {
  const page = await logIn(browser, voters[0]!, '/worldcup');
  const file = sample();
  const now = Date.now();
  // Match 0 (Lantern Row against Salt and Cinders) open for 20 s; everything else far away.
  file.votePeriod = 20_000;
  file.pathSwap = null;
  file.matches.forEach((match, i) => (match.time = now + (i + 1) * DAY));
  file.matches[0]!.time = now;
  file.playoffs.forEach((match, i) => (match.time = now + (40 + i) * DAY));
  await importFile(file);

  await page.goto(`${server.url}/worldcup/0`);
  await page.getByTestId('tournament-vote-0').click();
  await expect(page.getByTestId('tournament-vote-0')).toHaveAttribute('aria-pressed', 'true');
  for (const [voter, choice] of [
    [voters[1]!, 0],
    [voters[2]!, 1],
  ] as const)
    expect((await api('POST', '/backend/vote', voter.accessToken, { match: 0, choice })).status).toBe(200);
  // While voting runs nobody sees a count.
  await expect(page.getByTestId('tournament-result-0')).toHaveCount(0);

  // The page reads again after the lock by itself: 2 votes to 1 split 3 points 2.0 and 1.0.
  await expect(page.getByTestId('tournament-match-page')).toHaveAttribute('data-state', 'locked', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('tournament-result-0')).toHaveAttribute('data-points', '2', { timeout: 10_000 });
  await expect(page.getByTestId('tournament-result-0')).toContainText('2 votes · 67 %');
  await expect(page.getByTestId('tournament-result-1')).toHaveAttribute('data-points', '1');
  await expect(page.getByTestId('tournament-result-1')).toContainText('1 vote · 33 %');
  await shoot(page, 'result');

  await page.getByTestId('tournament-tab-leaderboard').click();
  const group = page.getByTestId('tournament-standings-A');
  await expect(group.locator('tbody tr').first()).toHaveAttribute('data-testid', 'tournament-row-lantern-row');
  await expect(page.getByTestId('tournament-row-lantern-row')).toHaveAttribute('data-points', '2');
  await expect(page.getByTestId('tournament-row-lantern-row')).toHaveAttribute('data-advances', 'true');
  await expect(page.getByTestId('tournament-row-salt-and-cinders')).toHaveAttribute('data-points', '1');
  await page.context().close();
});

test('staff import a tournament file in the moderation console; a broken file is refused with paths', async ({
  browser,
}) => {
  const page = await logIn(browser, admin, '/');
  await page.getByTestId('lobby-moderation').click();
  const section = page.getByTestId('moderation-tournament');
  const broken = sample() as unknown as { scripts: { characters: string[] }[]; matches: { scripts: number[] }[] };
  broken.scripts[1]!.characters[0] = 'no-such-character';
  broken.matches[0]!.scripts = [0, 0];
  await section.getByTestId('moderation-tournament-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  const problems = section.getByTestId('moderation-tournament-problems');
  await expect(problems).toContainText('scripts.1.characters.0');
  await expect(problems).toContainText('matches.0.scripts: A match is between two different scripts.');
  await shoot(page, 'import-refused');

  await section.getByTestId('moderation-tournament-file').setInputFiles({
    name: 'cup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(sample())),
  });
  await expect(section.getByTestId('moderation-tournament-message')).toContainText(
    'Imported: 16 scripts, 24 group matches, 7 knockout matches',
  );
  await page.context().close();
});

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test("a script's logo comes from the release host, and only for a reader who opted in to images", async ({
  browser,
}) => {
  const file = sample() as File & { scripts: { assets?: Record<string, string | null> }[] };
  file.scripts[0]!.assets = { logo: 'lantern-row/logo.webp', logoClean: null, script: null, pdf: null };
  await importFile(file);
  const context = await browser.newContext();
  const asked: string[] = [];
  // The picture is served by the test itself: no request leaves the machine.
  await context.route('https://assets.example.test/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') });
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/worldcup/0`);
  const side = page.getByTestId('tournament-side-0');
  await expect(side.locator('.tournament-side__logo--text')).toHaveText('L');
  await expect(side.locator('img')).toHaveCount(0);
  expect(asked).toEqual([]);

  await page.evaluate(() => localStorage.setItem('belfry.settings.isImageOptIn', 'true'));
  await page.reload();
  await expect(page.getByTestId('tournament-side-0').locator('img')).toHaveAttribute(
    'src',
    'https://assets.example.test/cup/lantern-row/logo.webp',
  );
  // Routing turns the browser's HTTP cache off, so each img element made for the logo asks again (a slow
  // machine asked twice in CI): what counts is that this address alone is asked, and only after the opt-in.
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(new Set(asked)).toEqual(new Set(['https://assets.example.test/cup/lantern-row/logo.webp']));
  await context.close();
});
