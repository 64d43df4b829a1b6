import { updateUserBody } from '@belfry/protocol';
import type { FastifyInstance } from 'fastify';
import type { Users } from '../users/users';
import type { Authenticate } from './authenticate';
import { HttpError, parseBody } from './errors';

/** The user's own account and other users' profiles (spec 2 §3, §5 Profile, §7). */
export const registerUserRoutes = (app: FastifyInstance, { users, auth }: { users: Users; auth: Authenticate }) => {
  app.get('/backend/me', async (req) => users.me(await auth.required(req)));

  app.post('/backend/user', async (req) => {
    const user = await auth.required(req);
    const updated = await users.update(user, parseBody(updateUserBody, req.body));
    return users.me(updated);
  });

  app.get<{ Params: { id: string } }>('/backend/user/:id', async (req) => {
    const viewer = await auth.required(req);
    const profile = await users.profile(req.params.id.slice(0, 64), viewer);
    if (!profile) throw new HttpError(404, 'not_found', 'No such user.');
    return profile;
  });
};
