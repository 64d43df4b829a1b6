import { existsSync } from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { launchFakeMediaBrowser } from '../fakeMedia';
import { MediaProcess, ServerProcess } from '../server';

/**
 * Issue 17: voice on a real Janus, with Chromium's fake microphone. Media must stay on this machine, so
 * the test runs inside a private network namespace (scripts/netns-run.sh gives BELFRY_NETNS_IP): Janus
 * gathers on that address, Chromium reaches it there.
 */
const NETNS_IP = process.env.BELFRY_NETNS_IP;
const enabled = !!NETNS_IP && existsSync('/usr/bin/janus');
if (!enabled)
  console.warn(
    'Voice test skipped here: as root, npm test runs it again inside a namespace ' +
      '(cd e2e && bash ../scripts/netns-run.sh npx playwright test tests/voice.spec.ts).',
  );

const SECRET = 'voice-test-secret-0123456789';
const mail = new MailCatcher();
let server: ServerProcess;
let media: MediaProcess;
/** The next preferred chat server, offered to the Storyteller when the first stops answering. */
let spare: MediaProcess;
let browser: Browser;
let host: Tokens;

/** Every peer connection a page makes, so the test can read its getStats(). */
const recordPeerConnections = () => {
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  } as typeof RTCPeerConnection;
};

/** Audio bytes this page has received from each user, by the receiving connection's stats. */
const audioBytes = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') total += s.bytesReceived ?? 0;
      });
    }
    return total;
  });

/** Whether the page receives audio now: its inbound bytes grow over `ms`. */
const hearsAudio = async (page: Page, ms = 2500): Promise<boolean> => {
  const before = await audioBytes(page);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (await audioBytes(page)) - before > 1500;
};

test.describe('voice on Janus (issue 17)', () => {
  // Skipped in the main Playwright run on purpose: media must not leave the machine, so this test runs
  // only in the second run npm test starts inside scripts/netns-run.sh (root), with Debian's janus.
  test.skip(!enabled, 'needs a network namespace (scripts/netns-run.sh) and Debian janus');

  test.beforeAll(async () => {
    media = new MediaProcess(18_620, SECRET, { MEDIA_ICE_IP: NETNS_IP!, MEDIA_RTP_PORTS: '31000-31200' });
    await media.start();
    spare = new MediaProcess(18_622, SECRET, { MEDIA_ICE_IP: NETNS_IP!, MEDIA_RTP_PORTS: '31300-31500' });
    await spare.start();
    server = new ServerProcess(18_621, {
      SMTP_URL: await mail.start(),
      MEDIA_SECRET: SECRET,
      CHAT_SERVERS: `Local=${media.url},Spare=${spare.url}`,
    });
    await server.start();
    host = await registerViaApi(server, mail, 'voicehost');
    browser = await launchFakeMediaBrowser([
      '--autoplay-policy=no-user-gesture-required',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ]);
  });
  test.afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await media?.stop();
    await spare?.stop();
    await mail.stop();
  });

  const pageFor = async (tokens: Tokens, code: string, mic: boolean, cam = false): Promise<Page> => {
    const context = await browser.newContext();
    await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(tokens));
    await context.addInitScript(
      ([micOn, camOn]) => {
        // Only the first load: a reload keeps what the page stored since.
        if (localStorage.getItem('belfry.voice') === null)
          localStorage.setItem('belfry.voice', JSON.stringify({ micOn, camOn }));
      },
      [mic, cam],
    );
    await context.addInitScript(recordPeerConnections);
    const page = await context.newPage();
    await page.goto(`${server.url}/join/${code}`);
    await expect(page).toHaveURL(/\/play/);
    await expect(page.getByTestId('voice-status')).toHaveAttribute('data-state', 'connected');
    return page;
  };

  test('the town square hears its speakers; a whisper pair is heard by nobody else; at night no player; spectators never publish', async () => {
    test.setTimeout(240_000);
    const code = 'voices';
    await createSessionViaApi(server, host.accessToken, { name: code, seats: 5 });
    const st = await pageFor(host, code, true);
    const names = ['ann', 'bea', 'cid'];
    const players: Page[] = [];
    const accounts: Tokens[] = [];
    for (const [seat, name] of names.entries()) {
      const tokens = await registerViaApi(server, mail, name);
      const page = await pageFor(tokens, code, true);
      await page.getByTestId(`seat-${seat}`).click();
      await expect(st.getByTestId(`seat-${seat}`)).toHaveAttribute('data-occupant', tokens.user.id);
      players.push(page);
      accounts.push(tokens);
    }
    const watcherTokens = await registerViaApi(server, mail, 'watcher');
    const watcher = await pageFor(watcherTokens, code, true);
    const [ann, bea, cid] = players as [Page, Page, Page];

    // By day everyone hears the town square; the spectator's microphone is never taken.
    for (const page of [st, ann, bea, cid, watcher])
      await expect.poll(() => hearsAudio(page), { timeout: 30_000 }).toBe(true);
    await expect(cid.getByTestId(`voice-audio-${watcherTokens.user.id}`)).toHaveCount(0);
    await expect(watcher.getByTestId('voice-mic')).toBeVisible();

    // Mic off for everyone but ann: the others hear her only; turning her off silences the table.
    for (const page of [st, bea, cid, watcher]) await page.getByTestId('voice-mic').click();
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(true);
    await ann.getByTestId('voice-mic').click();
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(false);
    await ann.getByTestId('voice-mic').click();
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(true);

    // Spec 2 §4: deafening also mutes: nothing of ann reaches cid while she hears nobody.
    await ann.getByTestId('voice-deafen').click();
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(false);
    await ann.getByTestId('voice-deafen').click();
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(true);

    // Push-to-talk (spec 2 §4, §9): ann's microphone sends only while she holds "." (and 250 ms more).
    await ann.getByTestId('voice-ptt').click();
    await expect(ann.getByTestId('voice-mic')).toHaveCount(0); // the mute is inert: a hold-to-talk button instead
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(false);
    await ann.keyboard.down('.');
    await expect(ann.getByTestId('voice-talk')).toHaveAttribute('data-talking', 'true');
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(true);
    await ann.keyboard.up('.');
    await expect(ann.getByTestId('voice-talk')).toHaveAttribute('data-talking', 'false');
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(false);
    await ann.getByTestId('voice-ptt').click();
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(true);

    // ann and bea (neighbours) whisper, by mutual request: bea hears ann; cid and the spectator do not.
    await bea.getByTestId('voice-mic').click(); // bea speaks too, inside the whisper
    await ann.getByTestId('whisper-toggle').click();
    await ann.getByTestId(`whisper-ask-${accounts[1]!.user.id}`).click();
    await expect(bea.getByTestId('whisper-toggle')).toContainText('1');
    await bea.locator('body').press('1');
    await expect(ann.getByTestId('whisper-overlay')).toBeVisible();
    await expect.poll(() => hearsAudio(bea), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => hearsAudio(ann), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => hearsAudio(watcher), { timeout: 20_000 }).toBe(false);
    await expect(cid.getByTestId(`voice-audio-${accounts[0]!.user.id}`)).toHaveCount(0);
    await expect(cid.getByTestId(`voice-audio-${accounts[1]!.user.id}`)).toHaveCount(0);

    // The Storyteller listens in on ann from her seat menu (spec 2 §3 following): the pair's channel
    // reaches the Storyteller too, and stops reaching them when they stop.
    await expect(st.getByTestId(`voice-audio-${accounts[0]!.user.id}`)).toHaveCount(0);
    await st.getByTestId('seat-0-menu').click();
    await st.getByTestId('seat-menu-follow').click();
    await expect(st.getByTestId(`voice-audio-${accounts[0]!.user.id}`)).toHaveCount(1, { timeout: 20_000 });
    await expect(st.getByTestId(`voice-audio-${accounts[1]!.user.id}`)).toHaveCount(1);
    await st.getByTestId('seat-0-menu').click();
    await expect(st.getByTestId('seat-menu-follow')).toHaveAttribute('aria-pressed', 'true');
    await st.getByTestId('seat-menu-follow').click();
    await expect(st.getByTestId(`voice-audio-${accounts[0]!.user.id}`)).toHaveCount(0, { timeout: 20_000 });
    if (process.env.SHOTS) {
      await ann.setViewportSize({ width: 1366, height: 768 });
      await ann.screenshot({ path: `${process.env.SHOTS}/voice-whisper-1366.png` });
      await cid.setViewportSize({ width: 768, height: 1024 });
      await cid.screenshot({ path: `${process.env.SHOTS}/voice-town-768.png` });
    }

    // Night: everyone is back in the town square, and no player is heard there; the Storyteller is.
    await st.getByTestId('open-menu').click();
    await st.getByTestId('menu-tab-game').click();
    await st.getByTestId('toggle-night').click();
    await st.keyboard.press('Escape');
    await expect(ann.getByTestId('whisper-overlay')).toHaveCount(0);
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(false);
    await st.getByTestId('voice-mic').click();
    await expect.poll(() => hearsAudio(cid), { timeout: 20_000 }).toBe(true);
    await expect(cid.getByTestId(`voice-audio-${host.user.id}`)).toHaveCount(1);
    await expect(cid.getByTestId(`voice-audio-${accounts[0]!.user.id}`)).toHaveCount(0);
  });

  test('kill -9 of the chat server mid-call: everyone shows reconnecting and comes back; left down, the Storyteller is offered the next server', async () => {
    test.setTimeout(300_000);
    const code = 'crash';
    // On the chat server the test kills: left to choose, the server takes the least busy one, which the
    // first test's open pages made the spare in some runs, and the kill then touched nobody.
    await createSessionViaApi(server, host.accessToken, { name: code, seats: 5, chatServer: media.host });
    const st = await pageFor(host, code, true);
    const deeTokens = await registerViaApi(server, mail, 'dee');
    const dee = await pageFor(deeTokens, code, true, true);
    await dee.getByTestId('seat-0').click();
    await expect(st.getByTestId('seat-0')).toHaveAttribute('data-occupant', deeTokens.user.id);
    await expect.poll(() => hearsAudio(dee), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => hearsAudio(st), { timeout: 30_000 }).toBe(true);

    // Spec 1 §2: the speaker's camera shows on their token, for the others and as their own preview.
    await expect(st.getByTestId(`seat-video-${deeTokens.user.id}`)).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => st.getByTestId(`seat-video-${deeTokens.user.id}`).evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await expect(dee.getByTestId(`seat-video-${deeTokens.user.id}`)).toBeVisible();

    // Spec 3 §5: a volume of 0–200 % per voice, kept in this browser; above 100 % it plays through Web Audio.
    await st.getByTestId('seat-0-menu').click();
    const slider = st.getByTestId(`voice-volume-${deeTokens.user.id}`);
    await slider.focus();
    for (let i = 0; i < 5; i++) await slider.press('ArrowRight');
    if (process.env.SHOTS) await st.screenshot({ path: `${process.env.SHOTS}/voice-volume-1366.png` });
    await st.keyboard.press('Escape');
    await expect(st.getByTestId(`voice-audio-${deeTokens.user.id}`)).toHaveAttribute('data-volume', '1.5');
    const stored = await st.evaluate(() => JSON.parse(localStorage.getItem('belfry.voice') ?? '{}') as object);
    expect(stored).toMatchObject({ volumes: { [deeTokens.user.id]: 1.5 } });

    // Spec 1 §2 nameplate icons: a player who speaks shows none; with her microphone off, listening.
    await expect(st.getByTestId('seat-0-voice')).toHaveCount(0);
    await dee.getByTestId('voice-mic').click();
    await expect(st.getByTestId('seat-0-voice')).toHaveAttribute('data-states', 'listening', { timeout: 20_000 });
    if (process.env.SHOTS) {
      await dee.setViewportSize({ width: 768, height: 1024 });
      await dee.screenshot({ path: `${process.env.SHOTS}/voice-camera-768.png` });
      await st.screenshot({ path: `${process.env.SHOTS}/voice-listening-1366.png` });
    }
    await dee.getByTestId('voice-mic').click();
    await expect(st.getByTestId('seat-0-voice')).toHaveCount(0, { timeout: 20_000 });

    // kill -9: both show reconnecting, and come back by themselves once it is up again.
    await media.stop();
    for (const page of [st, dee])
      await expect(page.getByTestId('voice-status')).toHaveAttribute('data-state', 'reconnecting', { timeout: 20_000 });
    await media.start();
    for (const page of [st, dee])
      await expect(page.getByTestId('voice-status')).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
    await expect.poll(() => hearsAudio(dee), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => hearsAudio(st), { timeout: 30_000 }).toBe(true);

    // Killed again and left down: within 30–60 s the Storyteller (only) is offered the next server.
    await media.stop();
    const offer = st.getByTestId('confirm-dialog');
    await expect(offer).toBeVisible({ timeout: 75_000 });
    await expect(offer).toContainText('Spare');
    await expect(dee.getByTestId('confirm-dialog')).toHaveCount(0);
    await offer.getByRole('button').last().click();
    for (const page of [st, dee])
      await expect(page.getByTestId('voice-status')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
    await expect.poll(() => hearsAudio(dee), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => hearsAudio(st), { timeout: 30_000 }).toBe(true);
  });
});
