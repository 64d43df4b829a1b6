import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, type Page, seeTours, test } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { shootBothSizes } from '../screenshots';
import { ServerProcess } from '../server';
import { unique } from '../shots/gameTable';

/**
 * The installable app (spec 1 §2, issue 19): the web app manifest and the service worker make
 * Chromium report the app installable; run standalone it shows its version with "-app" and offers
 * Quit; the version bar links this version's release notes and warns of a newer version.
 */
const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_690, { SMTP_URL: await mail.start() });
  await server.start();
  host = await registerViaApi(server, mail, 'pwahost');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});
test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) console.log(server.logs());
});

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

test('the manifest, its icons and the service worker are served so that updates get through', async ({ request }) => {
  const html = await (await request.get(server.url)).text();
  expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);

  const manifestResponse = await request.get(`${server.url}/manifest.webmanifest`);
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  // Asked for again each time: a new build's manifest and worker reach installed apps.
  expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
  const manifest = (await manifestResponse.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Belfry', start_url: '/', display: 'standalone' });
  // Chromium installs only with a 192 and a 512 px PNG icon.
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((candidate) => candidate.sizes === `${size}x${size}` && !candidate.purpose);
    expect(icon?.type).toBe('image/png');
    const file = await request.get(`${server.url}${icon!.src}`);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toEqual({ width: size, height: size });
  }

  const worker = await request.get(`${server.url}/sw.js`);
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // The worker carries the build's file list: a new build is a new worker.
  const entry = /src="\/(assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  expect(await worker.text()).toContain(entry!);
});

test('Chromium reports the app installable, with no installability errors', async () => {
  // A profile on disk: Chromium installs nothing from an incognito context, which newContext() is.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  await context.addInitScript(seeTours);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 }).toBe(true);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

/** A signed-in page at the table of a new game; `standalone` makes it run as the installed app. */
const tablePage = async (page: Page, standalone: boolean) => {
  // Chromium's media emulation knows no display-mode: the page is told it matches, as the installed
  // app's window tells it.
  if (standalone)
    await page.context().addInitScript((query) => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (text: string) => {
        const list = matchMedia(text);
        if (text === query) Object.defineProperty(list, 'matches', { get: () => true });
        return list;
      };
    }, '(display-mode: standalone)');
  await page.context().addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(host));
  const code = `pwa-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code });
  await page.goto(`${server.url}/join/${code}`);
  await expect(page.getByTestId('seat-circle')).toBeVisible();
  return code;
};

test('in a browser tab: the plain version, the release notes link, no Quit', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await tablePage(page, false);
  await expect(page.getByTestId('app-version')).toHaveText('Belfry 0.1.0');
  await expect(page.getByTestId('app-quit')).toHaveCount(0);
  await expect(page.getByTestId('update-available')).toHaveCount(0);
  await expect(page.getByTestId('outdated-browser')).toHaveCount(0);

  await page.getByTestId('release-notes-link').click();
  await expect(page).toHaveURL(`${server.url}/releases?version=0.1.0`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("What's new in Belfry 0.1.0");
  await expect(page.getByTestId('release-notes-list').getByRole('listitem').first()).toBeVisible();
  await shootBothSizes(page, 'pwa', 'release-notes');

  // A version without notes says so.
  await page.goto(`${server.url}/releases?version=9.9.9`);
  await expect(page.getByTestId('release-notes-missing')).toBeVisible();
});

test('run standalone: the version with the -app suffix, and Quit closes the window', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const code = await tablePage(page, true);
  await expect(page.getByTestId('app-version')).toHaveText('Belfry 0.1.0-app');
  await shootBothSizes(page, 'pwa', 'standalone');
  // A browser lets a page close only a window a script opened; the installed app's own window is one
  // the browser opened for it, which it lets close. The table opened by window.open stands for that.
  const [appWindow] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate((url) => void window.open(url, '_blank', 'popup'), `/join/${code}`),
  ]);
  await expect(appWindow.getByTestId('app-version')).toHaveText('Belfry 0.1.0-app');
  const closed = appWindow.waitForEvent('close');
  // The window may close before the click has returned: that is Quit working, not a failure.
  const clicked = appWindow
    .getByTestId('app-quit')
    .click()
    .catch((error: unknown) => {
      if (!appWindow.isClosed()) throw error;
    });
  await Promise.all([closed, clicked]);
  expect(appWindow.isClosed()).toBe(true);
});

test('the version bar warns of a newer version and of an unsupported browser', async ({ browser }) => {
  // Safari 11 (spec 1 §5: up to major 11 is not supported), served a list with a newer release.
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1 Safari/605.1.15',
  });
  const page = await context.newPage();
  // As if 0.2.0 had been deployed since this build: one newer version warns, it does not force /update.
  await page.route('**/backend/version', async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as { versions: string[] };
    await route.fulfill({ response: real, json: { ...body, versions: ['0.2.0', ...body.versions] } });
  });
  await tablePage(page, false);
  await expect(page.getByTestId('outdated-browser')).toBeVisible();
  const update = page.getByTestId('update-available');
  await expect(update).toBeVisible();
  await shootBothSizes(page, 'pwa', 'warnings');
  await update.click();
  await expect(page).toHaveURL(`${server.url}/update`);
});
