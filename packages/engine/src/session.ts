import { DEFAULT_VOTE_SPEED_MS, MAX_SESSION_CODE } from './constants';
import { holderOf } from './holder';
import type { Seat, SessionMeta, SessionState, SessionUser } from './types';

/** Spec 1 §5: a session code is lower-cased, trimmed and at most 20 characters. */
export const normalizeSessionCode = (raw: string): string => raw.trim().toLowerCase().slice(0, MAX_SESSION_CODE);

export const emptySeat = (): Seat => ({
  id: '',
  name: '',
  role: null,
  alignment: null,
  reminders: [],
  holder: null,
  notes: {},
  isDead: false,
  isVoteless: false,
  isMarkedForDeath: false,
  revealed: false,
  status: [],
  special: [],
});

export interface NewSession {
  sessionId: string;
  owner: Omit<SessionUser, 'isOnline' | 'grimoireAccess'>;
  meta?: Partial<Pick<SessionMeta, 'language' | 'isPublic' | 'chatServer' | 'tags'>>;
  seats?: number;
  now: number;
}

/** A fresh session: the creator is its Storyteller (spec 2 §4). */
export const createSession = ({ sessionId, owner, meta, seats = 0, now }: NewSession): SessionState => ({
  sessionId,
  version: 1,
  meta: {
    name: sessionId,
    language: meta?.language ?? 'en',
    chatServer: meta?.chatServer ?? '',
    isPublic: meta?.isPublic ?? false,
    tags: meta?.tags ?? {
      difficulty: 0,
      cameras: 0,
      travellers: 0,
      grimoire: 0,
      locked: false,
      streaming: false,
    },
    createdAt: now,
    owner: { id: owner.id, username: owner.username },
    banlist: [],
  },
  users: { [owner.id]: { ...owner, isOnline: false, grimoireAccess: 0 } },
  storytellers: [{ id: owner.id, role: null, ability: '', alignment: null, reminders: [] }],
  seats: Array.from({ length: seats }, emptySeat),
  fabled: [],
  bluffs: [null, null, null],
  edition: { id: 'tb', name: 'Trouble Brewing', author: '', isOfficial: true, level: 'beginner' },
  game: { isRunning: false, phase: 0, history: [], isNight: false, lastPhase: 0 },
  vote: {
    nomination: null,
    nominator: null,
    nominationType: 'regular',
    votes: [],
    locked: 0,
    speed: DEFAULT_VOTE_SPEED_MS,
    isInProgress: false,
    isHidden: false,
    highscore: 0,
    markedPlayer: -1,
    tally: { highscore: 0, markedPlayer: -1 },
    voteTimer: null,
    pausedAt: null,
    history: [],
  },
  hook: null,
  timer: null,
  raisedHands: {},
  pointing: null,
  throttle: {},
  isWhispersDisabled: false,
  boostUntil: 0,
  storytellerRequests: [],
  chat: { messages: [], signals: [], channels: {}, whisperRequests: [], aloneSince: {} },
  script: [],
});

/**
 * A stored state from an older Belfry version gains the fields added since, with their defaults,
 * so sessions survive upgrades.
 */
export const upgradeState = (raw: SessionState): SessionState => {
  const owner = raw.meta?.owner ?? { id: '', username: '' };
  const base = createSession({
    sessionId: raw.sessionId,
    owner: { ...owner, pronouns: '', level: 'none', flags: [], createdAt: 0 },
    now: raw.meta?.createdAt ?? 0,
  });
  // `ping` (a measured round trip) was kept in the session until issue 16; it lives with the socket now.
  const users = Object.fromEntries(
    Object.entries(raw.users ?? {}).map(([id, user]) => {
      const { ping: _ping, ...rest } = user as SessionUser & { ping?: unknown };
      return [id, rest];
    }),
  );
  return {
    ...base,
    ...raw,
    users,
    meta: { ...base.meta, ...raw.meta, tags: { ...base.meta.tags, ...raw.meta?.tags } },
    game: { ...base.game, ...raw.game },
    vote: { ...base.vote, ...raw.vote },
    seats: (raw.seats ?? []).map((seat) => {
      const upgraded = { ...emptySeat(), ...seat };
      if (seat.holder === undefined) upgraded.holder = holderOf(upgraded, null);
      return upgraded;
    }),
    chat: { ...base.chat, ...raw.chat },
  };
};
