import type {
  AuthTokens,
  Me,
  ModeratorSearchAnswer,
  ModeratorSettingsAnswer,
  ModeratorUserAnswer,
} from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, register, startTestServer, testConfig, TestClient, tryConnect } from './harness';

type ErrorBody = { error: { code: string; message: string } };

describe.each(DIALECTS)('moderation (%s)', (dialect) => {
  let server: BelfryServer;
  let drop: () => Promise<void>;
  /** The install's first account: special-tpi. */
  let admin: AuthTokens;
  /** A special-moderator. */
  let moderator: AuthTokens;
  /** An ordinary account. */
  let member: AuthTokens;

  const setLevel = (id: string, level: string) =>
    server.db.kysely.updateTable('users').set({ level }).where('id', '=', id).execute();
  const userRow = (id: string) =>
    server.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const search = (token: string, body: unknown) =>
    api<ModeratorSearchAnswer>(server, 'POST', '/backend/moderator/search', body, token);
  const view = (token: string, id: string) =>
    api<ModeratorUserAnswer>(server, 'GET', `/backend/moderator/${encodeURIComponent(id)}`, undefined, token);
  const save = (token: string, id: string, body: unknown) =>
    api<ModeratorUserAnswer & ErrorBody>(server, 'POST', `/backend/moderator/${encodeURIComponent(id)}`, body, token);
  const announce = (token: string, body: unknown) => api<ErrorBody>(server, 'POST', '/backend/announce', body, token);
  const me = (token: string) => api<Me>(server, 'GET', '/backend/me', undefined, token);
  const newUser = async (name: string) => register(server, `${name}${Math.random().toString(36).slice(2, 6)}`);

  beforeAll(async () => {
    const db = await freshDatabase(dialect);
    drop = db.drop;
    server = await startTestServer(testConfig(db));
    admin = await register(server, 'admin');
    moderator = await register(server, 'moderator');
    member = await register(server, 'member');
    await setLevel(moderator.user.id, 'special-moderator');
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('answers everyone below moderator 403 alike, whether the user exists or not, and counts nothing for them', async () => {
    const missing = '00000000-0000-0000-0000-000000000000';
    const answers = [
      await search(member.accessToken, { query: 'admin', offset: 0 }),
      await search(member.accessToken, { query: '', offset: -1 }),
      await view(member.accessToken, admin.user.id),
      await view(member.accessToken, missing),
      await save(member.accessToken, admin.user.id, { user: { username: 'taken-over' } }),
      await save(member.accessToken, missing, { nonsense: true }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: { code: 'forbidden', message: 'Moderators only.' } });
    }
    // The staff-only calls refuse moderators too, before looking at the body.
    for (const token of [member.accessToken, moderator.accessToken]) {
      for (const answer of [
        await announce(token, { title: 'hi', text: 'there' }),
        await announce(token, {}),
        await api(server, 'GET', '/backend/moderator/settings', undefined, token),
        await api(server, 'POST', '/backend/moderator/settings', { defaultLevel: 'free' }, token),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: { code: 'forbidden', message: 'Staff (special-tpi) only.' } });
      }
    }
    expect((await api(server, 'POST', '/backend/moderator/search', { query: 'x' })).status).toBe(401);
    const counters = await server.db.kysely
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', `%${member.user.id}%`)
      .execute();
    expect(counters).toEqual([]);
    expect((await userRow(admin.user.id)).username).toBe('admin');
  });

  it('searches names and e-mails in any case, 10 to a page (spec 2 §9), with the total count', async () => {
    const tag = `pg${Math.random().toString(36).slice(2, 6)}`;
    for (let i = 0; i < 12; i++) await register(server, `${tag}-${String(i).padStart(2, '0')}`);
    const first = await search(moderator.accessToken, { query: tag.toUpperCase(), offset: 0 });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.rows).toHaveLength(10);
    expect(first.body.rows[0]).toMatchObject({ username: `${tag}-00`, level: 'none' });
    expect(first.body.rows[0]!.email).toContain(tag);
    const second = await search(moderator.accessToken, { query: tag, offset: 10 });
    expect(second.body.rows.map((row) => row.username)).toEqual([`${tag}-10`, `${tag}-11`]);
    expect(second.body.count).toBe(12);
    // By e-mail (the part after the name), and by id.
    const byMail = await search(moderator.accessToken, { query: member.user.email, offset: 0 });
    expect(byMail.body.rows.map((row) => row.id)).toEqual([member.user.id]);
    const byId = await search(admin.accessToken, { query: member.user.id, offset: 0 });
    expect(byId.body.rows.map((row) => row.id)).toEqual([member.user.id]);
    // LIKE's own characters match only themselves.
    expect((await search(moderator.accessToken, { query: '%', offset: 0 })).body).toEqual({ count: 0, rows: [] });
    expect((await search(moderator.accessToken, { query: '_', offset: 0 })).body.count).toBe(0);
  });

  it('refuses an empty or too long query and a bad offset', async () => {
    const bad = [
      { query: '', offset: 0 },
      { query: '   ', offset: 0 },
      { query: 'x'.repeat(101), offset: 0 },
      { query: 'x', offset: -1 },
      { query: 'x', offset: 1.5 },
      { query: 'x', offset: 10_001 },
      { query: 'x', offset: '10' },
      { query: 'x', offset: 0, extra: true },
    ];
    for (const body of bad) {
      const answer = await search(moderator.accessToken, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await search(moderator.accessToken, { query: 'x'.repeat(100), offset: 10_000 })).status).toBe(200);
  });

  it('shows a user with bans, stats and login sessions (created, updated, version, address, agent)', async () => {
    const someone = await newUser('seen');
    const refreshed = await fetch(`http://127.0.0.1:${server.port}/backend/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'TestBrowser/1.0', 'x-app-version': '9.9.9' },
      body: JSON.stringify({ refreshToken: someone.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    const answer = await view(moderator.accessToken, someone.user.id);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: someone.user.id, username: someone.user.username, level: 'none' });
    expect(answer.body.stats).toMatchObject({ games: 0, storyteller: 0, player: 0 });
    expect(answer.body.bans).toEqual([]);
    expect(answer.body.tokens).toHaveLength(1);
    const [login] = answer.body.tokens;
    expect(login).toMatchObject({ version: '9.9.9', agent: 'TestBrowser/1.0', ip: '127.0.0.1', ended: false });
    expect(login!.updatedAt).toBeGreaterThanOrEqual(login!.createdAt);
    expect((await view(moderator.accessToken, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await view(moderator.accessToken, 'x'.repeat(80))).status).toBe(404);
  });

  it('validates a save: username 3 to 50, a real e-mail, something changed', async () => {
    const target = await newUser('edit');
    const bad = [
      { user: { username: 'ab' } },
      { user: { username: 'x'.repeat(51) } },
      { user: { email: 'not-an-email' } },
      { user: { level: 'emperor' } },
      { user: { flags: ['banned', 'banned'] } },
      { user: { flags: ['wizard'] } },
      { user: { age: 3 } },
      {},
      { user: {} },
      { user: { username: target.user.username } },
    ];
    for (const body of bad) {
      const answer = await save(admin.accessToken, target.user.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await userRow(target.user.id)).username).toBe(target.user.username);
    const ok = await save(moderator.accessToken, target.user.id, { user: { username: 'abc', pronouns: 'they' } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ username: 'abc', pronouns: 'they' });
    expect((await save(moderator.accessToken, target.user.id, { user: { username: 'y'.repeat(50) } })).status).toBe(
      200,
    );
  });

  it('lets special-tpi change e-mail and level, and refuses a moderator the whole save', async () => {
    const target = await newUser('promote');
    const before = await userRow(target.user.id);
    for (const user of [
      { email: 'new-address@example.test' },
      { level: 'patreon-townsfolk' },
      { username: 'renamed', level: 'special-moderator' },
    ]) {
      const answer = await save(moderator.accessToken, target.user.id, { user });
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
    expect(await userRow(target.user.id)).toEqual(before);

    await server.db.kysely.updateTable('users').set({ expires: 1 }).where('id', '=', target.user.id).execute();
    const answer = await save(admin.accessToken, target.user.id, {
      user: { email: 'New-Address@Example.test', level: 'patreon-townsfolk' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      email: 'new-address@example.test',
      level: 'patreon-townsfolk',
      expires: null,
    });
    // Granted by staff, the level counts at once: the user may create a game.
    expect((await me(target.accessToken)).body.isSubscribed).toBe(true);
    const created = await api(
      server,
      'POST',
      '/backend/sessions',
      { name: `g${Date.now() % 100000}` },
      target.accessToken,
    );
    expect(created.status).toBe(201);
    // Another account's address is refused.
    const taken = await save(admin.accessToken, target.user.id, { user: { email: member.user.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('email_taken');
  });

  it('keeps staff accounts and one’s own level out of reach', async () => {
    const otherStaff = await newUser('staff');
    await setLevel(otherStaff.user.id, 'special-tpi');
    for (const body of [
      { user: { flags: ['banned'] }, ban: { reason: 'coup' } },
      { ban: { reason: 'coup' } },
      { user: { username: 'demoted' } },
    ]) {
      expect((await save(moderator.accessToken, otherStaff.user.id, body)).status).toBe(403);
    }
    expect((await userRow(otherStaff.user.id)).flags).not.toContain('banned');
    expect((await save(admin.accessToken, admin.user.id, { user: { level: 'none' } })).status).toBe(403);
    expect((await userRow(admin.user.id)).level).toBe('special-tpi');
    expect((await save(moderator.accessToken, moderator.user.id, { ban: { reason: 'oops' } })).status).toBe(403);
    // Staff may change another staff account.
    expect((await save(admin.accessToken, otherStaff.user.id, { user: { level: 'special-moderator' } })).status).toBe(
      200,
    );
  });

  it('needs a reason to ban: reason 1 to 200, expiry in hours above 0 and at most 87,600', async () => {
    const target = await newUser('rowdy');
    const bad = [
      { user: { flags: ['banned'] } },
      { ban: { reason: '' } },
      { ban: { reason: '   ' } },
      { ban: { reason: 'x'.repeat(201) } },
      { ban: { reason: 'spam', expires: 0 } },
      { ban: { reason: 'spam', expires: -5 } },
      { ban: { reason: 'spam', expires: 87_601 } },
      { ban: { reason: 'spam', expires: '12' } },
      { ban: { reason: 'spam', id: 'x' } },
      { user: { flags: [] }, ban: { reason: 'spam' } },
    ];
    for (const body of bad) {
      const answer = await save(moderator.accessToken, target.user.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const unknownBan = await save(moderator.accessToken, target.user.id, { ban: { id: 'no-such-ban' } });
    expect(unknownBan.status).toBe(404);
    expect((await me(target.accessToken)).body.ban).toBeNull();
    expect((await userRow(target.user.id)).flags).not.toContain('banned');
    expect(
      await server.db.kysely.selectFrom('ban_users').selectAll().where('user_id', '=', target.user.id).execute(),
    ).toEqual([]);
    const longest = await save(moderator.accessToken, target.user.id, {
      ban: { reason: 'y'.repeat(200), expires: 87_600 },
    });
    expect(longest.status).toBe(200);
    expect(longest.body.user.flags).toContain('banned');
    const ban = (await me(target.accessToken)).body.ban!;
    expect(ban.reason).toBe('y'.repeat(200));
    expect(ban.expires! - Date.now()).toBeGreaterThan(87_600 * 3_600_000 - 60_000);
    expect(ban.expires! - Date.now()).toBeLessThanOrEqual(87_600 * 3_600_000);
  });

  it('a ban closes the user’s game sockets at once with the reason; an existing ban can be reused; unban lifts it', async () => {
    const target = await newUser('cheater');
    const other = await newUser('accomplice');
    const created = await api<{ sessionId: string }>(
      server,
      'POST',
      '/backend/sessions',
      { name: `ban${Date.now() % 100000}` },
      admin.accessToken,
    );
    const client = new TestClient(server.port, created.body.sessionId, target.accessToken);
    await client.until(() => true);
    const closed = new Promise<{ code: string; message: string }>((resolve) => client.socket.once('closed', resolve));
    const disconnected = new Promise<void>((resolve) => client.socket.once('disconnect', () => resolve()));
    const answer = await save(moderator.accessToken, target.user.id, {
      user: { flags: [...(await me(target.accessToken)).body.flags, 'banned'] },
      ban: { reason: 'Cheating in votes', expires: 24 },
    });
    expect(answer.status).toBe(200);
    expect(await closed).toEqual({ code: 'banned', message: 'Cheating in votes' });
    await disconnected;
    client.close();
    const ban = (await me(target.accessToken)).body.ban!;
    expect(ban.reason).toBe('Cheating in votes');
    // Banned, the account joins no game and creates none; only its own /me answers (with the ban).
    expect(await tryConnect(server, created.body.sessionId, target.accessToken)).toBe('banned');
    const refused = await api<ErrorBody>(server, 'POST', '/backend/sessions', { name: 'mine' }, target.accessToken);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'banned']);
    expect(Math.abs(ban.expires! - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);

    // The running ban is offered to the next user, and holds them too.
    const offered = await view(moderator.accessToken, other.user.id);
    const existing = offered.body.existingBans.find((entry) => entry.reason === 'Cheating in votes')!;
    expect(existing.users).toBe(1);
    expect((await save(moderator.accessToken, other.user.id, { ban: { id: existing.id } })).status).toBe(200);
    expect((await me(other.accessToken)).body.ban).toEqual({ reason: 'Cheating in votes', expires: ban.expires });

    // Unban: the flag goes, the user is free; the ban stays in their history.
    const flags = (await userRow(target.user.id)).flags;
    const lifted = await save(moderator.accessToken, target.user.id, {
      user: { flags: (JSON.parse(flags) as string[]).filter((flag) => flag !== 'banned') },
    });
    expect(lifted.status).toBe(200);
    expect((await me(target.accessToken)).body.ban).toBeNull();
    expect((await me(other.accessToken)).body.ban).not.toBeNull();
  });

  it('announces to everyone or to one game (title ≤ 100, text ≤ 1,000, game name ≤ 20)', async () => {
    const host = await newUser('host');
    await setLevel(host.user.id, 'patreon-townsfolk');
    const games: string[] = [];
    for (const name of [`ann-a${Date.now() % 10000}`, `ann-b${Date.now() % 10000}`]) {
      const created = await api<{ sessionId: string }>(server, 'POST', '/backend/sessions', { name }, host.accessToken);
      games.push(created.body.sessionId);
    }
    const inA = new TestClient(server.port, games[0]!, member.accessToken);
    const inB = new TestClient(server.port, games[1]!, host.accessToken);
    await Promise.all([inA.until(() => true), inB.until(() => true)]);
    const heard = { a: [] as unknown[], b: [] as unknown[] };
    inA.socket.on('announcement', (payload) => heard.a.push(payload));
    inB.socket.on('announcement', (payload) => heard.b.push(payload));

    for (const body of [
      { title: '', text: 'x' },
      { title: 'x', text: '' },
      { title: 'x'.repeat(101), text: 'x' },
      { title: 'x', text: 'x'.repeat(1001) },
      { title: 'x', text: 'x', sessionName: 'x'.repeat(21) },
      { title: 'x', text: 'x', extra: 1 },
    ]) {
      expect((await announce(admin.accessToken, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await announce(admin.accessToken, { title: 'x', text: 'x', sessionName: 'no-such-game' })).status).toBe(
      404,
    );

    const toAll = { title: 't'.repeat(100), text: 'x'.repeat(1000) };
    expect((await announce(admin.accessToken, toAll)).status).toBe(200);
    expect(
      (
        await announce(admin.accessToken, {
          title: 'Only A',
          text: 'Hello A',
          sessionName: ` ${games[0]!.toUpperCase()} `,
        })
      ).status,
    ).toBe(200);
    await expect.poll(() => heard.a.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.a).toEqual([toAll, { title: 'Only A', text: 'Hello A' }]);
    expect(heard.b).toEqual([toAll]);
    inA.close();
    inB.close();
  });

  it('bounds announcements at 10 and saves at 60 per moderator per 10 minutes', async () => {
    const staff = await newUser('talker');
    await setLevel(staff.user.id, 'special-tpi');
    for (let i = 0; i < 10; i++) {
      expect((await announce(staff.accessToken, { title: `n${i}`, text: 'x' })).status).toBe(200);
    }
    const over = await announce(staff.accessToken, { title: 'one more', text: 'x' });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');

    const mod = await newUser('busy');
    await setLevel(mod.user.id, 'special-moderator');
    for (let i = 0; i < 60; i++) await save(mod.accessToken, member.user.id, {});
    const refused = await save(mod.accessToken, member.user.id, { user: { pronouns: 'late' } });
    expect(refused.status).toBe(429);
    expect((await userRow(member.user.id)).pronouns).toBe('');
  });

  it('gives new accounts the operator’s default level; never a staff level; the console overrides the environment', async () => {
    const settings = () =>
      api<ModeratorSettingsAnswer>(server, 'GET', '/backend/moderator/settings', undefined, admin.accessToken);
    expect((await settings()).body).toEqual({ defaultLevel: 'none', stored: null, fromEnvironment: 'none' });
    for (const defaultLevel of ['special-moderator', 'special-tpi', 'emperor', undefined]) {
      const answer = await api(server, 'POST', '/backend/moderator/settings', { defaultLevel }, admin.accessToken);
      expect(answer.status).toBe(400);
    }
    const set = await api<ModeratorSettingsAnswer>(
      server,
      'POST',
      '/backend/moderator/settings',
      { defaultLevel: 'special-free' },
      admin.accessToken,
    );
    expect(set.body).toEqual({ defaultLevel: 'special-free', stored: 'special-free', fromEnvironment: 'none' });
    const newcomer = await newUser('newcomer');
    expect(newcomer.user.level).toBe('special-free');
    expect((await me(newcomer.accessToken)).body.isSubscribed).toBe(true);
    await api(server, 'POST', '/backend/moderator/settings', { defaultLevel: null }, admin.accessToken);
    expect((await newUser('later')).user.level).toBe('none');
  });
});

describe('DEFAULT_LEVEL (sqlite)', () => {
  it('sets the level of every account after the first, and a wrong value stops the start', async () => {
    const db = await freshDatabase('sqlite');
    const saved = process.env.DEFAULT_LEVEL;
    try {
      process.env.DEFAULT_LEVEL = 'special-tpi';
      await expect(startTestServer(testConfig(db))).rejects.toThrow(/DEFAULT_LEVEL/);
      process.env.DEFAULT_LEVEL = 'patreon-townsfolk';
      const server = await startTestServer(testConfig(db));
      try {
        expect((await register(server, 'first')).user.level).toBe('special-tpi');
        const second = await register(server, 'second');
        expect(second.user.level).toBe('patreon-townsfolk');
        const created = await api(server, 'POST', '/backend/sessions', { name: 'group-game' }, second.accessToken);
        expect(created.status).toBe(201);
      } finally {
        await server.close();
      }
    } finally {
      if (saved === undefined) delete process.env.DEFAULT_LEVEL;
      else process.env.DEFAULT_LEVEL = saved;
      await db.drop();
    }
  });
});
