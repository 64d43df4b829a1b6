import type { FastifyRequest } from 'fastify';
import type { Accounts } from '../auth/accounts';
import { verifyAccessToken } from '../auth/tokens';
import type { UsersTable } from '../db/schema';
import { HttpError } from './errors';

/** Whether an account is banned now (a banned flag with a ban that has not run out). */
export type IsBanned = (user: UsersTable) => Promise<boolean>;

/**
 * Reads the bearer token: the user it names, or null when there is none; 401 for a bad one, and for
 * one whose login has ended (logout), since a signature alone would let it work until it expires.
 * A banned account gets 403 `banned` everywhere but `account` (its own /me, which says why).
 */
export const makeAuthenticate = (accounts: Accounts, key: Uint8Array, isBanned: IsBanned) => {
  const optional = async (req: FastifyRequest): Promise<UsersTable | null> => {
    const header = req.headers.authorization ?? '';
    if (!header) return null;
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await verifyAccessToken(key, token) : null;
    const user = claims ? (await accounts.liveLogin(claims))?.user : undefined;
    if (!user || user.disabled_at !== null) throw new HttpError(401, 'unauthorized', 'Please log in.');
    return user;
  };
  const account = async (req: FastifyRequest): Promise<UsersTable> => {
    const user = await optional(req);
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in.');
    return user;
  };
  const required = async (req: FastifyRequest): Promise<UsersTable> => {
    const user = await account(req);
    if (await isBanned(user)) throw new HttpError(403, 'banned', 'Your account has been banned.');
    return user;
  };
  return { optional, required, account };
};

export type Authenticate = ReturnType<typeof makeAuthenticate>;
