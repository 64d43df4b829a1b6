import { request } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import type { AuthTokens, AvatarLookup, AvatarUploadAnswer, Me, PublicProfile, Stats } from '@belfry/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, register, startTestServer, testConfig, TestClient } from './harness';

const MB = 1024 * 1024;

/** A real picture of this size, encoded by the same library a browser-made file would be read with. */
const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header declares a size without the pixels to match (a decompression bomb's shape). */
const declaredPng = (width: number, height: number): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

type Refusal = { error: { code: string; reason?: string; message: string } };

describe.each(DIALECTS)('profile card and avatars (%s)', (dialect) => {
  let server: BelfryServer;
  let drop: () => Promise<void>;
  let moderator: AuthTokens;

  const setAccount = (
    id: string,
    { flags, ...change }: { level?: string; expires?: number | null; flags?: string[] },
  ) =>
    server.db.kysely
      .updateTable('users')
      .set({ ...change, ...(flags ? { flags: JSON.stringify(flags) } : {}) })
      .where('id', '=', id)
      .execute();
  const setCosmetics = async (id: string, change: Record<string, unknown>) => {
    const row = await server.db.kysely
      .selectFrom('users')
      .select('cosmetics')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const cosmetics = { ...JSON.parse(row.cosmetics), ...change };
    await server.db.kysely
      .updateTable('users')
      .set({ cosmetics: JSON.stringify(cosmetics) })
      .where('id', '=', id)
      .execute();
  };
  const update = (token: string, body: unknown) => api<Me & Refusal>(server, 'POST', '/backend/user', body, token);
  const me = async (token: string) => (await api<Me>(server, 'GET', '/backend/me', undefined, token)).body;
  const subscriber = async (name: string, level = 'patreon-townsfolk') => {
    const tokens = await register(server, name);
    await setAccount(tokens.user.id, { level });
    return tokens;
  };

  const upload = async (token: string, files: [string, Buffer | Blob, string?][]) => {
    const form = new FormData();
    for (const [field, data, name] of files) {
      form.append(field, data instanceof Blob ? data : new Blob([new Uint8Array(data)]), name ?? 'picture.png');
    }
    const response = await fetch(`http://127.0.0.1:${server.port}/backend/user/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as AvatarUploadAnswer & Refusal };
  };
  const image = (userId: string, query = '', headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${server.port}/avatars/${userId}.webp${query}`, { headers });

  beforeAll(async () => {
    const db = await freshDatabase(dialect);
    drop = db.drop;
    server = await startTestServer(testConfig(db));
    // The first account of an install is its administrator (special-tpi), a moderator level.
    moderator = await register(server, 'moderator');
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('updateUser (spec 2 §7): a game open now takes the new name from the account, never from the client', async () => {
    const player = await register(server, 'renamer');
    const created = await api<{ sessionId: string }>(
      server,
      'POST',
      '/backend/sessions',
      { name: `ren${Date.now() % 100000}` },
      moderator.accessToken,
    );
    const sessionId = created.body.sessionId;
    const storyteller = new TestClient(server.port, sessionId, moderator.accessToken);
    const client = new TestClient(server.port, sessionId, player.accessToken);
    await storyteller.until((v) => v.users[player.user.id]?.username === player.user.username);
    expect((await update(player.accessToken, { username: 'Renamed', pronouns: 'they' })).status).toBe(200);
    // The socket says only that something changed: a payload is refused, and nothing changes.
    expect(await client.request('updateUser', { username: 'Forged' })).toMatchObject({ ok: false });
    expect(await client.request('updateUser', {})).toEqual({ ok: true });
    const seen = await storyteller.until((v) => v.users[player.user.id]?.username === 'Renamed');
    expect(seen.users[player.user.id]?.pronouns).toBe('they');
    storyteller.close();
    client.close();
  });

  describe('username and pronouns (spec 2 §5: max 50, cut to 50; username min 3, pronouns min 0)', () => {
    it('cuts both at 50 characters and keeps 50 as they are', async () => {
      const user = await register(server, 'cutter');
      const fifty = 'n'.repeat(50);
      const res = await update(user.accessToken, { username: `${fifty}overflow`, pronouns: `${'p'.repeat(50)}xyz` });
      expect(res.status).toBe(200);
      expect(res.body.username).toBe(fifty);
      expect(res.body.pronouns).toBe('p'.repeat(50));
      expect((await update(user.accessToken, { username: 'x'.repeat(50) })).body.username).toBe('x'.repeat(50));
    });

    it('never cuts a character drawn from two units in half', async () => {
      const user = await register(server, 'emoji');
      const res = await update(user.accessToken, { pronouns: `${'a'.repeat(49)}😀😀` });
      expect(res.body.pronouns).toBe('a'.repeat(49));
    });

    it('refuses a username under 3 characters (after trimming) and changes nothing', async () => {
      const user = await register(server, 'shortname');
      for (const username of ['ab', '  ab  ', '']) {
        const res = await update(user.accessToken, { username, pronouns: 'they/them' });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
      }
      expect((await update(user.accessToken, { username: 'abc' })).body.username).toBe('abc');
      const after = await me(user.accessToken);
      expect(after.pronouns).toBe('');
    });

    it('accepts empty pronouns (minimum 0)', async () => {
      const user = await register(server, 'pronouns');
      await update(user.accessToken, { pronouns: 'she/her' });
      const res = await update(user.accessToken, { pronouns: '' });
      expect(res.status).toBe(200);
      expect(res.body.pronouns).toBe('');
    });
  });

  describe('who may change what (spec 2 §5)', () => {
    it("takes the user from the token: a body naming another user is refused and the other user's profile stays", async () => {
      const victim = await register(server, 'victim');
      const attacker = await register(server, 'attacker');
      const res = await update(attacker.accessToken, { id: victim.user.id, username: 'pwned' });
      expect(res.status).toBe(400);
      expect((await me(victim.accessToken)).username).toBe('victim');
      expect((await me(attacker.accessToken)).username).toBe('attacker');
      expect((await api(server, 'POST', '/backend/user', { username: 'nobody' })).status).toBe(401);
    });

    it('accepts only pronouns, username, hasAgreedTOS, border, avatar and stats', async () => {
      const user = await register(server, 'fields');
      for (const body of [{ level: 'special-tpi' }, { email: 'x@example.test' }, { flags: [] }, { cosmetics: {} }]) {
        const res = await update(user.accessToken, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const after = await me(user.accessToken);
      expect(after.level).not.toBe('special-tpi');
      expect(after.email).toBe(user.user.email);
    });

    it('forced flags lock username, pronouns and avatar; a refused body changes nothing of it', async () => {
      const user = await register(server, 'forced');
      await setAccount(user.user.id, {
        flags: ['tos-agreed', 'verified-email', 'forced-username', 'forced-pronouns', 'forced-avatar'],
      });
      const tries = [
        { username: 'renamed', stats: 'hidden' },
        { pronouns: 'xe/xem', stats: 'hidden' },
        { avatar: 3, stats: 'hidden' },
      ];
      for (const body of tries) {
        const res = await update(user.accessToken, body);
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
      const after = await me(user.accessToken);
      expect([after.username, after.pronouns, after.cosmetics.avatar, after.cosmetics.stats]).toEqual([
        'forced',
        '',
        0,
        'public',
      ]);
      // Sending the unchanged values (as a card that did not touch them) is no attempt to change them.
      expect((await update(user.accessToken, { username: 'forced', avatar: 0, stats: 'private' })).status).toBe(200);
    });
  });

  describe('avatars (spec 2 §5, §9: 0–25 free, negative ids need a level, custom strings from the list)', () => {
    it('gives everyone 0 to 25, and avatar 0 for 26 or more', async () => {
      const user = await register(server, 'free');
      expect((await update(user.accessToken, { avatar: 25 })).body.cosmetics.avatar).toBe(25);
      expect((await update(user.accessToken, { avatar: 0 })).body.cosmetics.avatar).toBe(0);
      expect((await update(user.accessToken, { avatar: 13 })).body.cosmetics.avatar).toBe(13);
      expect((await update(user.accessToken, { avatar: 26 })).body.cosmetics.avatar).toBe(0);
      expect((await update(user.accessToken, { avatar: 1e9 })).body.cosmetics.avatar).toBe(0);
      expect((await update(user.accessToken, { avatar: 2.5 })).status).toBe(400);
    });

    it('falls back to avatar 0 for a negative id without a level, keeps it with one', async () => {
      const user = await register(server, 'negative');
      await setAccount(user.user.id, { level: 'none' });
      expect((await update(user.accessToken, { avatar: -1 })).body.cosmetics.avatar).toBe(0);
      await setAccount(user.user.id, { level: 'patreon-townsfolk' });
      expect((await update(user.accessToken, { avatar: -1 })).body.cosmetics.avatar).toBe(-1);
      expect((await update(user.accessToken, { avatar: -6 })).body.cosmetics.avatar).toBe(-6);
      // Belfry draws -1 to -6; a level does not make up others.
      expect((await update(user.accessToken, { avatar: -7 })).body.cosmetics.avatar).toBe(0);
      await update(user.accessToken, { avatar: -3 });
      // A level that lapses shows avatar 0 to others, as the rule would choose now.
      await setAccount(user.user.id, { expires: Date.now() - 1000 });
      const seen = await api<{ user: PublicProfile }>(
        server,
        'GET',
        `/backend/user/${user.user.id}`,
        undefined,
        moderator.accessToken,
      );
      expect(seen.body.user.cosmetics.avatar).toBe(0);
    });

    it("accepts a custom string avatar only from the user's own list", async () => {
      const user = await register(server, 'special');
      expect((await update(user.accessToken, { avatar: 'worldcup25' })).body.cosmetics.avatar).toBe(0);
      await setCosmetics(user.user.id, { avatars: ['worldcup25'] });
      expect((await update(user.accessToken, { avatar: 'worldcup25' })).body.cosmetics.avatar).toBe('worldcup25');
      expect((await update(user.accessToken, { avatar: 'upload' })).body.cosmetics.avatar).toBe(0);
    });
  });

  describe('borders by level (spec 2 §9: townsfolk; plus minion; plus demon; tpi; moderator; rainbow and progress when powerful)', () => {
    it.each([
      ['none', [], []],
      ['patreon-townsfolk', [], ['townsfolk']],
      ['patreon-minion', [], ['townsfolk', 'minion']],
      ['patreon-demon', [], ['townsfolk', 'minion', 'demon']],
      ['special-moderator', [], ['townsfolk', 'minion', 'demon', 'moderator']],
      ['special-tpi', [], ['townsfolk', 'minion', 'demon', 'tpi', 'moderator']],
      ['none', ['powerful'], ['rainbow', 'progress']],
    ])('%s %j may wear %j and no other', async (level, extra, allowed) => {
      const user = await register(server, `border-${level}`);
      await setAccount(user.user.id, { level, flags: ['tos-agreed', 'verified-email', ...extra] });
      expect((await me(user.accessToken)).cosmetics.borders).toEqual(allowed);
      for (const border of ['townsfolk', 'minion', 'demon', 'tpi', 'moderator', 'rainbow', 'progress', 'gold']) {
        const res = await update(user.accessToken, { border });
        expect(res.status, border).toBe(allowed.includes(border) ? 200 : 403);
      }
      expect((await update(user.accessToken, { border: '' })).body.cosmetics.border).toBe('');
    });

    it('hides a level border once the level lapses', async () => {
      const user = await subscriber('lapsing', 'patreon-demon');
      await update(user.accessToken, { border: 'demon' });
      await setAccount(user.user.id, { expires: Date.now() - 1000 });
      const seen = await api<AvatarLookup>(
        server,
        'POST',
        '/backend/avatars/lookup',
        { ids: [user.user.id] },
        moderator.accessToken,
      );
      expect(seen.body[user.user.id]!.border).toBe('');
    });
  });

  describe('statistics visibility (spec 2 §3: public, private, hidden; moderators see hidden ones)', () => {
    it.each(['public', 'private', 'hidden'] as const)('%s', async (stats) => {
      const owner = await register(server, `stats-${stats}`);
      const other = await register(server, `viewer-${stats}`);
      expect((await update(owner.accessToken, { stats })).body.cosmetics.stats).toBe(stats);
      const seenBy = async (token: string) =>
        (await api<{ stats: Stats | null }>(server, 'GET', `/backend/user/${owner.user.id}`, undefined, token)).body
          .stats;
      expect(await seenBy(other.accessToken)).toEqual(
        stats === 'public' ? expect.objectContaining({ games: 0 }) : null,
      );
      expect(await seenBy(moderator.accessToken)).toEqual(expect.objectContaining({ games: 0 }));
      expect(await seenBy(owner.accessToken)).toEqual(expect.objectContaining({ games: 0 }));
    });

    it('refuses another visibility', async () => {
      const user = await register(server, 'stats-bad');
      expect((await update(user.accessToken, { stats: 'friends' })).status).toBe(400);
    });
  });

  describe('upload (spec 2 §5, §9: multipart field avatar, at most 5 MB, png, jpeg, gif, webp)', () => {
    it('re-encodes a PNG to a 256 × 256 webp, served at /avatars/{userId}.webp once chosen, with cache headers', async () => {
      const user = await subscriber('uploader');
      const png = await picture('png', 300, 120);
      const res = await upload(user.accessToken, [['avatar', png]]);
      expect(res.status).toBe(200);
      expect(res.body.user.cosmetics.avatars).toContain('upload');
      const version = res.body.avatar.version!;
      expect(version).toBeGreaterThan(0);
      // Stored and served (the card previews it), not yet chosen: the card sends the choice when it closes.
      expect((await image(user.user.id)).status).toBe(200);
      expect((await me(user.accessToken)).cosmetics.avatar).toBe(0);
      expect((await update(user.accessToken, { avatar: 'upload' })).body.cosmetics.avatar).toBe('upload');

      const served = await image(user.user.id, `?v=${version}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = served.headers.get('etag')!;
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
      // Without the version the browser asks again each time, and an unchanged picture costs a 304.
      expect((await image(user.user.id)).headers.get('cache-control')).toBe('no-cache');
      expect((await image(user.user.id, '', { 'if-none-match': etag })).status).toBe(304);

      const lookup = await api<AvatarLookup>(
        server,
        'POST',
        '/backend/avatars/lookup',
        { ids: [user.user.id] },
        moderator.accessToken,
      );
      expect(lookup.body[user.user.id]).toEqual({ avatar: 'upload', border: '', version });

      // A level that lapses takes the picture away: avatar 0 shows, and the picture is not served.
      await setAccount(user.user.id, { expires: Date.now() - 1000 });
      expect((await image(user.user.id)).status).toBe(404);
      const lapsed = await api<AvatarLookup>(
        server,
        'POST',
        '/backend/avatars/lookup',
        { ids: [user.user.id] },
        moderator.accessToken,
      );
      expect(lapsed.body[user.user.id]).toEqual({ avatar: 0, border: '', version: null });
    });

    it('accepts JPEG, GIF and WebP too, told by their content whatever their name', async () => {
      const user = await subscriber('formats');
      for (const format of ['jpeg', 'gif', 'webp'] as const) {
        const res = await upload(user.accessToken, [['avatar', await picture(format), 'picture.txt']]);
        expect(res.status, format).toBe(200);
      }
    });

    it('answers avatar_type for a text file named .png, an SVG and a damaged PNG, and stores nothing', async () => {
      const user = await subscriber('wrongtype');
      const png = await picture('png');
      const files = [
        Buffer.from('just some text, not a picture\n'.repeat(20)),
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
        Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]),
      ];
      for (const file of files) {
        const res = await upload(user.accessToken, [['avatar', file, 'avatar.png']]);
        expect(res.status).toBe(415);
        expect(res.body.error.reason).toBe('avatar_type');
      }
      expect((await me(user.accessToken)).cosmetics.avatars).not.toContain('upload');
    });

    it('takes exactly 5 MB and answers avatar_size for 5 MB and 1 byte', async () => {
      const user = await subscriber('big');
      const png = await picture('png');
      // A real PNG padded after its end to the limit: the file is 5 MB, the picture small.
      const exact = Buffer.concat([png, Buffer.alloc(5 * MB - png.length)]);
      expect(exact.length).toBe(5 * MB);
      expect((await upload(user.accessToken, [['avatar', exact]])).status).toBe(200);
      const over = await upload(user.accessToken, [['avatar', Buffer.concat([exact, Buffer.from([0])])]]);
      expect(over.status).toBe(413);
      expect(over.body.error.reason).toBe('avatar_size');
    });

    it('refuses a body declared far larger than 5 MB before reading it, and closes the connection', async () => {
      const user = await subscriber('huge');
      // Headers and a first kilobyte of a body said to be 50 MB: the answer comes without the rest.
      const answer = await new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/backend/user/avatar',
            headers: {
              authorization: `Bearer ${user.accessToken}`,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(50 * MB),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.write(Buffer.alloc(1024));
      });
      expect(answer.status).toBe(413);
      expect(answer.connection).toBe('close');
      expect((JSON.parse(answer.body) as Refusal).error.reason).toBe('avatar_size');
    });

    it('answers avatar_pixel above 40 megapixels or 10,000 pixels a side, before decoding', async () => {
      const user = await subscriber('pixels');
      for (const [width, height] of [
        [10_001, 1],
        [1, 10_001],
        [6_400, 6_400],
      ]) {
        const res = await upload(user.accessToken, [['avatar', declaredPng(width!, height!)]]);
        expect(res.status, `${width}×${height}`).toBe(422);
        expect(res.body.error.reason).toBe('avatar_pixel');
      }
      // 10,000 × 4,000 is exactly 40 megapixels: not refused for its pixels.
      const edge = await upload(user.accessToken, [['avatar', declaredPng(10_000, 4_000)]]);
      expect(edge.body.error?.reason).not.toBe('avatar_pixel');
    });

    it('takes one file in the field avatar, from a subscriber whose avatar is not locked', async () => {
      const user = await subscriber('shape');
      const png = await picture('png');
      expect((await upload(user.accessToken, [['picture', png]])).status).toBe(400);
      expect(
        (
          await upload(user.accessToken, [
            ['avatar', png],
            ['avatar', png],
          ])
        ).status,
      ).toBe(400);
      expect((await upload(user.accessToken, [])).status).toBe(400);
      const json = await api(server, 'POST', '/backend/user/avatar', { avatar: 'x' }, user.accessToken);
      expect(json.status).toBe(400);

      const free = await register(server, 'nolevel');
      await setAccount(free.user.id, { level: 'none' });
      const refused = await upload(free.accessToken, [['avatar', png]]);
      expect([refused.status, refused.body.error.code]).toEqual([403, 'subscription_needed']);

      await setAccount(user.user.id, { flags: ['tos-agreed', 'verified-email', 'forced-avatar'] });
      expect((await upload(user.accessToken, [['avatar', png]])).status).toBe(403);
      expect((await upload('not-a-token', [['avatar', png]])).status).toBe(401);
    });

    it('allows 10 uploads an hour per account', async () => {
      const user = await subscriber('often');
      const png = await picture('png', 8, 8);
      for (let i = 0; i < 10; i++) expect((await upload(user.accessToken, [['avatar', png]])).status).toBe(200);
      const res = await upload(user.accessToken, [['avatar', png]]);
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('rate_limited');
      // Another account is not held back by it.
      const other = await subscriber('other');
      expect((await upload(other.accessToken, [['avatar', png]])).status).toBe(200);
    });
  });

  describe("lookup and pictures, from an attacker's side", () => {
    it('answers only for users that exist, at most 100 ids, to a logged-in caller', async () => {
      const user = await register(server, 'looked');
      const ids = [user.user.id, 'no-such-user', user.user.id];
      const res = await api<AvatarLookup>(server, 'POST', '/backend/avatars/lookup', { ids }, moderator.accessToken);
      expect(Object.keys(res.body)).toEqual([user.user.id]);
      expect(res.body[user.user.id]).toEqual({ avatar: 0, border: '', version: null });
      const many = Array.from({ length: 101 }, (_, i) => `id${i}`);
      expect((await api(server, 'POST', '/backend/avatars/lookup', { ids: many }, moderator.accessToken)).status).toBe(
        400,
      );
      expect(
        (await api(server, 'POST', '/backend/avatars/lookup', { ids: many.slice(0, 100) }, moderator.accessToken))
          .status,
      ).toBe(200);
      expect((await api(server, 'POST', '/backend/avatars/lookup', { ids: [user.user.id] })).status).toBe(401);
    });

    it('gives the same 404 for a user without a picture, a user who does not exist and a bad name', async () => {
      const user = await register(server, 'nopicture');
      const answers = await Promise.all(
        [`/avatars/${user.user.id}.webp`, '/avatars/no-such-user.webp', '/avatars/..%2Fetc.webp', '/avatars/x.png'].map(
          async (path) => {
            const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
            return [res.status, await res.text()];
          },
        ),
      );
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]![0]).toBe(404);
    });

    it('lets the page load pictures of its own origin (CSP img-src)', async () => {
      const res = await fetch(`http://127.0.0.1:${server.port}/backend/health`);
      expect(res.headers.get('content-security-policy')).toMatch(/img-src 'self'/);
    });
  });
});
