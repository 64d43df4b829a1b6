import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { launchFakeMediaBrowser } from '../fakeMedia';
import { MediaProcess, ServerProcess } from '../server';
import { shootBothSizes } from '../screenshots';
import { unique } from '../shots/gameTable';

/**
 * Issue 17: the voice and video setup wizard (spec 2 §2, §5, §8) with Chromium's fake microphone and
 * camera. The chat server runs without Janus: the wizard's captures stay in the page, and the controls
 * only need a chat server to show.
 */
const SECRET = 'voice-setup-secret-0123456789';
const mail = new MailCatcher();
const media = new MediaProcess(18_630, SECRET);
let server: ServerProcess;
let browser: Browser;
let host: Tokens;

test.beforeAll(async () => {
  await media.start();
  server = new ServerProcess(18_631, {
    SMTP_URL: await mail.start(),
    MEDIA_SECRET: SECRET,
    CHAT_SERVERS: `Local=${media.url}`,
  });
  await server.start();
  host = await registerViaApi(server, mail, 'setuphost'); // the install's first account: it may create games
  // A browser of its own: the fake devices and the automatic permission prompt are launch flags.
  browser = await launchFakeMediaBrowser();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await media.stop();
  await mail.stop();
});

type Recorded = Window & { __tracks: MediaStreamTrack[] };

/** Every track getUserMedia hands the page, so the test can see that the wizard stopped its own. */
const recordTracks = () => {
  const tracks: MediaStreamTrack[] = [];
  (window as unknown as Recorded).__tracks = tracks;
  const devices = navigator.mediaDevices;
  const original = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    tracks.push(...stream.getTracks());
    return stream;
  };
};

/** The tracks the page opened, by kind and state. */
const tracks = (page: Page) =>
  page.evaluate(() => (window as unknown as Recorded).__tracks.map((t) => `${t.kind}:${t.readyState}`));

/** A signed-in page in the session `code`, with the voice controls showing. */
const enter = async (
  tokens: Tokens,
  code: string,
  setup?: () => void,
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
  await context.addInitScript(setup ?? recordTracks);
  const page = await context.newPage();
  await page.goto(`${server.url}/join/${code}`);
  await expect(page).toHaveURL(/\/play/);
  await expect(page.getByTestId('voice-controls')).toBeVisible();
  return { context, page };
};

const storedPrefs = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('belfry.voice') ?? '{}') as Record<string, unknown>);

const shoot = (page: Page, name: string) => shootBothSizes(page, 'voice-setup', name);

test('the wizard tests the microphone and camera, keeps the choices, and stops every device it opened', async () => {
  const code = `setup-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const { context, page } = await enter(host, code);
  await expect(page.getByTestId('voice-status')).toHaveAttribute('data-state', 'connected');

  await page.getByTestId('voice-setup').click();
  const dialog = page.getByTestId('voice-setup-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Voice and video setup');
  // The Storyteller may publish: no note about taking a seat.
  await expect(page.getByTestId('setup-seat-note')).toHaveCount(0);

  // Microphone: the fake device is listed (by name, once allowed), works, and the meter moves.
  await expect(page.getByTestId('setup-mic-status')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('setup-mic-status')).toContainText('Your microphone works');
  await expect(page.getByTestId('setup-mic-device').locator('option', { hasText: /fake/i }).first()).toBeAttached();
  const meter = page.getByTestId('setup-mic-level');
  await expect.poll(async () => Number(await meter.getAttribute('data-level')), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('setup-echo-cancellation')).toBeChecked();
  await expect(page.getByTestId('setup-noise-suppression')).toBeChecked();
  await expect(page.getByTestId('setup-auto-gain')).toBeChecked();

  // Noise suppression off reopens the microphone with it off (the previous capture ends); gain 120 %.
  await page.getByTestId('setup-noise-suppression').uncheck();
  await expect(page.getByTestId('setup-mic-status')).toHaveAttribute('data-state', 'ok');
  const gain = page.getByTestId('setup-mic-gain');
  await gain.focus();
  // The meter shows the microphone after the gain: at 0 % it falls silent.
  await page.keyboard.press('Home');
  await expect(gain).toHaveValue('0');
  await expect.poll(async () => Number(await meter.getAttribute('data-level'))).toBe(0);
  await page.keyboard.press('End');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  await expect(gain).toHaveValue('1.2');
  await expect(page.getByTestId('setup-step-mic').locator('output')).toHaveText('120 %');
  await expect.poll(async () => Number(await meter.getAttribute('data-level')), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => tracks(page)).toEqual(['audio:ended', 'audio:live']);
  await shoot(page, 'mic');

  // Camera: its own step; the microphone stops, the preview plays mirrored until the user says not to.
  await page.getByTestId('setup-next').click();
  const preview = page.getByTestId('setup-cam-preview');
  await expect(page.getByTestId('setup-cam-status')).toHaveAttribute('data-state', 'ok');
  await expect(page.getByTestId('setup-cam-status')).toContainText('Your camera works');
  await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('setup-cam-device').locator('option', { hasText: /fake/i }).first()).toBeAttached();
  await expect(preview).toHaveClass(/is-mirrored/);
  await page.getByTestId('setup-unmirrored').check();
  await expect(preview).not.toHaveClass(/is-mirrored/);
  await expect.poll(() => tracks(page)).toEqual(['audio:ended', 'audio:ended', 'video:live']);
  await shoot(page, 'cam');

  // What the user receives.
  await page.getByTestId('setup-next').click();
  await page.getByTestId('setup-hide-reveal-cams').check();
  await expect(page.getByTestId('setup-done')).toBeVisible();
  await shoot(page, 'receive');

  // Escape closes it; nothing the wizard opened stays on.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(preview).toHaveCount(0);
  await expect.poll(() => tracks(page)).toEqual(['audio:ended', 'audio:ended', 'video:ended']);
  expect(await storedPrefs(page)).toMatchObject({
    noiseSuppression: false,
    micGain: 1.2,
    unmirrored: true,
    hideRevealCams: true,
  });

  // After a reload the wizard shows the stored choices.
  await page.reload();
  await page.getByTestId('voice-setup').click();
  await expect(page.getByTestId('setup-noise-suppression')).not.toBeChecked();
  await expect(page.getByTestId('setup-echo-cancellation')).toBeChecked();
  await expect(page.getByTestId('setup-mic-gain')).toHaveValue('1.2');
  await expect(page.getByTestId('setup-mic-status')).toHaveAttribute('data-state', 'ok');
  // Back to 100 % stores no override (spec 3 §5).
  await page.getByTestId('setup-step-mic').getByRole('button', { name: 'Back to 100 %' }).click();
  await expect.poll(() => storedPrefs(page)).not.toHaveProperty('micGain');
  expect(await storedPrefs(page)).toMatchObject({ noiseSuppression: false, unmirrored: true });
  await page.getByTestId('setup-go-receive').click();
  await page.getByTestId('setup-done').click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => tracks(page)).toEqual(['audio:ended']);
  await context.close();
});

test('a spectator is told the devices wait for a seat, and the note goes when they sit down', async () => {
  const code = `seat-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
  const watcher = await registerViaApi(server, mail, `watch${unique()}`);
  const { context, page } = await enter(watcher, code);
  await expect(page.getByTestId('voice-status')).toHaveAttribute('data-state', 'connected');
  await page.getByTestId('voice-setup').click();
  await expect(page.getByTestId('setup-seat-note')).toContainText('once you take a seat');
  await shoot(page, 'seat-note');
  // The wizard's own test works all the same.
  await expect(page.getByTestId('setup-mic-status')).toHaveAttribute('data-state', 'ok');
  await page.keyboard.press('Escape');
  await page.getByTestId('seat-0').click();
  await expect(page.getByTestId('seat-0')).toHaveAttribute('data-occupant', watcher.user.id);
  await page.getByTestId('voice-setup').click();
  await expect(page.getByTestId('setup-step-mic')).toBeVisible();
  await expect(page.getByTestId('setup-seat-note')).toHaveCount(0);
  await context.close();
});

test('a blocked microphone and camera, and a machine without any, each say what to do', async () => {
  const code = `blocked-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });

  // The user (or the site settings) refused: every capture fails as not allowed.
  const blocked = await enter(host, code, () => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await blocked.page.getByTestId('voice-setup').click();
  const micStatus = blocked.page.getByTestId('setup-mic-status');
  await expect(micStatus).toHaveAttribute('data-state', 'blocked');
  await expect(micStatus).toContainText('The microphone is blocked.');
  await expect(micStatus).toHaveAttribute('role', 'alert');
  await expect(blocked.page.getByTestId('setup-mic-level')).toHaveAttribute('data-level', '0.00');
  await shoot(blocked.page, 'blocked');
  await blocked.page.getByTestId('setup-go-cam').click();
  await expect(blocked.page.getByTestId('setup-cam-status')).toHaveAttribute('data-state', 'blocked');
  await expect(blocked.page.getByTestId('setup-cam-status')).toContainText('The camera is blocked.');
  await blocked.context.close();

  // No microphone or camera listed at all.
  const bare = await enter(host, code, () => {
    navigator.mediaDevices.enumerateDevices = () => Promise.resolve([]);
  });
  // Spec 2 §4: with no device the mute buttons are inert and say why.
  await expect(bare.page.getByTestId('voice-mic')).toHaveAttribute('aria-disabled', 'true');
  await expect(bare.page.getByTestId('voice-cam')).toHaveAttribute(
    'title',
    'No camera found: plug one in, or check the setup',
  );
  await bare.page.getByTestId('voice-setup').click();
  await expect(bare.page.getByTestId('setup-mic-status')).toHaveAttribute('data-state', 'no_device');
  await expect(bare.page.getByTestId('setup-mic-status')).toContainText('No microphone found.');
  await bare.page.getByTestId('setup-next').click();
  await expect(bare.page.getByTestId('setup-cam-status')).toHaveAttribute('data-state', 'no_device');
  await bare.context.close();
});
