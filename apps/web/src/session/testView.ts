import { createSession, view, type SessionView, type TextMessage } from '@belfry/engine';

/** A test table: 'st' runs it; p1..pN sit in order, all online; 'spec' watches; 'mod' is a moderator. */
export const tableView = (players: number, viewerId: string): SessionView => {
  const base = { pronouns: '', level: 'none' as const, flags: [], createdAt: 0 };
  const state = createSession({
    sessionId: 'abc',
    owner: { id: 'st', username: 'Story', ...base },
    seats: players,
    now: 0,
  });
  const add = (id: string) => {
    state.users[id] = { id, username: id.toUpperCase(), ...base, isOnline: true, grimoireAccess: 0 };
  };
  for (let i = 0; i < players; i++) {
    add(`p${i + 1}`);
    state.seats[i]!.id = `p${i + 1}`;
  }
  add('spec');
  add('mod');
  state.users.mod!.level = 'special-moderator';
  state.users.st!.isOnline = true;
  return view(state, viewerId);
};

let n = 0;
export const msg = (
  senderId: string,
  recipientId: string,
  time: number,
  extra: Partial<TextMessage> = {},
): TextMessage => ({
  msgId: `m${n++}`,
  senderId,
  recipientId,
  message: 'hi',
  time,
  isSystem: false,
  isHidden: false,
  ...extra,
});
