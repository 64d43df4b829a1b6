import type { AvatarRefusal } from '@belfry/protocol';
import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

/** The side of the square webp every upload becomes: twice the largest avatar drawn (the profile card's). */
export const AVATAR_SIDE = 256;
/**
 * Pictures larger than this are refused with avatar_pixel before they are decoded: 40 megapixels, or
 * a side over 10,000 pixels. A 5 MB file can declare a far larger picture (a decompression bomb).
 */
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_MAX_SIDE = 10_000;

/** The formats spec 2 §5 allows, told by the file's first bytes (never by its name or declared type). */
type AvatarFormat = 'png' | 'jpeg' | 'gif' | 'webp';

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export const sniffFormat = (data: Buffer): AvatarFormat | null => {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'webp';
  return null;
};

/** A refused upload: its status and the avatar dialogue's key travel in the answer (`reason`). */
export class AvatarError extends HttpError {
  constructor(
    status: number,
    readonly reason: AvatarRefusal,
    message: string,
  ) {
    super(status, status === 413 ? 'payload_too_large' : 'bad_request', message);
  }

  override body() {
    const { error } = super.body();
    return { error: { ...error, reason: this.reason } };
  }
}

export const tooLarge = () => new AvatarError(413, 'avatar_size', 'The picture is larger than 5 MB.');
const wrongType = () => new AvatarError(415, 'avatar_type', 'The file is not a PNG, JPEG, GIF or WebP picture.');
const tooManyPixels = () =>
  new AvatarError(422, 'avatar_pixel', 'The picture has too many pixels (at most 40 megapixels, 10,000 a side).');

/** Decoding is the costly part: at most two at once on a node, the others wait their turn. */
const MAX_ENCODING = 2;
let encoding = 0;
const waiting: (() => void)[] = [];
const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
  if (encoding >= MAX_ENCODING) await new Promise<void>((resolve) => waiting.push(resolve));
  encoding++;
  try {
    return await work();
  } finally {
    encoding--;
    waiting.shift()?.();
  }
};

/**
 * Checks an uploaded file and re-encodes it: the format by its first bytes and again by the decoder's
 * reading of it (they must agree), the size in pixels from the header before anything is decoded, then
 * the first frame, turned upright, cut to a centred square of AVATAR_SIDE as webp without metadata.
 */
export const encodeAvatar = async (data: Buffer): Promise<Buffer> => {
  const format = sniffFormat(data);
  if (!format) throw wrongType();
  const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    meta = await sharp(data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw wrongType();
  }
  if (meta.format !== format) throw wrongType();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1) throw wrongType();
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE || width * height > AVATAR_MAX_PIXELS) throw tooManyPixels();
  return inTurn(async () => {
    try {
      return await sharp(data, options)
        .rotate()
        .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      // The header was readable but the picture is not (cut short, damaged).
      throw wrongType();
    }
  });
};

/** The stored pictures (table `avatars`, base64 text so that both dialects keep it alike). */
export class AvatarStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a user's picture, replacing any earlier one; the time stored is its version. */
  async save(userId: string, webp: Buffer, now = Date.now()): Promise<number> {
    const image = webp.toString('base64');
    await this.db
      .insertInto('avatars')
      .values({ user_id: userId, image, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ image, updated_at: now }))
      .execute();
    return now;
  }

  async versions(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('avatars')
      .select(['user_id', 'updated_at'])
      .where('user_id', 'in', userIds)
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.updated_at)]));
  }

  async image(userId: string): Promise<{ data: Buffer; version: number } | null> {
    const row = await this.db
      .selectFrom('avatars')
      .select(['image', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { data: Buffer.from(row.image, 'base64'), version: Number(row.updated_at) } : null;
  }
}
