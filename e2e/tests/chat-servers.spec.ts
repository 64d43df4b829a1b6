import { MEDIA_SOCKET_PATH, MEDIA_TOKEN_AUDIENCE } from '@belfry/protocol';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { expect, test } from '../fixtures';
import { registerThroughUi } from '../flows';
import { MailCatcher } from '../mail';
import { MediaProcess, ServerProcess } from '../server';

const SECRET = 'e2e-chat-server-secret';
const mail = new MailCatcher();
const lisbon = new MediaProcess(18_491, SECRET);
const oslo = new MediaProcess(18_492, SECRET);
const crowded = new MediaProcess(18_493, SECRET);
/** Listed, never started: a chat server that is down. */
const HARBOUR = '127.0.0.1:18494';
let server: ServerProcess;
const crowd: Socket[] = [];

/** Spec 2 §9 "Chat server full: 200 users": connected before Belfry first asks for its health. */
const fill = async (media: MediaProcess, count: number) => {
  const token = await new SignJWT({ room: 'crowd' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('crowd')
    .setAudience(MEDIA_TOKEN_AUDIENCE)
    .sign(new TextEncoder().encode(SECRET));
  for (let i = 0; i < count; i++) {
    const socket = io(media.url, { path: MEDIA_SOCKET_PATH, auth: { token }, transports: ['websocket'] });
    crowd.push(socket);
  }
  await Promise.all(
    crowd.map((s) => (s.connected ? null : new Promise<void>((resolve) => s.once('connect', () => resolve())))),
  );
};

test.beforeAll(async () => {
  await Promise.all([lisbon.start(), oslo.start(), crowded.start()]);
  await fill(crowded, 200);
  server = new ServerProcess(18_490, {
    SMTP_URL: await mail.start(),
    MEDIA_SECRET: SECRET,
    CHAT_SERVERS: `Lisbon=${lisbon.url},Oslo=${oslo.url},Crowded=${crowded.url},Harbour=http://${HARBOUR}`,
  });
  await server.start();
});
test.afterAll(async () => {
  for (const socket of crowd) socket.disconnect();
  await server.stop();
  await Promise.all([lisbon.stop(), oslo.stop(), crowded.stop()]);
  await mail.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);

test('the chat server is chosen on create and changed by the Storyteller; full and silent ones cannot be picked', async ({
  browser,
}) => {
  const code = `voices-${unique()}`;
  const st = await (await browser.newContext()).newPage();
  await st.goto(`${server.url}/`);
  server.grantLevel(await registerThroughUi(st, mail, `teller-${unique()}`));
  await st.reload();

  // The create form: automatic first, then every chat server with its users; full and silent disabled.
  const select = st.getByTestId('create-chat-server-select');
  await expect(select).toHaveValue('');
  await expect(select.locator('option')).toHaveText([
    'Automatic: the least busy one',
    'Lisbon · 0 users',
    'Oslo · 0 users',
    'Crowded · 200 users (full)',
    'Harbour (not answering)',
  ]);
  await expect(select.locator(`option[value="${crowded.host}"]`)).toBeDisabled();
  await expect(select.locator(`option[value="${HARBOUR}"]`)).toBeDisabled();
  await select.selectOption(oslo.host);
  const health = st.getByTestId('create-chat-server-health');
  await expect(health).toContainText(/0 users · load \d+ % · \d+ ms/);
  await expect(health.locator('.chat-server__dot')).toHaveCSS('background-color', /^rgb\(/);
  await st.getByTestId('create-name').fill(code);
  await st.getByTestId('create-submit').click();
  await expect(st).toHaveURL(/\/play/);

  // The meta header: the current one cannot be re-picked; moving to Lisbon reaches everyone.
  await st.getByTestId('open-meta').click();
  const metaSelect = st.getByTestId('meta-chat-server-select');
  await expect(metaSelect).toHaveValue(oslo.host);
  await expect(metaSelect.locator(`option[value="${oslo.host}"]`)).toHaveText('Oslo · 0 users (in use)');
  await expect(metaSelect.locator(`option[value="${oslo.host}"]`)).toBeDisabled();
  await expect(metaSelect.locator(`option[value="${crowded.host}"]`)).toBeDisabled();
  await metaSelect.selectOption(lisbon.host);
  await expect(metaSelect).toHaveValue(lisbon.host);
  await expect(metaSelect.locator(`option[value="${lisbon.host}"]`)).toHaveText('Lisbon · 0 users (in use)');

  const player = await (await browser.newContext()).newPage();
  await player.goto(`${server.url}/join/${code}`);
  await registerThroughUi(player, mail, `voice-${unique()}`);
  await expect(player).toHaveURL(/\/play/);
  await player.getByTestId('open-meta').click();
  const seen = player.getByTestId('meta-chat-server-select');
  await expect(seen).toHaveValue(lisbon.host);
  await expect(seen).toBeDisabled();
  await expect(player.getByTestId('meta-chat-server-health')).toContainText('0 users');
});
