import { startMedia, type MediaServer } from '@belfry/media';
import { type AuthTokens, MEDIA_SOCKET_PATH, type MediaGrantWire } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { DEFAULT_LIMITS, parseChatServers } from '../src/config';
import {
  api,
  freshDatabase,
  register,
  rewriteState,
  startTestServer,
  TEST_LIMITS,
  TestClient,
  testConfig,
} from './harness';

const SECRET = 'media-link-test-secret';

interface Ticket {
  url: string;
  ticket: string;
  expiresIn: number;
}

/**
 * Issue 17: who hears whom is decided by the game on Belfry's server and enforced by the chat server.
 * A real chat server (without a media engine: the policy is judged before any media would flow).
 */
describe('tickets and the media policy (issue 17)', () => {
  let media: MediaServer;
  let server: BelfryServer;
  let drop: () => Promise<void>;
  let st: AuthTokens;
  const players: AuthTokens[] = [];
  let stranger: AuthTokens;
  const clients: TestClient[] = [];
  const sockets: Socket[] = [];

  const ticketFor = (user: AuthTokens, session = 'voice') =>
    api<Ticket>(server, 'POST', `/backend/sessions/${session}/media-ticket`, {}, user.accessToken);
  const connectMedia = async (user: AuthTokens): Promise<Socket> => {
    const { body } = await ticketFor(user);
    const socket = io(body.url, {
      path: MEDIA_SOCKET_PATH,
      auth: { token: body.ticket },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };

  beforeAll(async () => {
    media = await startMedia({ port: 0, host: '127.0.0.1', secret: SECRET });
    const db = await freshDatabase('sqlite');
    drop = db.drop;
    server = await startTestServer(
      testConfig(db, {
        chatServers: parseChatServers(`Harbour=http://127.0.0.1:${media.port}`),
        mediaSecret: SECRET,
        limits: { ...TEST_LIMITS, mediaTicketPerAccount: DEFAULT_LIMITS.mediaTicketPerAccount },
      }),
    );
    st = await register(server, 'teller');
    for (const name of ['ann', 'bea', 'cid']) players.push(await register(server, name));
    stranger = await register(server, 'stranger');
    await api(server, 'POST', '/backend/sessions', { name: 'voice', seats: 5 }, st.accessToken);
    await api(server, 'POST', '/backend/sessions', { name: 'quiet', seats: 5 }, st.accessToken);
    const teller = new TestClient(server.port, 'voice', st.accessToken);
    clients.push(teller);
    await teller.until(() => true);
    for (const [i, p] of players.entries()) {
      const c = new TestClient(server.port, 'voice', p.accessToken);
      clients.push(c);
      await c.until(() => true);
      expect((await c.request('claimSeat', { index: i })).ok).toBe(true);
    }
    await teller.until((v) => v.seats.filter((s) => s.id).length === 3);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const c of clients) c.close();
    await server.close();
    await media.close();
    await drop();
  });

  it('gives a ticket into its room only to someone in the session', async () => {
    const mine = await ticketFor(players[0]!);
    expect(mine.status).toBe(200);
    expect(mine.body.url).toBe(`http://127.0.0.1:${media.port}`);
    expect(mine.body.expiresIn).toBe(600);
    expect((await ticketFor(stranger)).status).toBe(404);
    expect((await ticketFor(players[0]!, 'no-such-game')).status).toBe(404);
    expect((await api(server, 'POST', '/backend/sessions/voice/media-ticket', {})).status).toBe(401);
  });

  it('a ticket opens only its own room', async () => {
    const socket = await connectMedia(players[0]!);
    expect(await socket.emitWithAck('join', { roomId: 'quiet' })).toMatchObject({ error: { code: 'forbidden' } });
    expect(await socket.emitWithAck('join', { roomId: 'voice' })).toMatchObject({ ok: true });
  });

  it('the chat server hears of a whisper at once: the pair hear each other, the third player neither of them', async () => {
    const [ann, bea, cid] = players as [AuthTokens, AuthTokens, AuthTokens];
    const cidMedia = await connectMedia(cid);
    const joined = (await cidMedia.emitWithAck('join', { roomId: 'voice' })) as { grant: MediaGrantWire };
    expect(joined.grant.hears).toEqual(expect.arrayContaining([st.user.id, ann.user.id, bea.user.id]));
    const grants: MediaGrantWire[] = [];
    cidMedia.on('grant', (grant: MediaGrantWire) => grants.push(grant));

    const [annClient, beaClient] = [clients[1]!, clients[2]!];
    expect((await annClient.request('whisperRequest', { to: bea.user.id })).ok).toBe(true);
    expect((await beaClient.request('whisperRequest', { to: ann.user.id })).ok).toBe(true);
    await expect.poll(() => grants.at(-1)?.hears).toEqual([st.user.id]);

    // Whatever the third player asks for, the pair's audio and video are refused.
    for (const userIds of [[ann.user.id], [bea.user.id], [st.user.id, bea.user.id]]) {
      expect(await cidMedia.emitWithAck('consume', { userIds })).toMatchObject({ error: { code: 'forbidden' } });
    }
    const annMedia = await connectMedia(ann);
    const annJoined = (await annMedia.emitWithAck('join', { roomId: 'voice' })) as { grant: MediaGrantWire };
    expect(annJoined.grant).toEqual({ publish: true, hears: [bea.user.id], sees: [bea.user.id] });
    expect(await annMedia.emitWithAck('consume', { userIds: [cid.user.id] })).toMatchObject({
      error: { code: 'forbidden' },
    });
  });

  it('at night the town square carries only the Storyteller: players may not publish', async () => {
    const cid = players[2]!;
    const cidMedia = await connectMedia(cid);
    const grants: MediaGrantWire[] = [];
    cidMedia.on('grant', (grant: MediaGrantWire) => grants.push(grant));
    expect(await cidMedia.emitWithAck('join', { roomId: 'voice' })).toMatchObject({ ok: true });
    expect((await clients[0]!.request('toggleNight', {})).ok).toBe(true);
    await expect.poll(() => grants.at(-1)).toEqual({ publish: false, hears: [st.user.id], sees: [st.user.id] });
    const offer = { type: 'offer', sdp: 'v=0\r\n' };
    expect(await cidMedia.emitWithAck('produce', { jsep: offer, audio: true, video: false })).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect((await clients[0]!.request('toggleNight', {})).ok).toBe(true);
    await expect.poll(() => grants.at(-1)?.publish).toBe(true);
  });

  it('tickets are bounded per account: 30 in 10 minutes, then 429 (asked by someone not in the game, too)', async () => {
    const flooder = await register(server, 'flooder');
    expect(DEFAULT_LIMITS.mediaTicketPerAccount).toEqual({ max: 30, windowSeconds: 600 });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await ticketFor(flooder)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
  });

  it("a player's follow and privateCams are refused alike whoever they name, and change nobody's grant", async () => {
    const cid = players[2]!;
    const cidMedia = await connectMedia(cid);
    const grants: MediaGrantWire[] = [];
    cidMedia.on('grant', (grant: MediaGrantWire) => grants.push(grant));
    expect(await cidMedia.emitWithAck('join', { roomId: 'voice' })).toMatchObject({ ok: true });
    const player = clients[3]!;
    const answers = await Promise.all([
      player.request('follow', { userId: st.user.id }),
      player.request('follow', { userId: players[0]!.user.id }),
      player.request('follow', { userId: 'no-such-user' }),
      player.request('privateCams', { hidden: true }),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // The same words for a user who exists and one who does not: the refusal tells nothing.
    expect(answers[0]).toEqual(answers[2]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(grants).toEqual([]);
  });

  it('a session without a chat server has no tickets', async () => {
    // Created while no chat server answered ('automatic' found none).
    await rewriteState(server, 'quiet', (s) => ({ ...s, meta: { ...s.meta, chatServer: '' } }));
    const quiet = new TestClient(server.port, 'quiet', players[0]!.accessToken);
    clients.push(quiet);
    await quiet.until(() => true);
    const answer = await api<{ error: { code: string } }>(
      server,
      'POST',
      '/backend/sessions/quiet/media-ticket',
      {},
      players[0]!.accessToken,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('no_chat_server');
  });
});
