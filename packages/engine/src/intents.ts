import type {
  Alignment,
  EditionRef,
  HiddenCams,
  Reminder,
  Role,
  SessionTags,
  SessionUser,
  SignalPart,
  Team,
} from './types';

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
  /**
   * Spec 2 §7 updateServer (host). `users` is never sent by a client: the server adds the chat server's
   * user count from its health check (absent: the host is unknown or not answering).
   */
  | { type: 'updateServer'; host: string; users?: number }
  | { type: 'requestGrimoire'; id: string; status: GrimoireRequestStatus }
  | { type: 'kickUser'; id: string }
  // Game flow (issue 5)
  | { type: 'startGame' }
  | { type: 'endGame'; isEvilWin: boolean; slow?: boolean }
  | { type: 'toggleNight' }
  | { type: 'distributeRoles'; roles: { role: Role | null; alignment: Alignment }[] }
  | { type: 'updatePlayer'; index: number; property: 'role'; value: Role | null }
  | { type: 'updatePlayer'; index: number; property: 'alignment'; value: Alignment }
  | { type: 'updatePlayer'; index: number; property: 'isDead' | 'isVoteless' | 'isMarkedForDeath'; value: boolean }
  | { type: 'updatePlayer'; index: number; property: 'id'; value: string }
  | { type: 'updatePlayer'; index: number; property: 'reminders'; value: Reminder[] }
  | { type: 'toggleLife'; index: number; townSquare: boolean }
  | { type: 'cycleAlignment'; index: number }
  | { type: 'addReminder'; index: number; role: string; name: string; allowDuplicates?: boolean }
  | { type: 'removeReminder'; index: number; at: number }
  | { type: 'flipReminder'; index: number; at: number }
  | { type: 'timer'; title: string; duration: number; isPausedDuringVotes: boolean }
  | { type: 'raiseHand'; icon: string | null }
  | { type: 'powerful'; secret: string }
  | { type: 'attention' }
  | { type: 'pointing'; action: 'start'; team?: Team; dead?: boolean }
  | { type: 'pointing'; action: 'stop' }
  | { type: 'point'; index: number }
  | { type: 'openEyes'; index: number; value: 'open-eyes' | 'peek-eyes' | null }
  | { type: 'clear'; what: 'players' | 'roles' }
  /** Local games only (spec 1 §2 Nameplate): the server's sessions refuse it. */
  | { type: 'renameSeat'; index: number; name: string }
  // Nominations and votes (issue 6)
  | { type: 'nomination'; nominator: number; nominee: number }
  | { type: 'nominationType' }
  | { type: 'voteSpeed'; speed: number }
  | {
      type: 'voteControl';
      action: 'countdown' | 'start' | 'pause' | 'resume' | 'reset' | 'finish' | 'close' | 'advance';
    }
  | { type: 'voteIsHidden'; value: boolean }
  | { type: 'vote'; index: number; value: number; at: number }
  | { type: 'marked'; value: boolean }
  | { type: 'voteHighscore'; value: string | number }
  // Scripts, fabled and bluffs (issue 7)
  /** `jinxed` is set by the server from the character facts, never taken from a client. */
  | { type: 'edition'; edition: EditionRef; roles: Role[]; jinxed?: boolean }
  | { type: 'fabled'; action: 'add'; role: Role }
  | { type: 'fabled'; action: 'remove'; id: string }
  | { type: 'bluffs'; bluffs: (Role | null)[] }
  // Text and signals (issue 8)
  | { type: 'textMessage'; message: string; recipientId: string }
  | { type: 'whispers'; disabled: boolean }
  | { type: 'privateCams'; hidden: boolean }
  | { type: 'follow'; userId: string }
  | ({ type: 'hideCams' } & HiddenCams)
  | { type: 'signal'; message: SignalPart[]; recipients: string[] }
  | { type: 'signalSeen'; id: string }
  | { type: 'whisperRequest'; to: string }
  | { type: 'whisperRemove'; to?: string }
  | { type: 'channel'; channel: string }
  // Timed steps the server applies when they fall due (see timed.ts)
  | { type: 'hookEnd' }
  | { type: 'revealStep' }
  | { type: 'pointingLock' }
  | { type: 'timerHide' }
  | { type: 'voteComplete' }
  | { type: 'clearSignals' }
  | { type: 'expireMessages' }
  | { type: 'whisperTimeout' }
  /** A subscribed Storyteller is online: the server keeps the session open for an hour ahead. */
  | { type: 'boost'; by: string }
  | {
      type: 'presence';
      user: Omit<SessionUser, 'isOnline' | 'grimoireAccess'>;
      isOnline: boolean;
      /** Whether the user has a subscription now (the server knows the account). */
      isSubscribed?: boolean;
    };

export type IntentType = Intent['type'];
