import type { MediaGrantWire, MediaPolicyWire } from '@belfry/protocol';

const NOTHING: MediaGrantWire = { publish: false, hears: [], sees: [] };
/** Rooms whose policy is kept; the least recently updated go first (Belfry sends one again with a ticket). */
const MAX_ROOMS = 5_000;

/**
 * The latest policy of each room, as Belfry's server sent it. Several Belfry nodes may push the same
 * session; a policy older than the one held is ignored, so a late arrival never undoes a newer one.
 */
export class Policies {
  private readonly byRoom = new Map<string, MediaPolicyWire>();

  /** Takes a policy; false when it is not newer than the one held. */
  set(policy: MediaPolicyWire): boolean {
    const held = this.byRoom.get(policy.sessionId);
    if (held && held.version > policy.version) return false;
    this.byRoom.delete(policy.sessionId);
    this.byRoom.set(policy.sessionId, policy);
    if (this.byRoom.size > MAX_ROOMS) this.byRoom.delete(this.byRoom.keys().next().value!);
    return true;
  }

  has(roomId: string): boolean {
    return this.byRoom.has(roomId);
  }

  /** What a user may do in a room: nothing at all when the room or the user is unknown. */
  grant(roomId: string, userId: string): MediaGrantWire {
    return this.byRoom.get(roomId)?.grants[userId] ?? NOTHING;
  }
}
