import { MAX_PLAYERS, type SessionUser, type SessionView } from '@belfry/engine';

/** What the viewer may do, mirroring the engine's rules so buttons are offered only when they can work. */
export const isViewerStoryteller = (view: SessionView): boolean => view.viewer.role === 'storyteller';

/** Spec 1 §4: a non-Storyteller may claim an empty seat only while holding none, and not during a nomination. */
export const canClaimSeat = (view: SessionView, index: number): boolean =>
  view.seats[index]?.id === '' && view.viewer.seat < 0 && !isViewerStoryteller(view) && view.vote.nomination === null;

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
    storytellers: view.storytellers.map(({ id }) => ({ id, user: view.users[id] })),
    players: view.seats.flatMap((seat, index) => (seat.id ? [{ index, id: seat.id, user: view.users[seat.id] }] : [])),
    spectators: Object.values(view.users)
      .filter((user) => user.isOnline && !storytellerIds.has(user.id) && !seatedIds.has(user.id))
      .sort((a, b) => a.username.localeCompare(b.username)),
  };
};

export const onlineCount = (view: SessionView): number => Object.values(view.users).filter((u) => u.isOnline).length;
