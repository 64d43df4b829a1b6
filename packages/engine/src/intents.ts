import type { SessionTags, SessionUser } from './types';

export type GrimoireRequestStatus = 'request' | 'receive' | 'deny' | 'remove';

/**
 * What a client (or the server itself, for presence) asks to change. Names follow the socket
 * messages of spec 1 §7 and spec 2 §7; later issues add more.
 */
export type Intent =
  | { type: 'claimSeat'; index: number }
  | { type: 'updateSeats'; op: 'add'; count: number }
  | { type: 'updateSeats'; op: 'remove'; index: number; count: number }
  | { type: 'updateSeats'; op: 'move'; from: number; to: number; count: number }
  | { type: 'addStoryteller'; id: string }
  | { type: 'removeStoryteller'; id: string }
  | { type: 'requestStoryteller' }
  | { type: 'respondStoryteller'; id: string; accept: boolean }
  | { type: 'updateMeta'; isPublic?: boolean; language?: string; tags?: Partial<SessionTags> }
  | { type: 'requestGrimoire'; id: string; status: GrimoireRequestStatus }
  | { type: 'kickUser'; id: string }
  | { type: 'ping'; latency: number }
  | {
      type: 'presence';
      user: Omit<SessionUser, 'isOnline' | 'grimoireAccess' | 'ping'>;
      isOnline: boolean;
      /** Whether the user has a subscription now (the server knows the account). */
      isSubscribed?: boolean;
    };

export type IntentType = Intent['type'];
