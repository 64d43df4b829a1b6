import { refuse } from '@belfry/engine';
import { type AnnouncementEvent, SERVER_EVENTS } from '@belfry/protocol';
import type { Server } from 'socket.io';

/** The Socket.IO room of all of one account's session sockets, on every node (bans). */
export const accountRoom = (userId: string): string => `account:${userId}`;
/** The Socket.IO room of every socket in one session, on every node (announcements). */
export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/**
 * What happens to an account's live connections because of something done over HTTP (issue 18): a ban
 * closes them at once, an announcement reaches them. The socket server starts after the HTTP routes
 * are registered, so it is attached later; until then there is nobody to reach.
 */
export class AccountEvents {
  private io: Server | null = null;

  attach(io: Server): void {
    this.io = io;
  }

  /** Spec 2 §6: a banned user goes to the Banned page at once: each socket hears why, then closes. */
  banned(userId: string, reason: string): void {
    if (!this.io) return;
    const room = this.io.in(accountRoom(userId));
    room.emit(SERVER_EVENTS.closed, refuse('banned', reason || 'Your account has been banned.'));
    room.disconnectSockets(true);
  }

  /** Spec 2 §7 announce: to every connected user, or to one session's. */
  announce(announcement: AnnouncementEvent, sessionId?: string): void {
    if (!this.io) return;
    const target = sessionId ? this.io.to(sessionRoom(sessionId)) : this.io;
    target.emit(SERVER_EVENTS.announcement, announcement);
  }
}
