import {
  chatServerRefusal,
  createSession,
  hasSubscription,
  type Level,
  normalizeTags,
  SESSION_BOOST_MS,
  type SessionState,
} from '@belfry/engine';
import { createSessionBody, type SessionListItem, type VersionInfo } from '@belfry/protocol';
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../auth/rate-limit';
import { APP_VERSION, type RateLimits, RELEASES } from '../config';
import type { ChatServers } from '../media/chatServers';
import type { MediaLink } from '../media/mediaLink';
import type { SessionStore } from '../sessions/store';
import { flagsOf } from '../users/users';
import type { Authenticate } from './authenticate';
import { HttpError, parseBody } from './errors';

interface Deps {
  store: SessionStore;
  auth: Authenticate;
  chatServers: ChatServers;
  mediaLink: MediaLink;
  limiter: RateLimiter;
  limits: RateLimits;
  supportEmail: string | undefined;
}

const listItem = (state: SessionState, now: number): SessionListItem => ({
  name: state.sessionId,
  isPublic: state.meta.isPublic,
  language: state.meta.language,
  edition: {
    id: state.edition.id,
    name: state.edition.name,
    author: state.edition.author,
    isOfficial: state.edition.isOfficial,
  },
  storytellers: state.storytellers.map((st) => ({ id: st.id })),
  players: state.seats.map((seat) => ({ id: seat.id, isDead: seat.isDead, isVoteless: seat.isVoteless })),
  usersAll: Object.values(state.users).map((u) => ({ id: u.id, username: u.username, isOnline: u.isOnline })),
  fabled: state.fabled.map((f) => ({ id: f.id, name: f.name })),
  // A custom script's characters (spec 2 §2: rows expand to them).
  roles: state.script.map((r) => ({ id: r.id, name: r.name, team: r.team })),
  tags: state.meta.tags,
  isRunning: state.game.isRunning,
  phase: state.game.phase,
  boostDuration: Math.max(0, Math.floor((state.boostUntil - now) / 1000)),
});

/** Version and the lobby's sessions (spec 2 §7). */
export const registerSessionRoutes = (
  app: FastifyInstance,
  { store, auth, chatServers, mediaLink, limiter, limits, supportEmail }: Deps,
) => {
  const authenticate = auth.required;

  app.get('/backend/version', async (): Promise<VersionInfo & { supportEmail?: string }> => ({
    version: APP_VERSION,
    serverTime: Date.now(),
    versions: RELEASES,
    ...(supportEmail ? { supportEmail } : {}),
  }));

  app.get('/backend/sessions', async (req) => {
    const user = await authenticate(req);
    const states = await store.all();
    const now = Date.now();
    return states.filter((s) => s.meta.isPublic || s.users[user.id]).map((s) => listItem(s, now));
  });

  // Spec 2 §3 Chat server: host, name, health {users, load, latency, color}; health cached 180 s.
  app.get('/backend/chat-servers', async (req) => {
    await authenticate(req);
    return chatServers.list();
  });

  // Issue 17: a ticket into the session's room on its chat server, for someone who is in the session.
  app.post<{ Params: { id: string } }>('/backend/sessions/:id/media-ticket', async (req) => {
    const user = await authenticate(req);
    // Each ticket makes the chat server take the policy again: bounded per account.
    await limiter.hit(`media-ticket:account:${user.id}`, limits.mediaTicketPerAccount);
    const state = req.params.id.length <= 64 ? await store.load(req.params.id) : undefined;
    // The same answer for a session that does not exist and one the caller is not in.
    if (!state || !state.users[user.id] || state.meta.banlist.includes(user.id)) {
      throw new HttpError(404, 'not_found', 'You are not in this session.');
    }
    let ticket;
    try {
      ticket = await mediaLink.ticket(state, user.id);
    } catch {
      throw new HttpError(503, 'chat_server_unavailable', 'The chat server is not answering.');
    }
    if (!ticket) throw new HttpError(409, 'no_chat_server', 'This session has no chat server.');
    return ticket;
  });

  app.post('/backend/sessions', async (req, reply) => {
    const user = await authenticate(req);
    const body = parseBody(createSessionBody, req.body);
    const now = Date.now();
    // Spec 2 §5: creating a session needs an active subscription.
    if (!hasSubscription(user.level as Level, user.expires, now)) {
      throw new HttpError(403, 'subscription_needed', 'Creating a game needs a subscription.');
    }
    // Spec 2 §5: a chat server with 200 or more users cannot be chosen; '' lets the server choose.
    let chatServer = body.chatServer;
    if (chatServer) {
      const refusal = chatServerRefusal(await chatServers.usersOf(chatServer));
      if (refusal) throw new HttpError(409, refusal.code, refusal.message);
    } else {
      chatServer = await chatServers.leastBusy();
    }
    const state = createSession({
      sessionId: body.name,
      owner: {
        id: user.id,
        username: user.username,
        pronouns: user.pronouns,
        level: user.level as Level,
        flags: flagsOf(user),
        createdAt: user.created_at,
      },
      meta: { isPublic: body.isPublic, language: body.language, chatServer },
      seats: body.seats,
      now,
    });
    state.meta.tags = normalizeTags({ ...state.meta.tags, ...body.tags }, state.edition);
    state.boostUntil = now + SESSION_BOOST_MS;
    if (!(await store.create(state))) {
      throw new HttpError(409, 'session_exists', 'A session with this name exists already.');
    }
    reply.code(201);
    return { sessionId: state.sessionId };
  });
};
