/** State types of the game table (spec 1 §3) and of sessions and people (spec 2 §3). */

/** The spec's six teams, plus 'loric' (storyteller-side rule characters like fabled) from the character facts. */
export type Team = 'townsfolk' | 'outsider' | 'minion' | 'demon' | 'traveller' | 'fabled' | 'loric';
export const TEAMS: readonly Team[] = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller', 'fabled', 'loric'];

/** null: not set, g: good, e: evil. */
export type Alignment = null | 'g' | 'e';

export interface RoleSpecial {
  type: string;
  name: string;
  value?: string | number;
  time?: string;
  global?: string;
}

/** A role as a seat carries it: official roles are looked up by id, custom ones travel whole. */
export interface Role {
  id: string;
  name: string;
  team: Team;
  ability?: string;
  flavor?: string;
  /** A custom script's own picture (https), drawn only for users who opted in to images. */
  image?: string;
  edition?: string;
  reminders?: string[];
  remindersGlobal?: string[];
  firstNight?: number;
  otherNight?: number;
  firstNightReminder?: string;
  otherNightReminder?: string;
  setup?: boolean;
  special?: RoleSpecial[];
  isCustom?: boolean;
}

export interface Reminder {
  role: string;
  name: string;
  isFlipped: boolean;
  /** When it was placed: the oldest holder gives a limited reminder up first. */
  addedAt?: number;
}

export type SeatStatus = 'open-eyes' | 'peek-eyes';

/** A seat in the circle (spec 1 §3 "Player (seat)"). `id` is the claiming user's id, '' when empty. */
export interface Seat {
  id: string;
  /** Display name for a local game's seat; in a session the user's name is shown. */
  name: string;
  role: Role | null;
  alignment: Alignment;
  /** The Storyteller's reminder tokens: grimoire knowledge, hidden even from the seat's own player. */
  reminders: Reminder[];
  /**
   * Who may sit here while the seat carries a secret character or alignment (issue 14): null when it
   * carries none (anyone may claim it), the user who sat here with it, or '' when nobody has yet (only
   * the Storyteller seats someone). A character never follows a player to another seat.
   */
  holder: string | null;
  /** Players' own notes on this seat, by author: each sees only their own, apart from the grimoire. */
  notes: Record<string, Reminder[]>;
  isDead: boolean;
  isVoteless: boolean;
  isMarkedForDeath: boolean;
  revealed: boolean;
  status: SeatStatus[];
  special: RoleSpecial[];
}

/** Storytellers sit outside the circle and are addressed by negative seat indices (-1, -2, ...). */
export interface StorytellerEntry {
  id: string;
  role: Role | null;
  ability: string;
  alignment: Alignment;
  reminders: Reminder[];
}

export type HistoryType = 'start' | 'phase' | 'end' | 'vote' | 'death' | 'revive' | 'voteless';

export interface HistoryEntry {
  id: string;
  type: HistoryType;
  data: unknown;
  time: number;
  isPrivate: boolean;
}

/** phase: 0 before the first night; odd numbers are nights, even numbers days. */
export interface GameState {
  isRunning: boolean;
  phase: number;
  history: HistoryEntry[];
  isNight: boolean;
  /** Server time of the last phase change (the 10 s undo window counts from it). */
  lastPhase: number;
}

export type NominationType = 'regular' | 'baker' | 'zookeeper';

export interface VoteLogEntry {
  timestamp: number;
  phase: number;
  nominator: number;
  nominee: number;
  type: 'exile' | 'execution';
  majority: number;
  votes: number;
  voters: string[];
}

export interface VoteState {
  /** [nominator seat index, nominee seat index] */
  nomination: [number, number] | null;
  nominator: number | null;
  nominationType: NominationType;
  /** Per seat: 0, 1 or 2 hands (fractions possible with multipliers). */
  votes: number[];
  /**
   * The lock counter (spec 1 §4): -3 zookeeper accusation, -2 defence, 0 idle, -1 countdown, 0
   * started, 1..N counting seat by seat, beyond N finished. While the clock runs it is derived from
   * `voteTimer` (see vote.ts) and stored here when the clock stops or pauses.
   */
  locked: number;
  speed: number;
  isInProgress: boolean;
  isHidden: boolean;
  highscore: number;
  markedPlayer: number;
  /**
   * What the town knows of the count: the highscore and mark as open votes and the Storyteller's
   * public acts left them. A secret vote never moves it (issue 14).
   */
  tally: { highscore: number; markedPlayer: number };
  /** Server time at which locking begins (locked = 1); the vote clock is derived from it. */
  voteTimer: number | null;
  /** Server time the clock was paused at, while paused. */
  pausedAt: number | null;
  history: VoteLogEntry[];
}

export type HookName = 'reveal-grimoire' | 'attention-gong' | 'distribute-roles' | 'receive-role';

export interface Hook {
  name: HookName;
  params: Record<string, unknown>;
  /** Server time when the hook started. */
  since: number;
  /** Server time when the hook ends by itself (for the reveal: when its next step is due). */
  until: number | null;
}

/** The end-of-game reveal (hook reveal-grimoire): the result first, then one player per step. */
export interface RevealParams {
  isEvilWin: boolean;
  step: number;
  interval: number;
  /** Seat indices in reveal order. */
  order: number[];
}

export type PointingStatus = 'countdown' | 'locked';

/** Pointing (spec 1 §4): 4 s countdown, then locked. */
export interface Pointing {
  status: PointingStatus;
  startedAt: number;
  /** Seats that point (a team or the dead, at night); null: every seated player (by day). */
  recipients: number[] | null;
  /**
   * The players in those seats when it started: only they point and see it (issue 14), so that
   * sitting down in one of those seats later tells nothing.
   */
  members: string[];
  /** Who points at which seat (user id → seat index). */
  pointers: Record<string, number>;
}

export interface Timer {
  expiration: number;
  title: string;
  isPausedDuringVotes: boolean;
  paused: number | null;
}

export type Level =
  | 'none'
  | 'patreon-townsfolk'
  | 'patreon-minion'
  | 'patreon-demon'
  | 'special-free'
  | 'special-moderator'
  | 'special-tpi'
  | 'free'
  | 'app-single'
  | 'app-group';

export type UserFlag =
  | 'newuser'
  | 'tos-agreed'
  | 'verified-email'
  | 'verified-phone'
  | 'powerful'
  | 'forced-username'
  | 'forced-pronouns'
  | 'forced-avatar'
  | 'forced-private'
  | 'banned';

/** 0 none, 1 requested, 2 denied or revoked, 3 granted. */
export type GrimoireAccess = 0 | 1 | 2 | 3;

/** A user as a session knows them (spec 2 §3 "Session user"). Never carries an e-mail address. */
export interface SessionUser {
  id: string;
  username: string;
  pronouns: string;
  level: Level;
  flags: UserFlag[];
  isOnline: boolean;
  createdAt: number;
  grimoireAccess: GrimoireAccess;
  /** Spec 1 §6: the cosmetic emotes of the account (raised as `emote:{name}`); only its owner's view has them. */
  emotes?: string[];
}

export interface SessionTags {
  difficulty: 0 | 1 | 2;
  cameras: 0 | 1 | 2;
  travellers: 0 | 1 | 2;
  grimoire: 0 | 1 | 2;
  locked: boolean;
  streaming: boolean;
}

export interface SessionMeta {
  name: string;
  language: string;
  chatServer: string;
  isPublic: boolean;
  tags: SessionTags;
  createdAt: number;
  owner: { id: string; username: string };
  banlist: string[];
}

export type EditionLevel = 'beginner' | 'intermediate' | 'veteran';

export interface EditionRef {
  id: string;
  name: string;
  author: string;
  isOfficial: boolean;
  level: EditionLevel;
}

/** The whole authoritative state of one live session, held by the server. */
export interface SessionState {
  sessionId: string;
  /** Increases by one with every applied intent; clients use it to spot missed updates. */
  version: number;
  meta: SessionMeta;
  users: Record<string, SessionUser>;
  storytellers: StorytellerEntry[];
  seats: Seat[];
  fabled: Role[];
  bluffs: (Role | null)[];
  edition: EditionRef;
  game: GameState;
  vote: VoteState;
  hook: Hook | null;
  timer: Timer | null;
  raisedHands: Record<string, string>;
  pointing: Pointing | null;
  /** Last time of debounced actions, keyed "user:kind" (raise hand 500 ms, reminder flip 500 ms). */
  throttle: Record<string, number>;
  isWhispersDisabled: boolean;
  /** The Storyteller hides cameras inside private channels (spec 1 §5 hiddenPrivateCams); voices still carry. */
  hiddenPrivateCams?: boolean;
  /**
   * Cameras each user chose not to receive (spec 3 §3 advanced: hidden town-square, private and reveal
   * cams), so the chat server sends them none. Nobody else's business: no view carries it.
   */
  hiddenCams?: Record<string, HiddenCams>;
  /**
   * Until when users without a subscription may play here (ms). A subscribed Storyteller keeps it
   * topped up; the lobby shows the remainder as boostDuration.
   */
  boostUntil: number;
  /** Users who asked to become co-Storyteller, waiting for an answer. */
  storytellerRequests: string[];
  chat: ChatState;
  /** The characters of a custom or homebrew script (empty for a built-in edition). */
  script: Role[];
  /**
   * The game's chronicle (issue 18, chronicle.ts): its timeline for the game record, with every
   * secret hand and, at the end, every character. No view carries it.
   */
  chronicle?: ChronicleEntry[];
}

/** The game record's raw material, kept in the state (chronicle.ts). */
export interface ChronicleRole {
  id: string;
  name: string;
  team: Team;
}

/** A seat as the game ended: who sat (or held) it, and what they were. */
export interface ChronicleSeat {
  user: string;
  role: ChronicleRole | null;
  alignment: Alignment;
  isDead: boolean;
}

export type ChronicleEntry =
  | { kind: 'start'; at: number; players: number }
  | { kind: 'phase'; at: number; phase: number }
  | { kind: 'death' | 'revive'; at: number; seat: number }
  | {
      kind: 'nomination';
      at: number;
      phase: number;
      nominator: number;
      nominee: number;
      nominationType: NominationType;
      exile: boolean;
      majority: number;
      /** Every hand, also of a secret vote (the record answers each reader what they may know). */
      hands: number[];
      total: number;
      secret: boolean;
      /** Who sat in each seat during a secret vote: their own hand is theirs to see. */
      owners?: string[];
      /** The nominee was marked for execution when the nomination ended. */
      marked: boolean;
      /** Finished (a vote log entry), rather than closed or cut short by the end of the game. */
      finished: boolean;
    }
  | {
      kind: 'end';
      at: number;
      isEvilWin: boolean;
      /** The table as it ended, so the record is the same whenever (and by whichever node) it is written. */
      script: Pick<EditionRef, 'id' | 'name' | 'author' | 'isOfficial'>;
      storytellers: string[];
      seats: ChronicleSeat[];
      /** Online at the end, not banned, neither Storyteller nor seated: the spectators who watched. */
      spectators: string[];
      /** Spectators holding grimoire access at the end: they saw secret votes whole. */
      grimoire: string[];
    };

/** Spec 2 §3 Text message. recipientId: a user id, '' (public), 'spectator', 'private' or 'system'. */
export interface TextMessage {
  msgId: string;
  senderId: string;
  recipientId: string;
  message: string;
  time: number;
  isSystem: boolean;
  isHidden: boolean;
  /** System messages: what happened (start, seat_claim, seat_empty, seat_vacate, signal, phase, end, ...). */
  type?: string;
  data?: Record<string, unknown>;
  /** Server time when an expiring system message disappears. */
  expires?: number;
  /** In another viewer's copy of someone else's whisper: only that it exists (the envelope count). */
  redacted?: boolean;
}

/** One card of a night signal (spec 2 §3 Signal). */
export interface SignalPart {
  id: string;
  data?: string | number | string[] | number[];
  role?: string;
  icon?: string;
  description?: string;
}

export interface Signal {
  id: string;
  from: string;
  to: string[];
  message: SignalPart[];
  time: number;
  /** Who has seen it (the reply's "seen data"). */
  seenBy: string[];
}

/** A whisper request (spec 2 §4): it lapses after 10 s unless the other side asks back. */
export interface WhisperRequest {
  from: string;
  to: string;
  at: number;
}

export interface ChatState {
  /** The last 500 messages (kept with the session so a reload shows the history). */
  messages: TextMessage[];
  signals: Signal[];
  /**
   * Where each user talks (spec 2 §3 userChannels): absent is the town square; 'room-1'…'room-5'
   * the public rooms, 'private' the grimoire holders' channel, 'whisper-…' a private whisper.
   * Other viewers see someone else's whisper only as 'whisper' (the envelope on the seat).
   */
  channels: Record<string, string>;
  whisperRequests: WhisperRequest[];
  /** Since when a whisper channel has had at most one online member (it is left 5 s later). */
  aloneSince: Record<string, number>;
  /**
   * Grimoire holders who follow someone (spec 2 §3 following): they also hear that user's channel.
   * `channel` is the follower's own channel when they started; moving ends the following.
   */
  following?: Record<string, { target: string; channel: string }>;
}

/** Where a user would rather not see cameras: the town square, private channels, the end-of-game reveal. */
export interface HiddenCams {
  townSquare: boolean;
  private: boolean;
  reveal: boolean;
}

/** Who is acting: decided by the server from the authenticated socket, never by the client. */
export interface Actor {
  userId: string;
  level: Level;
  /** A level that is set and not expired, decided by the server from the account. */
  isSubscribed?: boolean;
  /** The server itself (presence changes, timers). */
  isSystem?: boolean;
  /**
   * The round trip the server last measured on this actor's socket (every 60 s), in ms: the vote's
   * grace for a late-arriving change. Kept by the server, not in the session (it changes all the time).
   */
  latency?: number;
}
