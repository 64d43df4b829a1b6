import { createSession, type Level, type SessionState } from '@belfry/engine';
import { createSessionBody, loginBody, refreshBody, registerBody, type SessionListItem } from '@belfry/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Accounts, type ClientInfo, toPublicUser } from '../auth/accounts';
import { verifyAccessToken } from '../auth/tokens';
import { APP_VERSION } from '../config';
import type { SessionStore } from '../sessions/store';
import { HttpError, parseBody } from './errors';

interface Deps {
  accounts: Accounts;
  store: SessionStore;
  key: Uint8Array;
}

const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  agent: String(req.headers['user-agent'] ?? ''),
  version: String(req.headers['x-app-version'] ?? ''),
});

const listItem = (state: SessionState): SessionListItem => ({
  name: state.sessionId,
  isPublic: state.meta.isPublic,
  language: state.meta.language,
  edition: state.edition,
  storytellers: state.storytellers.map((st) => ({ id: st.id })),
  players: state.seats.map((seat) => ({ id: seat.id, isDead: seat.isDead, isVoteless: seat.isVoteless })),
  usersAll: Object.values(state.users).map((u) => ({ id: u.id, username: u.username, isOnline: u.isOnline })),
  isRunning: state.game.isRunning,
  phase: state.game.phase,
});

export const registerRoutes = (app: FastifyInstance, { accounts, store, key }: Deps) => {
  const authenticate = async (req: FastifyRequest) => {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await verifyAccessToken(key, token) : null;
    if (!claims) throw new HttpError(401, 'unauthorized', 'Please log in.');
    const user = await accounts.byId(claims.userId);
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in.');
    return user;
  };

  app.get('/backend/version', async () => ({ version: APP_VERSION, serverTime: Date.now() }));

  app.post('/backend/auth/register', async (req, reply) => {
    const body = parseBody(registerBody, req.body);
    reply.code(201);
    return accounts.register(body, clientInfo(req));
  });

  app.post('/backend/auth/login', async (req) => accounts.login(parseBody(loginBody, req.body), clientInfo(req)));

  app.post('/backend/auth/refresh', async (req) =>
    accounts.refresh(parseBody(refreshBody, req.body).refreshToken, clientInfo(req)),
  );

  app.post('/backend/auth/logout', async (req, reply) => {
    await accounts.logout(parseBody(refreshBody, req.body).refreshToken);
    reply.code(204);
  });

  app.get('/backend/me', async (req) => toPublicUser(await authenticate(req)));

  app.get('/backend/sessions', async (req) => {
    const user = await authenticate(req);
    const states = await store.all();
    return states.filter((s) => s.meta.isPublic || s.users[user.id]).map(listItem);
  });

  app.post('/backend/sessions', async (req, reply) => {
    const user = await authenticate(req);
    const body = parseBody(createSessionBody, req.body);
    const state = createSession({
      sessionId: body.name,
      owner: {
        id: user.id,
        username: user.username,
        pronouns: '',
        level: user.level as Level,
        flags: JSON.parse(user.flags),
        createdAt: user.created_at,
      },
      meta: { isPublic: body.isPublic, language: body.language },
      seats: body.seats,
      now: Date.now(),
    });
    if (!(await store.create(state)))
      throw new HttpError(409, 'session_exists', 'A session with this name exists already.');
    reply.code(201);
    return { sessionId: state.sessionId };
  });
};
