import { type MediaPolicy, mediaPolicy, sameGrants, type SessionState } from '@belfry/engine';
import { MEDIA_TICKET_TTL_S, MEDIA_TOKEN_AUDIENCE } from '@belfry/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { SignJWT } from 'jose';
import type { ChatServers } from './chatServers';

/** A chat server that has not taken a policy within this long counts as down for this change. */
const PUSH_TIMEOUT_MS = 3_000;

interface Pushed {
  host: string;
  policy: MediaPolicy;
}

export interface MediaTicket {
  /** The chat server's base URL (its Socket.IO path is MEDIA_SOCKET_PATH). */
  url: string;
  ticket: string;
  expiresIn: number;
}

/**
 * What Belfry's server tells the chat servers (issue 17): who hears and sees whom in each session,
 * from the engine's `mediaPolicy`, sent when it changes; and the tickets that let a user into the
 * room of a session they are in. The chat server forwards nothing the policy does not name.
 */
export class MediaLink {
  private readonly pushed = new Map<string, Pushed>();
  private readonly key: Uint8Array | null;

  constructor(
    private readonly servers: ChatServers,
    secret: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    this.key = secret ? new TextEncoder().encode(secret) : null;
  }

  /** After every change of a live session: the chat server hears of it when the grants changed. */
  changed(state: SessionState): void {
    void this.push(state, false).catch(() => undefined);
  }

  /** The session is no longer live here; another change sends its policy again. */
  forget(sessionId: string): void {
    this.pushed.delete(sessionId);
  }

  /**
   * A ticket for a user who is in the session, after the chat server has the current policy (a chat
   * server that restarted knows nobody until then). Null when the session has no chat server.
   */
  async ticket(state: SessionState, userId: string): Promise<MediaTicket | null> {
    const url = this.servers.browserUrlOf(state.meta.chatServer);
    if (url === undefined || !this.key) return null;
    await this.push(state, true);
    const ticket = await new SignJWT({ room: state.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setAudience(MEDIA_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${MEDIA_TICKET_TTL_S}s`)
      .sign(this.key);
    return { url, ticket, expiresIn: MEDIA_TICKET_TTL_S };
  }

  private async push(state: SessionState, always: boolean): Promise<void> {
    const host = state.meta.chatServer;
    const url = this.servers.urlOf(host);
    if (!url || !this.key) return;
    const policy = mediaPolicy(state);
    const last = this.pushed.get(state.sessionId);
    if (!always && last && last.host === host && sameGrants(last.policy, policy)) return;
    this.pushed.set(state.sessionId, { host, policy });
    try {
      const res = await fetch(new URL(`/rooms/${encodeURIComponent(state.sessionId)}/policy`, url), {
        method: 'PUT',
        headers: { authorization: `Bearer ${this.servers.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(policy),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
    } catch (err) {
      // Sent again with the next change (or the next ticket).
      if (this.pushed.get(state.sessionId)?.policy === policy) this.pushed.delete(state.sessionId);
      this.log.warn({ host, sessionId: state.sessionId, err: String(err) }, 'chat server did not take the policy');
      throw err;
    }
  }
}
