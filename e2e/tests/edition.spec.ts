import { type Browser, expect, type Page, test } from '../fixtures';
import type { Socket } from 'socket.io-client';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;
let guest: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_485, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'scribe'); // the install's first account: it has a level
  guest = await registerViaApi(server, mail, 'onlooker');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

/** A browser signed in as `tokens`, in the session. */
const pageFor = async (browser: Browser, tokens: Tokens, code: string): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  const page = await context.newPage();
  await page.goto(`${server.url}/join/${code}`);
  await expect(page).toHaveURL(/\/play/);
  return page;
};

interface SeenView {
  edition: { id: string; name: string; author: string; isOfficial: boolean; level: string };
  script: { id: string; name: string; team: string; isCustom?: boolean }[];
  fabled: { id: string }[];
  seats: { role: { id: string } | null }[];
}

/** What the second user's socket holds now: a full view asked for with getGamestate. */
const seenBy = async (socket: Socket): Promise<SeenView> => {
  const view = new Promise<SeenView>((resolve) => socket.once('session', resolve));
  const [seen] = await Promise.all([view, socket.emitWithAck('getGamestate', {})]);
  return seen;
};

const openPicker = async (page: Page) => {
  await page.getByTestId('open-menu').click();
  await page.getByTestId('menu-tab-playing').click();
  await page.getByTestId('menu-edition').click();
  await expect(page.getByTestId('edition-picker')).toBeVisible();
};

const upload = (page: Page, name: string, script: unknown) =>
  page.getByTestId('edition-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(typeof script === 'string' ? script : JSON.stringify(script)),
  });

/** A session with five empty seats, the Storyteller's page and a second user's socket. */
const setUp = async (browser: Browser) => {
  const code = `ed-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const st = await pageFor(browser, host, code);
  await expect(st.getByTestId('seat-4')).toBeVisible();
  const other = await joinViaSocket(server, code, guest.accessToken);
  return { code, st, other };
};

test('a script with three schema errors lists each path and still loads; unknown ids fall back to tb; bmr', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { st, other } = await setUp(browser);

  // Bad Moon Rising from its card: the second user's view follows.
  await openPicker(st);
  await expect(st.getByTestId('edition-bmr')).toHaveAttribute('data-level', 'intermediate');
  await expect(st.getByTestId('edition-tb')).toHaveAttribute('data-level', 'beginner');
  await st.getByTestId('edition-bmr').click();
  await expect(st.getByTestId('edition-picker')).toHaveCount(0);
  await expect.poll(async () => (await seenBy(other)).edition).toMatchObject({ id: 'bmr', isOfficial: true });
  await openPicker(st);
  await expect(st.getByTestId('edition-bmr')).toHaveAttribute('aria-pressed', 'true');
  await expect(st.getByTestId('edition-current')).toHaveAttribute('data-edition', 'bmr');

  // Three schema errors in one homebrew character: all three listed with their JSON paths; it loads.
  await upload(st, 'broken.json', [
    { id: '_meta', name: 'Lantern Row', author: 'Test Author' },
    'washerwoman',
    'chef',
    'imp',
    'poisoner',
    {
      id: 'lamplighter',
      name: 'A lamplighter whose name runs far too long',
      team: 'townsfolk',
      ability: 'x'.repeat(260),
      reminders: ['a reminder text that is much too long'],
    },
  ]);
  const alerts = st.getByTestId('edition-alerts');
  await expect(alerts).toBeVisible();
  await expect(alerts.getByTestId('edition-alert-schema')).toBeVisible();
  const issues = alerts.getByTestId('edition-issue');
  await expect(issues).toHaveCount(3);
  const paths = await issues.evaluateAll((items) => items.map((item) => item.getAttribute('data-path')));
  expect(paths).toEqual(['$[5].name', '$[5].ability', '$[5].reminders[0]']);
  await expect(issues.nth(0)).toContainText('$[5].name');
  await expect(issues.nth(0)).toContainText('30');
  await expect(issues.nth(1)).toContainText('250');
  // A homebrew script alerts while images from scripts are not opted in (spec 3 §4).
  await expect(alerts.getByTestId('edition-alert-homebrew')).toBeVisible();
  await alerts.getByTestId('edition-alerts-ok').click();
  await expect(alerts).toHaveCount(0);
  const loaded = await seenBy(other);
  expect(loaded.edition).toMatchObject({
    id: 'homebrew',
    name: 'Lantern Row',
    author: 'Test Author',
    isOfficial: false,
  });
  expect(loaded.script.map((r) => r.id)).toEqual(['washerwoman', 'chef', 'imp', 'poisoner', 'lamplighter']);
  // The Bootlegger comes with homebrew.
  expect(loaded.fabled.map((f) => f.id)).toContain('bootlegger');

  // Unknown ids: the alert names them and the edition is Trouble Brewing.
  await openPicker(st);
  await upload(st, 'unknown.json', ['washerwoman', 'chef', 'imp', 'poisoner', 'moonwatcher', 'tidecaller']);
  await expect(alerts.getByTestId('edition-alert-unknown')).toBeVisible();
  await expect(alerts.getByTestId('edition-unknown-id')).toHaveText(['moonwatcher', 'tidecaller']);
  await alerts.getByTestId('edition-alerts-ok').click();
  const fallback = await seenBy(other);
  expect(fallback.edition).toMatchObject({ id: 'tb', isOfficial: true });
  expect(fallback.script).toEqual([]);
  expect(fallback.fabled).toEqual([]);
  await openPicker(st);
  await expect(st.getByTestId('edition-tb')).toHaveAttribute('aria-pressed', 'true');

  // A file over 1 MB is refused with both sizes in MB; nothing changes.
  await st.getByTestId('edition-file').setInputFiles({
    name: 'huge.json',
    mimeType: 'application/json',
    buffer: Buffer.alloc(1.5 * 1024 * 1024, ' '),
  });
  await expect(alerts.getByTestId('edition-alert-size')).toContainText('1.5 MB');
  await expect(alerts.getByTestId('edition-alert-size')).toContainText('at most 1 MB');
  await alerts.getByTestId('edition-alerts-ok').click();
  await expect(st.getByTestId('edition-picker')).toBeVisible();
  expect((await seenBy(other)).edition.id).toBe('tb');
  other.close();
});

/** A 1×1 transparent PNG. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test("a valid homebrew script's characters reach the role picker; the release script, clearing and themes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { st, other } = await setUp(browser);

  // Opened with the shortcut 2 this time.
  await st.keyboard.press('2');
  await expect(st.getByTestId('edition-picker')).toBeVisible();
  await st.getByTestId('edition-image-optin').check(); // images allowed: no homebrew alert
  // The script's picture is served by the test itself: no request leaves the machine.
  await st.route('https://images.example/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') }),
  );
  await upload(st, 'harbour.json', [
    { id: '_meta', name: 'Harbour Lights', author: 'Quay Guild' },
    'chef',
    'empath',
    'saint',
    'spy',
    'imp',
    {
      id: 'lamplighter',
      name: 'Lamplighter',
      team: 'townsfolk',
      ability: 'Each night, learn if a neighbour woke.',
      image: ['https://images.example/lamp.png', 'https://images.example/lamp-evil.png'],
    },
    {
      id: 'wrecker',
      name: 'Wrecker',
      team: 'minion',
      ability: 'Once per game, a player loses their ability.',
      image: 'http://images.example/wrecker.png',
    },
  ]);
  await expect(st.getByTestId('edition-picker')).toHaveCount(0);
  await expect(st.getByTestId('edition-alerts')).toHaveCount(0);
  const seen = await seenBy(other);
  expect(seen.edition).toMatchObject({ id: 'homebrew', name: 'Harbour Lights' });
  expect(seen.script.filter((r) => r.isCustom).map((r) => r.id)).toEqual(['lamplighter', 'wrecker']);

  // The role picker of a seat offers the script's own characters.
  await st.getByTestId('seat-0').click();
  const picker = st.getByTestId('role-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('role-option-lamplighter')).toBeVisible();
  await expect(picker.getByTestId('role-option-wrecker')).toBeVisible();
  await expect(picker.getByTestId('role-option-chef')).toBeVisible();
  await expect(picker.getByTestId('role-option-washerwoman')).toHaveCount(0);
  // Images opted in: the character's first https picture is drawn; an http one is dropped (icon).
  const lampImage = picker.getByTestId('role-option-lamplighter').getByTestId('role-token-image');
  await expect(lampImage).toHaveAttribute('src', 'https://images.example/lamp.png');
  await expect.poll(() => lampImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(picker.getByTestId('role-option-wrecker').getByTestId('role-token-image')).toHaveCount(0);
  await picker.getByTestId('role-option-lamplighter').click();
  await expect(st.getByTestId('seat-0-role')).toHaveAttribute('data-role', 'lamplighter');

  // Clearing from the picker asks first, then removes the characters and keeps the seats.
  await openPicker(st);
  await st.getByTestId('edition-clear').click();
  const confirm = st.getByTestId('confirm-dialog');
  await confirm.getByRole('button', { name: 'Clear characters' }).click();
  await expect(st.getByTestId('seat-0-role')).toHaveAttribute('data-role', '');
  const cleared = await seenBy(other);
  expect(cleared.seats).toHaveLength(5);
  expect(cleared.edition.id).toBe('homebrew');

  // The release script: 25 characters as a custom script.
  await st.getByTestId('edition-release').click();
  await expect(st.getByTestId('edition-picker')).toHaveCount(0);
  const release = await seenBy(other);
  expect(release.edition).toMatchObject({ id: 'custom', name: 'Gentle Start', level: 'beginner' });
  expect(release.script).toHaveLength(25);

  // A background kept per user: the grimoire shows it, and still after a reload.
  await openPicker(st);
  await expect(st.locator('[data-testid^="theme-custom-"]')).toHaveCount(8);
  await expect(st.locator('[data-testid^="theme-generic-"]')).toHaveCount(3);
  await st.getByTestId('theme-custom-5').click();
  await expect(st.getByTestId('theme-custom-5')).toHaveAttribute('aria-pressed', 'true');
  await expect(st.getByTestId('theme-backdrop')).toHaveAttribute('data-theme', 'custom-5');
  await st.getByTestId('edition-tb').click();
  await expect(st.getByTestId('theme-backdrop')).toHaveAttribute('data-theme', 'tb-1');
  await openPicker(st);
  await expect(st.locator('[data-testid^="theme-tb-"]')).toHaveCount(6);
  await st.getByTestId('theme-generic-2').click();
  await st.reload();
  await expect(st.getByTestId('theme-backdrop')).toHaveAttribute('data-theme', 'generic-2');
  other.close();
});

test('a script from an address is remembered; parse failures alert; others cannot open the picker; the schema link', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { code, st, other } = await setUp(browser);
  const address = 'https://scripts.example.test/quiet-night.json';
  await st.route(address, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify([{ id: '_meta', name: 'Quiet Night' }, 'librarian', 'monk', 'recluse', 'baron', 'imp']),
    }),
  );

  await openPicker(st);
  await st.getByTestId('edition-source-url').click();
  await st.getByTestId('edition-url').fill('not an address');
  await st.getByTestId('edition-url-load').click();
  await expect(st.getByTestId('edition-url-error')).toBeVisible();
  await st.getByTestId('edition-url').fill(address);
  await st.getByTestId('edition-url-load').click();
  await expect(st.getByTestId('edition-picker')).toHaveCount(0);
  expect((await seenBy(other)).edition).toMatchObject({ id: 'custom', name: 'Quiet Night', level: 'beginner' });

  // The address is kept (localStorage) for the next time.
  await openPicker(st);
  await st.getByTestId('edition-source-url').click();
  await expect(st.getByTestId('edition-url')).toHaveValue(address);

  // Something that is not a script: the alert carries the parser's message; nothing changes.
  await st.getByTestId('edition-source-paste').click();
  await st.getByTestId('edition-paste').fill('[{"id": "chef",');
  await st.getByTestId('edition-paste-load').click();
  const parse = st.getByTestId('edition-alert-parse');
  await expect(parse).toContainText('This is not a readable script:');
  await expect(st.getByTestId('edition-alerts')).toContainText('The script could not be loaded');
  await st.getByTestId('edition-alerts-ok').click();
  expect((await seenBy(other)).edition.name).toBe('Quiet Night');
  await st.getByTestId('edition-close').click();

  // The App tab links to the published JSON Schema in a new tab.
  await st.getByTestId('open-menu').click();
  await st.getByTestId('menu-tab-app').click();
  const [schemaTab] = await Promise.all([st.waitForEvent('popup'), st.getByTestId('menu-schema').click()]);
  expect(new URL(schemaTab.url()).pathname).toBe('/script-schema.json');
  await schemaTab.close();

  // A user who is not the Storyteller sees the item disabled with a reason, and 2 does nothing.
  other.close();
  const player = await pageFor(browser, guest, code);
  await player.getByTestId('open-menu').click();
  await player.getByTestId('menu-tab-playing').click();
  const item = player.getByTestId('menu-edition');
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await item.click({ force: true });
  await expect(player.getByTestId('edition-picker')).toHaveCount(0);
  await expect(player.getByRole('tooltip').filter({ hasText: 'Only the Storyteller' })).toBeAttached();
  await player.keyboard.press('Escape');
  await player.keyboard.press('2');
  await expect(player.getByTestId('edition-picker')).toHaveCount(0);
});
