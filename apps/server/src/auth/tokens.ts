import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Level } from '@belfry/engine';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  level: Level;
  /** The login this token belongs to (`logins.id`); a token outlives neither its login nor a logout. */
  loginId: string;
}

export const signAccessToken = async (
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  now: number,
): Promise<{ token: string; expires: number }> => {
  const iat = Math.floor(now / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ lvl: claims.level, sid: claims.loginId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(key);
  return { token, expires: exp * 1000 };
};

/**
 * Returns the claims of a valid, unexpired token, or null. A token without an expiry would be good
 * forever, so one lacking exp (or iat, sub, sid) is refused rather than trusted.
 */
export const verifyAccessToken = async (key: Uint8Array, token: string): Promise<AccessClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.lvl !== 'string' || typeof payload.sid !== 'string') {
      return null;
    }
    return { userId: payload.sub, level: payload.lvl as Level, loginId: payload.sid };
  } catch {
    return null;
  }
};

/** Refresh tokens are opaque random strings; only their hash is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
