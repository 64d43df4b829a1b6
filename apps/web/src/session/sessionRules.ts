import { isModeratorLevel, MAX_PLAYERS, type SessionUser, type SessionView } from '@belfry/engine';

/** What the viewer may do, mirroring the engine's rules so buttons are offered only when they can work. */
export const isViewerStoryteller = (view: SessionView): boolean => view.viewer.role === 'storyteller';

/**
 * Spec 1 §4: a non-Storyteller may claim an empty seat only while holding none, and not during a
 * nomination; a seat whose character belongs to someone else only the Storyteller fills (issue 14).
 */
export const canClaimSeat = (view: SessionView, index: number): boolean => {
  const seat = view.seats[index];
  return (
    seat?.id === '' &&
    (seat.holder === null || seat.holder === view.viewer.id) &&
    view.viewer.seat < 0 &&
    !isViewerStoryteller(view) &&
    view.vote.nomination === null
  );
};

export const canVacate = (view: SessionView): boolean => view.viewer.seat >= 0 && !isViewerStoryteller(view);

/** Spec 1 §2: anyone not seated may become Storyteller when there is none. */
export const canBecomeStoryteller = (view: SessionView): boolean =>
  view.storytellers.length === 0 && view.viewer.seat < 0;

export const canAddSeat = (view: SessionView): boolean => isViewerStoryteller(view) && view.seats.length < MAX_PLAYERS;

export interface SeatedPlayer {
  index: number;
  id: string;
  user: SessionUser | undefined;
}

export interface UserGroups {
  storytellers: { id: string; user: SessionUser | undefined }[];
  players: SeatedPlayer[];
  spectators: SessionUser[];
}

/** Spec 2 §2 "Users list": grouped storyteller / player / spectator; offline users without a seat are hidden. */
export const groupUsers = (view: SessionView): UserGroups => {
  const storytellerIds = new Set(view.storytellers.map((st) => st.id));
  const seatedIds = new Set(view.seats.map((seat) => seat.id).filter(Boolean));
  return {
    // Offline users who are not seated are hidden, Storytellers included (spec 2 §2).
    storytellers: view.storytellers.flatMap(({ id }) =>
      view.users[id]?.isOnline ? [{ id, user: view.users[id] }] : [],
    ),
    players: view.seats.flatMap((seat, index) => (seat.id ? [{ index, id: seat.id, user: view.users[seat.id] }] : [])),
    spectators: Object.values(view.users)
      .filter((user) => user.isOnline && !storytellerIds.has(user.id) && !seatedIds.has(user.id))
      .sort((a, b) => a.username.localeCompare(b.username)),
  };
};

export const onlineCount = (view: SessionView): number => Object.values(view.users).filter((u) => u.isOnline).length;

/** Spec 2 §6: moderators are special-moderator and special-tpi. */
export const isViewerModerator = (view: SessionView): boolean => {
  const level = view.users[view.viewer.id]?.level;
  return level !== undefined && isModeratorLevel(level);
};

/** Spec 2 §5: only a Storyteller or a moderator may kick (never themselves). */
export const canKick = (view: SessionView, userId: string): boolean =>
  userId !== view.viewer.id && (isViewerStoryteller(view) || isViewerModerator(view));

/** Spec 2 §4 Co-storyteller: additions and removals are for a Storyteller or a moderator. */
export const canManageStorytellers = (view: SessionView): boolean =>
  isViewerStoryteller(view) || isViewerModerator(view);

export const isStorytellerId = (view: SessionView, userId: string): boolean =>
  view.storytellers.some((st) => st.id === userId);

export const isSeatedId = (view: SessionView, userId: string): boolean =>
  userId !== '' && view.seats.some((seat) => seat.id === userId);

/** Spectators who asked for grimoire access and wait for an answer (state 1): the blinking count. */
export const pendingGrimoireRequests = (view: SessionView): SessionUser[] =>
  Object.values(view.users).filter(
    (user) =>
      user.grimoireAccess === 1 && user.isOnline && !isStorytellerId(view, user.id) && !isSeatedId(view, user.id),
  );

export type GrimoireAction = 'grant' | 'deny';

/**
 * Spec 2 §4 Grimoire access: the Storyteller grants (3) or denies (2), only for a spectator whose
 * state is at least 1; the toggle flips between 3 and 2.
 */
export const grimoireActions = (view: SessionView, user: SessionUser): GrimoireAction[] => {
  if (!isViewerStoryteller(view) || isStorytellerId(view, user.id) || isSeatedId(view, user.id)) return [];
  switch (user.grimoireAccess) {
    case 1:
      return ['grant', 'deny'];
    case 2:
      return ['grant'];
    case 3:
      return ['deny'];
    default:
      return [];
  }
};

export type OwnGrimoireRequest =
  /** Seated players and Storytellers do not ask. */
  | { kind: 'none' }
  /** A public session whose grimoire tag is 2: requests are ignored, so none is offered. */
  | { kind: 'closed' }
  | { kind: 'request' }
  | { kind: 'cancel' }
  | { kind: 'granted' };

/** What the viewer's own "request grimoire access" control offers. */
export const ownGrimoireRequest = (view: SessionView): OwnGrimoireRequest => {
  if (view.viewer.role !== 'spectator') return { kind: 'none' };
  const access = view.users[view.viewer.id]?.grimoireAccess ?? 0;
  if (access === 3) return { kind: 'granted' };
  if (access === 1) return { kind: 'cancel' };
  if (view.meta.isPublic && view.meta.tags.grimoire === 2) return { kind: 'closed' };
  return { kind: 'request' };
};

/** Spec 2 §4 Co-storyteller: anyone in the session who is not a Storyteller may ask, when one exists. */
export const canRequestStoryteller = (view: SessionView): boolean =>
  view.storytellers.length > 0 && !isViewerStoryteller(view);

export const hasPendingStorytellerRequest = (view: SessionView): boolean =>
  view.storytellerRequests.includes(view.viewer.id);

/** "The Storyteller is offline": there is at least one, and none of them is online. */
export const allStorytellersOffline = (view: SessionView): boolean =>
  view.storytellers.length > 0 && view.storytellers.every((st) => !view.users[st.id]?.isOnline);
