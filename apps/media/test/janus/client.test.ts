// The client against a scripted stand-in for Janus on 127.0.0.1: orderings a real Janus rarely shows
// (an event overtaking its ack, a request never answered, the socket dropping) are forced here. The
// real Janus runs in videoRoom.test.ts.
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { connectJanus, type JanusClient } from '../../src/janus/client';
import { JanusError, type JanusHandleEvent, type JanusSessionEvent } from '../../src/janus/messages';

type Request = Record<string, unknown> & { janus: string; transaction: string };
type Script = (request: Request, send: (frame: object) => void) => void;

describe('Janus WebSocket client (apps/media/src/janus/client)', () => {
  let server: WebSocketServer;
  let url = '';
  let script: Script = () => undefined;
  const received: Request[] = [];
  const protocols: string[] = [];
  let peer: WebSocket | undefined;
  let client: JanusClient | undefined;

  beforeEach(async () => {
    received.length = 0;
    protocols.length = 0;
    server = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      handleProtocols: (offered) => (offered.has('janus-protocol') ? 'janus-protocol' : false),
    });
    server.on('connection', (socket) => {
      peer = socket;
      protocols.push(socket.protocol);
      socket.on('message', (data: Buffer) => {
        const request = JSON.parse(data.toString()) as Request;
        received.push(request);
        script(request, (frame) => socket.send(JSON.stringify({ transaction: request.transaction, ...frame })));
      });
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await client?.close();
    client = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // Answers create and attach like Janus, and leaves everything else to `rest`.
  const janusLike =
    (rest: Script): Script =>
    (request, send) => {
      if (request.janus === 'create') return send({ janus: 'success', data: { id: 11 } });
      if (request.janus === 'attach') return send({ janus: 'success', session_id: 11, data: { id: 22 } });
      rest(request, send);
    };

  const openHandle = async (options: { keepaliveMs?: number; requestTimeoutMs?: number } = {}) => {
    client = await connectJanus(url, { apiSecret: 'sekrit', ...options });
    const session = await client.createSession();
    const handle = await session.attach('janus.plugin.videoroom');
    return { session, handle };
  };

  it('speaks janus-protocol and puts the API secret and a fresh transaction on every request', async () => {
    script = janusLike((request, send) => send({ janus: 'ack', session_id: 11 }));
    const { handle } = await openHandle();
    await handle.trickle(null);
    expect(protocols).toEqual(['janus-protocol']);
    expect(received.map((r) => r.janus)).toEqual(['create', 'attach', 'trickle']);
    expect(received.every((r) => r.apisecret === 'sekrit')).toBe(true);
    expect(new Set(received.map((r) => r.transaction)).size).toBe(3);
    expect(received[2]).toMatchObject({ session_id: 11, handle_id: 22, candidate: { completed: true } });
  });

  it('resolves a plugin message with the event after the ack, even when the event overtakes it', async () => {
    const event = { janus: 'event', session_id: 11, sender: 22 };
    const answer = { type: 'answer', sdp: 'v=0\r\n' };
    script = janusLike((request, send) => {
      const body = request.body as { request: string };
      const data = { videoroom: body.request === 'first' ? 'joined' : 'event' };
      if (body.request === 'first') {
        send({ janus: 'ack', session_id: 11 });
        send({ ...event, plugindata: { plugin: 'janus.plugin.videoroom', data }, jsep: answer });
      } else {
        send({ ...event, plugindata: { plugin: 'janus.plugin.videoroom', data } });
        send({ janus: 'ack', session_id: 11 });
      }
    });
    const { handle } = await openHandle();
    await expect(handle.message({ request: 'first' })).resolves.toEqual({
      data: { videoroom: 'joined' },
      jsep: answer,
    });
    await expect(handle.message({ request: 'second' })).resolves.toEqual({ data: { videoroom: 'event' } });
  });

  it('resolves synchronous plugin answers and rejects plugin and core errors with their codes', async () => {
    script = janusLike((request, send) => {
      const body = request.body as { request: string } | undefined;
      const plugindata = (data: object) => ({ janus: 'success', sender: 22, plugindata: { plugin: 'p', data } });
      if (body?.request === 'list') return send(plugindata({ videoroom: 'success', list: [] }));
      if (body?.request === 'bad')
        return send(plugindata({ videoroom: 'event', error_code: 426, error: 'No such room' }));
      send({ janus: 'error', error: { code: 458, reason: 'No such session' } });
    });
    const { session, handle } = await openHandle();
    await expect(handle.message({ request: 'list' })).resolves.toEqual({ data: { videoroom: 'success', list: [] } });
    await expect(handle.message({ request: 'bad' })).rejects.toMatchObject({ kind: 'plugin', code: 426 });
    await expect(session.destroy()).rejects.toMatchObject({ kind: 'janus', code: 458, message: 'No such session' });
  });

  it('times out a request nobody answers', async () => {
    script = janusLike(() => undefined);
    const { handle } = await openHandle({ requestTimeoutMs: 100 });
    const failure = await handle.message({ request: 'join' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JanusError);
    expect(failure).toMatchObject({ kind: 'timeout' });
  });

  it('routes Janus events to the handle they are about, and room news as plugin events', async () => {
    script = janusLike(() => undefined);
    const { handle } = await openHandle();
    const events: JanusHandleEvent[] = [];
    handle.on((event) => events.push(event));
    const about = { session_id: 11, sender: 22 };
    for (const frame of [
      { janus: 'webrtcup' },
      { janus: 'media', type: 'audio', mid: '0', receiving: true },
      { janus: 'slowlink', media: 'video', mid: '1', uplink: true, lost: 7 },
      { janus: 'event', plugindata: { plugin: 'p', data: { videoroom: 'event', unpublished: 5 } } },
      { janus: 'hangup', reason: 'DTLS alert' },
      { janus: 'webrtcup', session_id: 11, sender: 99 },
      { janus: 'detached' },
    ]) {
      peer?.send(JSON.stringify({ ...about, ...frame }));
    }
    await expect.poll(() => events.length).toBe(6);
    expect(events).toEqual([
      { type: 'webrtcup' },
      { type: 'media', media: 'audio', mid: '0', receiving: true },
      { type: 'slowlink', media: 'video', mid: '1', uplink: true, lost: 7 },
      { type: 'plugin', data: { videoroom: 'event', unpublished: 5 } },
      { type: 'hangup', reason: 'DTLS alert' },
      { type: 'detached' },
    ]);
  });

  it('sends keepalives on its own and tells the session when the connection drops', async () => {
    script = janusLike((request, send) => {
      if (request.janus === 'keepalive') send({ janus: 'ack', session_id: 11 });
    });
    const { session, handle } = await openHandle({ keepaliveMs: 50 });
    const sessionEvents: JanusSessionEvent[] = [];
    session.on((event) => sessionEvents.push(event));
    await expect.poll(() => received.filter((r) => r.janus === 'keepalive').length).toBeGreaterThanOrEqual(3);
    expect(received.find((r) => r.janus === 'keepalive')).toMatchObject({ session_id: 11, apisecret: 'sekrit' });

    script = () => undefined;
    const pending = handle.message({ request: 'join' });
    peer?.terminate();
    await expect(pending).rejects.toMatchObject({ kind: 'closed' });
    expect(sessionEvents).toEqual([{ type: 'closed' }]);
    expect(client?.closed).toBe(true);
  });
});
