import type { AuthTokens } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, register, startTestServer, TestClient, testConfig } from './harness';

describe.each(DIALECTS)('text, whispers and signals over Socket.IO (%s; issue 8)', (dialect) => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let st: AuthTokens;
  const players: AuthTokens[] = [];
  let spectator: AuthTokens;
  const clients: TestClient[] = [];
  const connect = (id: string, tokens: AuthTokens) => {
    const client = new TestClient(server.port, id, tokens.accessToken);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    server = await startTestServer(testConfig(db));
    st = await register(server, 'teller');
    for (let i = 0; i < 4; i++) players.push(await register(server, `player${i}`));
    spectator = await register(server, 'onlooker');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await db.drop();
  });

  it('text, a neighbour whisper (a non-neighbour refused), the spectator limits, and a signal only its player receives', async () => {
    await api(server, 'POST', '/backend/sessions', { name: 'chatty', seats: 4 }, st.accessToken);
    const teller = connect('chatty', st);
    const seated = players.map((p) => connect('chatty', p));
    const watcher = connect('chatty', spectator);
    const raw = new Map<TestClient, string[]>();
    for (const client of [teller, ...seated, watcher]) {
      raw.set(client, []);
      client.socket.onAny((event, payload) => raw.get(client)!.push(`${event}:${JSON.stringify(payload)}`));
    }
    await Promise.all(seated.map((c) => c.until(() => true)));
    for (const [i, c] of seated.entries()) expect((await c.request('claimSeat', { index: i })).ok).toBe(true);
    await watcher.until((v) => v.seats.every((s) => s.id !== ''));

    // Player ↔ Storyteller.
    expect(
      (await seated[0]!.request('textMessage', { recipientId: teller.view!.viewer.id, message: 'Hello Storyteller' }))
        .ok,
    ).toBe(true);
    await teller.until((v) => v.chat.messages.some((m) => m.message === 'Hello Storyteller'));
    expect((await teller.request('textMessage', { recipientId: players[0]!.user.id, message: 'Welcome' })).ok).toBe(
      true,
    );
    await seated[0]!.until((v) => v.chat.messages.some((m) => m.message === 'Welcome'));

    // Seats 0 and 1 are neighbours; 0 and 2 are not (4 players: differing by 1 modulo 2).
    const typing = new Promise((resolve) => seated[1]!.socket.on('textMessageIndicator', resolve));
    expect((await seated[0]!.request('textMessageIndicator', { recipientId: players[1]!.user.id, length: 5 })).ok).toBe(
      true,
    );
    expect(await typing).toMatchObject({ senderId: players[0]!.user.id, length: 5 });
    expect(
      (await seated[0]!.request('textMessage', { recipientId: players[1]!.user.id, message: 'I am the Chef' })).ok,
    ).toBe(true);
    await seated[1]!.until((v) => v.chat.messages.some((m) => m.message === 'I am the Chef'));
    expect(
      await seated[0]!.request('textMessage', { recipientId: players[2]!.user.id, message: 'far away' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    // The others learn only that a whisper happened.
    await seated[2]!.until((v) => v.chat.messages.some((m) => m.redacted && m.senderId === players[0]!.user.id));

    // A spectator cannot write to players or in public.
    expect(await watcher.request('textMessage', { recipientId: players[0]!.user.id, message: 'psst' })).toMatchObject({
      ok: false,
    });
    expect(await watcher.request('textMessage', { recipientId: '', message: 'hi all' })).toMatchObject({ ok: false });
    expect((await watcher.request('textMessage', { recipientId: 'spectator', message: 'we see all' })).ok).toBe(true);
    await teller.until((v) => v.chat.messages.some((m) => m.message === 'we see all'));

    // A night signal with cards: only its player receives it; the seen reply reaches the Storyteller.
    expect((await teller.request('startGame', {})).ok).toBe(true);
    await teller.until((v) => v.hook === null, 4000);
    expect((await teller.request('toggleNight', {})).ok).toBe(true);
    await seated[3]!.until((v) => v.game.isNight);
    const cards = { recipients: [players[3]!.user.id], message: [{ id: 'you' }, { id: 'demon' }] };
    expect((await teller.request('signal', cards)).ok).toBe(true);
    const received = await seated[3]!.until((v) => v.chat.signals.length === 1);
    expect((await seated[3]!.request('signalSeen', { id: received.chat.signals[0]!.id })).ok).toBe(true);
    await teller.until((v) => v.chat.signals[0]?.seenBy.includes(players[3]!.user.id) === true);
    for (const other of [seated[0]!, seated[1]!, seated[2]!, watcher]) {
      expect(other.view!.chat.signals).toEqual([]);
      expect(raw.get(other)!.join('\n')).not.toContain('"demon"');
    }
    expect(raw.get(seated[2]!)!.join('\n')).not.toContain('I am the Chef');
    expect(raw.get(watcher)!.join('\n')).not.toContain('I am the Chef');
  });

  it('a whisper opens on a mutual request within 10 s, only its members learn the channel, and night closes it', async () => {
    await api(server, 'POST', '/backend/sessions', { name: 'hushed', seats: 4 }, st.accessToken);
    const teller = connect('hushed', st);
    const seated = players.map((p) => connect('hushed', p));
    const watcher = connect('hushed', spectator);
    const raw = new Map<TestClient, string[]>();
    for (const client of [teller, ...seated, watcher]) {
      raw.set(client, []);
      client.socket.onAny((event, payload) => raw.get(client)!.push(`${event}:${JSON.stringify(payload)}`));
    }
    await Promise.all(seated.map((c) => c.until(() => true)));
    for (const [i, c] of seated.entries()) expect((await c.request('claimSeat', { index: i })).ok).toBe(true);
    await watcher.until((v) => v.seats.every((s) => s.id !== ''));
    const [a, b, c] = [players[0]!.user.id, players[1]!.user.id, players[2]!.user.id];

    expect(await seated[0]!.request('whisperRequest', { to: c })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await watcher.request('whisperRequest', { to: teller.view!.viewer.id })).toMatchObject({ ok: false });
    expect((await seated[0]!.request('whisperRequest', { to: b })).ok).toBe(true);
    await seated[1]!.until((v) => v.chat.whisperRequests.some((r) => r.from === a && r.to === b));
    expect(seated[2]!.view!.chat.whisperRequests).toEqual([]);
    expect((await seated[1]!.request('whisperRequest', { to: a })).ok).toBe(true);
    const joined = await seated[0]!.until((v) => v.chat.channels[a]?.startsWith('whisper-') === true);
    const channel = joined.chat.channels[a]!;
    await seated[1]!.until((v) => v.chat.channels[b] === channel);
    await seated[2]!.until((v) => v.chat.channels[a] === 'whisper' && v.chat.channels[b] === 'whisper');
    await teller.until((v) => v.chat.channels[a] === channel);
    for (const other of [seated[2]!, seated[3]!, watcher]) expect(raw.get(other)!.join('\n')).not.toContain(channel);
    // By day a whisperer does not write to the town square.
    expect(await seated[0]!.request('textMessage', { recipientId: '', message: 'hello all' })).toMatchObject({
      ok: false,
    });

    // A public room, then night: everyone back in the town square, and the rooms are closed.
    expect((await seated[2]!.request('channel', { channel: 'room-1' })).ok).toBe(true);
    await seated[3]!.until((v) => v.chat.channels[c] === 'room-1');
    expect((await teller.request('toggleNight', {})).ok).toBe(true);
    await seated[0]!.until((v) => v.game.isNight && Object.keys(v.chat.channels).length === 0);
    expect(await seated[3]!.request('channel', { channel: 'room-2' })).toMatchObject({
      ok: false,
      error: { code: 'rooms_closed' },
    });
    expect(await seated[0]!.request('whisperRequest', { to: b })).toMatchObject({
      ok: false,
      error: { code: 'whispers_closed' },
    });
  });
});
