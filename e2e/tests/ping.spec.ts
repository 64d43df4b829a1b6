import { expect, test } from '../fixtures';
import { createSessionViaApi, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';

/**
 * Issue 16: the web app's minute ping (spec 1 §7) goes out when the server's heartbeat (Socket.IO's
 * ping) arrives, right after the heartbeat's answer, so that the server reads both in one go; a
 * heartbeat within half a minute of the last ping is let go. The server here beats every 20 s, so
 * the first heartbeat comes 20 s after the burst of pings that follows connecting (let go) and the
 * second 40 s after it (the ping rides on it). With the web app's own 60 s timer, neither would carry one.
 */
const HEARTBEAT_SECONDS = 20;

const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_751, {
    SMTP_URL: await mail.start(),
    SOCKET_PING_SECONDS: String(HEARTBEAT_SECONDS),
  });
  await server.start();
  host = await registerViaApi(server, mail, 'host');
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

/** Engine.IO frames: "2" the server's ping, "3" the answer; "42…" a Socket.IO event, "43…" an ack. */
interface Frame {
  at: number;
  sent: boolean;
  text: string;
}
const isClientPing = (frame: Frame) => frame.sent && /^42\d*\["ping",/.test(frame.text);

test('the minute ping rides on the server heartbeat, after its answer', async ({ browser }) => {
  test.setTimeout(120_000);
  await createSessionViaApi(server, host.accessToken, { name: 'heartbeat', seats: 5 });
  const context = await browser.newContext();
  await context.addInitScript((stored) => localStorage.setItem('belfry.auth', stored), JSON.stringify(host));
  const page = await context.newPage();
  const frames: Frame[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/backend/socket/')) return;
    socket.on('framesent', ({ payload }) => frames.push({ at: Date.now(), sent: true, text: String(payload) }));
    socket.on('framereceived', ({ payload }) => frames.push({ at: Date.now(), sent: false, text: String(payload) }));
  });
  await page.goto(`${server.url}/join/heartbeat`);
  await expect(page).toHaveURL(/\/play/);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');

  const answers = () => frames.filter((frame) => frame.sent && frame.text === '3');
  // Two heartbeats answered: the first one 20 s after connecting, the second 40 s after.
  await expect.poll(() => answers().length, { timeout: (2 * HEARTBEAT_SECONDS + 15) * 1000 }).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(1000);
  const [first, second] = answers();
  const nextSent = (answer: Frame) => frames.slice(frames.indexOf(answer) + 1).find((frame) => frame.sent);

  // The burst after connecting is less than half a minute old at the first heartbeat: no ping then.
  expect(frames.slice(frames.indexOf(first!), frames.indexOf(second!)).filter(isClientPing)).toEqual([]);
  // At the second, the ping is the very next frame the page sends, at once.
  const afterSecond = nextSent(second!);
  expect(afterSecond && isClientPing(afterSecond)).toBe(true);
  expect(afterSecond!.at - second!.at).toBeLessThan(100);
  // And the server answers it with its time, the sample of the clock offset.
  const id = /^42(\d+)\[/.exec(afterSecond!.text)?.[1];
  const ack = frames.find((frame) => !frame.sent && frame.at >= afterSecond!.at && frame.text.startsWith(`43${id}[`));
  expect(ack?.text).toMatch(/"serverTime":\d+/);
  await context.close();
});
