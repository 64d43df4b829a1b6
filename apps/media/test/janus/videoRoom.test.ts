// The driver against a real Janus (Debian's janus 1.1). Janus never gathers ICE candidates on loopback,
// so this runs only inside a private network namespace (scripts/netns-run.sh), where the only other
// address is a test one and nothing can leave the machine.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectJanus, type JanusClient, type JanusHandle, type JanusSession } from '../../src/janus/client';
import type { JanusSessionEvent } from '../../src/janus/messages';
import { findJanusBinary, startJanus, type JanusProcess } from '../../src/janus/process';
import * as videoRoom from '../../src/janus/videoRoom';
import { parseRoomEvent, type RoomEvent } from '../../src/janus/videoRoomTypes';
import { candidates, publisherOffer } from './offer';

const netnsIp = process.env.BELFRY_NETNS_IP;
const skipReason = !netnsIp
  ? 'BELFRY_NETNS_IP is not set (Janus must gather on a test address in a private network namespace)'
  : findJanusBinary() === null
    ? "janus is not installed (Debian's janus package)"
    : undefined;
if (skipReason) {
  console.log(
    `Skipping the real-Janus VideoRoom tests: ${skipReason}. ` +
      'Run them with: bash scripts/netns-run.sh npx vitest run apps/media/test/janus',
  );
}

const { VIDEOROOM, VideoRoomError } = videoRoom;
const API_SECRET = randomBytes(16).toString('hex');
const RTP_PORTS: [number, number] = [20000, 20049];
const ROOM = { room: 4242, secret: 'room-secret', pin: 'room-pin', publishers: 6 };

// Skipped in the main Vitest run on purpose (no namespace there): npm test runs this file a second time
// inside scripts/netns-run.sh as root, where it runs; on a machine without root or janus it says why above.
(skipReason ? describe.skip : describe)('VideoRoom through a real Janus (apps/media/src/janus)', () => {
  let janus: JanusProcess;
  let client: JanusClient;
  let session: JanusSession;
  let admin: JanusHandle;

  const attach = () => session.attach(VIDEOROOM);

  beforeAll(async () => {
    // A short session timeout lets the keepalive test watch Janus drop a silent session.
    janus = await startJanus({
      apiSecret: API_SECRET,
      rtpPortRange: RTP_PORTS,
      interface: netnsIp ?? '',
      sessionTimeout: 3,
    });
    client = await connectJanus(janus.url, { apiSecret: API_SECRET, keepaliveMs: 1_000 });
    session = await client.createSession();
    admin = await attach();
  });

  afterAll(async () => {
    await client?.close();
    await janus?.stop();
  });

  it('refuses a wrong API secret and runs VideoRoom over WebSockets only', async () => {
    const intruder = await connectJanus(janus.url, { apiSecret: 'not-the-secret' });
    await expect(intruder.createSession()).rejects.toMatchObject({ kind: 'janus', code: 403 });
    await intruder.close();
    const info = await client.info();
    expect(Object.keys(info.plugins as object)).toEqual([VIDEOROOM]);
    expect(Object.keys(info.transports as object)).toEqual(['janus.transport.websockets']);
  });

  it('serves its API on loopback only', async () => {
    const port = new URL(janus.url).port;
    await expect(connectJanus(`ws://${netnsIp}:${port}`, { apiSecret: API_SECRET })).rejects.toThrow(/ECONNREFUSED/);
  });

  it('creates a room, and destroys it only with its secret', async () => {
    const room = { ...ROOM, room: 4100 };
    await expect(videoRoom.createRoom(admin, room)).resolves.toEqual({ room: 4100 });
    await expect(videoRoom.roomExists(admin, 4100)).resolves.toBe(true);
    await expect(videoRoom.createRoom(admin, room)).rejects.toMatchObject({ code: VideoRoomError.roomExists });
    await expect(videoRoom.destroyRoom(admin, { room: 4100, secret: 'wrong' })).rejects.toMatchObject({
      kind: 'plugin',
      code: VideoRoomError.unauthorized,
    });
    await videoRoom.destroyRoom(admin, { room: 4100, secret: room.secret });
    await expect(videoRoom.roomExists(admin, 4100)).resolves.toBe(false);
  });

  it('takes a publisher only with the pin, and answers on the namespace address within the port range', async () => {
    await videoRoom.createRoom(admin, ROOM);
    const offer = publisherOffer();
    const join = { room: ROOM.room, display: 'Ada', offer };
    // A refused offer leaves its handle's WebRTC state behind, so each attempt gets a fresh handle.
    await expect(videoRoom.joinAndConfigure(await attach(), join)).rejects.toMatchObject({ kind: 'plugin' });
    await expect(videoRoom.joinAndConfigure(await attach(), { ...join, pin: 'wrong' })).rejects.toMatchObject({
      code: VideoRoomError.unauthorized,
    });

    const publisher = await attach();
    const joined = await videoRoom.joinAndConfigure(publisher, { ...join, pin: ROOM.pin, video: false });
    expect(joined.answer.type).toBe('answer');
    expect(joined.answer.sdp).toMatch(/a=rtpmap:111 opus\/48000\/2/);
    // Janus 1.1 turns DTX on per publisher when the offer asks for it (the room's opus_dtx is not consulted).
    expect(joined.answer.sdp).toMatch(/a=fmtp:111 useinbandfec=1;usedtx=1/);
    expect(joined.answer.sdp).toMatch(/a=rtpmap:96 VP8\/90000/);
    const found = candidates(joined.answer.sdp);
    expect(found.length).toBeGreaterThan(0);
    for (const [address, port] of found) {
      expect(address).toBe(netnsIp);
      expect(port).toBeGreaterThanOrEqual(RTP_PORTS[0]);
      expect(port).toBeLessThanOrEqual(RTP_PORTS[1]);
    }
    await expect(videoRoom.listParticipants(admin, ROOM.room)).resolves.toEqual([
      { id: joined.id, display: 'Ada', publisher: false },
    ]);
    await publisher.trickle(null);
    await videoRoom.configure(publisher, { streams: [{ mid: '0', send: false }] });

    // No browser completes ICE here, so the feed never goes live and cannot be subscribed to yet.
    await expect(
      videoRoom.joinSubscriber(await attach(), { room: ROOM.room, pin: ROOM.pin, streams: [{ feed: joined.id }] }),
    ).rejects.toMatchObject({ code: VideoRoomError.noSuchFeed });

    const heard: RoomEvent[] = [];
    publisher.on((event) => event.type === 'plugin' && heard.push(parseRoomEvent(event.data)));
    await expect(videoRoom.kick(admin, { room: ROOM.room, secret: 'wrong', id: joined.id })).rejects.toMatchObject({
      code: VideoRoomError.unauthorized,
    });
    await videoRoom.kick(admin, { room: ROOM.room, secret: ROOM.secret, id: joined.id });
    await expect.poll(() => heard).toContainEqual({ type: 'left', room: ROOM.room, reason: 'kicked' });
    await expect(videoRoom.listParticipants(admin, ROOM.room)).resolves.toEqual([]);
  });

  it('keeps a session alive with keepalives while Janus drops a silent one', async () => {
    const quiet = await connectJanus(janus.url, { apiSecret: API_SECRET, keepaliveMs: 60_000 });
    const quietSession = await quiet.createSession();
    const events: JanusSessionEvent[] = [];
    quietSession.on((event) => events.push(event));
    const kept = await client.createSession();
    await expect.poll(() => events, { timeout: 9_000, interval: 200 }).toEqual([{ type: 'timeout' }]);
    await expect(kept.attach(VIDEOROOM)).resolves.toBeDefined();
    await kept.destroy();
    await quiet.close();
  }, 15_000);

  it('detaches handles and destroys sessions', async () => {
    const handle = await attach();
    await handle.detach();
    await expect(videoRoom.roomExists(handle, ROOM.room)).rejects.toMatchObject({ kind: 'janus', code: 459 });
    await videoRoom.destroyRoom(admin, { room: ROOM.room, secret: ROOM.secret });
    const other = await client.createSession();
    await other.destroy();
    await expect(other.attach(VIDEOROOM)).rejects.toMatchObject({ kind: 'janus', code: 458 });
  });

  it('stops Janus', async () => {
    await client.close();
    // A graceful end (exit code 0) is what this asserts; on a busy two-core machine Janus once needed
    // more than the 3 s the chat server gives it before SIGKILL, so the test allows it 20 s.
    await janus.stop(20_000);
    await expect(janus.exited).resolves.toBe(0);
    await expect(connectJanus(janus.url, { apiSecret: API_SECRET })).rejects.toThrow(/ECONNREFUSED/);
  });
});
