import type { FastifyRequest } from 'fastify';
import type { Accounts } from '../auth/accounts';
import { verifyAccessToken } from '../auth/tokens';
import type { UsersTable } from '../db/schema';
import { HttpError } from './errors';

/**
 * Reads the bearer token: the user it names, or null when there is none; 401 for a bad one, and for
 * one whose login has ended (logout), since a signature alone would let it work until it expires.
 */
export const makeAuthenticate = (accounts: Accounts, key: Uint8Array) => {
  const optional = async (req: FastifyRequest): Promise<UsersTable | null> => {
    const header = req.headers.authorization ?? '';
    if (!header) return null;
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await verifyAccessToken(key, token) : null;
    const user = claims ? (await accounts.liveLogin(claims))?.user : undefined;
    if (!user || user.disabled_at !== null) throw new HttpError(401, 'unauthorized', 'Please log in.');
    return user;
  };
  const required = async (req: FastifyRequest): Promise<UsersTable> => {
    const user = await optional(req);
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in.');
    return user;
  };
  return { optional, required };
};

export type Authenticate = ReturnType<typeof makeAuthenticate>;
