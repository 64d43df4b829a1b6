import { isDemonBluffViewer, type Knowledge, knowledgeOf } from './knowledge';
import { madeFrom, stepOf } from './listSteps';
import { isForEveryone, readByEveryone } from './messageList';
import type {
  ChatState,
  Pointing,
  Reminder,
  Seat,
  SessionMeta,
  SessionState,
  SessionUser,
  Signal,
  StorytellerEntry,
  TextMessage,
  VoteState,
} from './types';
import { HIDDEN_WHISPER, isWhisperChannel, PRIVATE_CHANNEL } from './whispers';
import type { SessionRole } from './permissions';

export interface ViewerInfo {
  id: string;
  role: SessionRole;
  seat: number;
  grimoireAccess: boolean;
}

/** What one viewer may see of a session: the same shape as the state, built from what they may know. */
export type SessionView = SessionState & { viewer: ViewerInfo };

/**
 * Views are built by allow-listing (DESIGN principle 1, the table in README.md): every object below
 * is made field by field from what its viewer may know, never by copying the state and deleting
 * known secrets, so a field added to the state stays out of every view until this file lets it in.
 * Unchanged parts keep their identity (memoised per input object), which keeps patches cheap.
 */
const memoBy = <I extends object, O>(make: (input: I, key: string) => O) => {
  const cache = new WeakMap<I, Map<string, O>>();
  return (input: I, key: string): O => {
    let byKey = cache.get(input);
    if (!byKey) cache.set(input, (byKey = new Map()));
    let output = byKey.get(key);
    if (output === undefined) byKey.set(key, (output = make(input, key)));
    return output;
  };
};

const NONE: Readonly<Record<string, never>> = Object.freeze({});
const NO_REMINDERS: Reminder[] = Object.freeze([]) as unknown as Reminder[];
const NO_BLUFFS: null[] = Object.freeze([null, null, null]) as unknown as null[];

/** What a seat shows: the grimoire (all of it), the viewer's own seat, or what the town knows. */
type SeatClass = 'grimoire' | 'own' | 'town';

type SeatViewer = Pick<Knowledge, 'id' | 'grimoire' | 'shownGrimoire' | 'seat'>;

const seatClass = (seat: Seat, index: number, k: SeatViewer): SeatClass => {
  if (k.grimoire || k.shownGrimoire || seat.revealed) return 'grimoire';
  return index === k.seat ? 'own' : 'town';
};

/** `key` is the class, followed by the viewer's id when they keep notes on this seat. */
const seatView = memoBy((seat: Seat, key: string): Seat => {
  const [cls, author] = key.split('|') as [SeatClass, string | undefined];
  const grimoire = cls === 'grimoire';
  const own = cls === 'own';
  // A traveller's character is announced to the town; every other character stays secret.
  const role = grimoire || own || seat.role?.team === 'traveller' ? seat.role : null;
  return {
    id: seat.id,
    name: seat.name,
    role,
    alignment: grimoire || own ? seat.alignment : null,
    reminders: grimoire ? seat.reminders : NO_REMINDERS,
    holder: seat.holder,
    notes: author !== undefined ? { [author]: seat.notes[author]! } : NONE,
    isDead: seat.isDead,
    isVoteless: seat.isVoteless,
    // The night mark (often the Demon's target) is grimoire knowledge, even for its own player.
    isMarkedForDeath: grimoire ? seat.isMarkedForDeath : false,
    revealed: seat.revealed,
    status: grimoire || own ? seat.status : [],
    special: grimoire || own ? seat.special : [],
  };
});

/** The row of seats one viewer sees, seat by seat (`key`: the class, and the viewer's id for their notes). */
const seatsFromScratch = (seats: Seat[], k: SeatViewer): Seat[] => {
  const row: Seat[] = [];
  for (let index = 0; index < seats.length; index++) {
    const seat = seats[index]!;
    const cls = seatClass(seat, index, k);
    row.push(seatView(seat, seat.notes[k.id]?.length ? `${cls}|${k.id}` : cls));
  }
  return row;
};

/** The rows every viewer of a class shares, made when first asked for, and who keeps notes on a seat. */
interface SharedRows {
  town: Seat[] | null;
  grimoire: Seat[] | null;
  authors: ReadonlySet<string>;
}
const NO_AUTHORS: ReadonlySet<string> = new Set();
const sharedRows = new WeakMap<Seat[], SharedRows>();

const sharedRowsOf = (seats: Seat[]): SharedRows => {
  let rows = sharedRows.get(seats);
  if (!rows) {
    let authors: Set<string> | null = null;
    for (const seat of seats) {
      // Not for…in: with it, bench:views measured 9.3 KB promoted per change instead of 2.1 (cause not found).
      const keys = Object.keys(seat.notes);
      for (let i = 0; i < keys.length; i++) if (seat.notes[keys[i]!]!.length) (authors ??= new Set()).add(keys[i]!);
    }
    sharedRows.set(seats, (rows = { town: null, grimoire: null, authors: authors ?? NO_AUTHORS }));
  }
  return rows;
};

/** Nobody's own notes: the shared rows are made for these viewers (an account id is never empty). */
const TOWN: SeatViewer = { id: '', grimoire: false, shownGrimoire: false, seat: -1 };
const GRIMOIRE: SeatViewer = { id: '', grimoire: true, shownGrimoire: false, seat: -1 };

/**
 * The viewer's row of seats. The grimoire's row and the town's (what a viewer without a seat sees) are
 * kept with the seats and shared; a player's is the town's with their own seat as they see it, made
 * each time it is asked for (twenty pointers, it dies young). Kept per viewer, sixteen rows per seat
 * change lived until the session's next change and every scavenge of the server copied them; made seat
 * by seat each time, a view asked a memo twenty times (bench/). A viewer with notes on a seat sees their
 * own notes there, so theirs is made seat by seat.
 */
const seatsOf = (seats: Seat[], k: Knowledge): Seat[] => {
  const rows = sharedRowsOf(seats);
  if (rows.authors.has(k.id)) return seatsFromScratch(seats, k);
  if (k.grimoire || k.shownGrimoire) return (rows.grimoire ??= seatsFromScratch(seats, GRIMOIRE));
  const town = (rows.town ??= seatsFromScratch(seats, TOWN));
  const own = seats[k.seat];
  if (!own) return town;
  const row = town.slice();
  row[k.seat] = seatView(own, seatClass(own, k.seat, k));
  return row;
};

/** Other people's accounts: who they are and whether they are here; level, flags and access only for the Storyteller. */
const userView = memoBy((user: SessionUser, key: string): SessionUser =>
  key === 'all'
    ? user
    : {
        id: user.id,
        username: user.username,
        pronouns: user.pronouns,
        level: 'none',
        flags: [],
        isOnline: user.isOnline,
        createdAt: user.createdAt,
        grimoireAccess: 0,
      },
);

const usersOf = (all: Record<string, SessionUser>, k: Knowledge): Record<string, SessionUser> => {
  if (k.storyteller || k.moderator) return all;
  const users: Record<string, SessionUser> = {};
  for (const [id, user] of Object.entries(all)) users[id] = userView(user, id === k.id ? 'all' : 'public');
  return users;
};

const hiddenStoryteller = memoBy((st: StorytellerEntry): StorytellerEntry => ({
  id: st.id,
  role: null,
  ability: '',
  alignment: null,
  reminders: [],
}));

const metaOf = (meta: SessionMeta, k: Knowledge): SessionMeta => ({
  name: meta.name,
  language: meta.language,
  chatServer: meta.chatServer,
  isPublic: meta.isPublic,
  tags: meta.tags,
  createdAt: meta.createdAt,
  owner: meta.owner,
  banlist: k.storyteller || k.moderator ? meta.banlist : [],
});

/** A secret vote (Organ Grinder): only the viewer's own hand, and the count the town knows. */
const voteOf = (vote: VoteState, k: Knowledge): VoteState => {
  const grimoire = k.grimoire;
  return {
    nomination: vote.nomination,
    nominator: vote.nominator,
    nominationType: vote.nominationType,
    votes: vote.isHidden && !grimoire ? vote.votes.map((hands, i) => (i === k.seat ? hands : 0)) : vote.votes,
    locked: vote.locked,
    speed: vote.speed,
    isInProgress: vote.isInProgress,
    isHidden: vote.isHidden,
    highscore: grimoire ? vote.highscore : vote.tally.highscore,
    markedPlayer: grimoire ? vote.markedPlayer : vote.tally.markedPlayer,
    tally: vote.tally,
    voteTimer: vote.voteTimer,
    pausedAt: vote.pausedAt,
    history: grimoire ? vote.history : [],
  };
};

/** A night pointing is known to those who point (and the grimoire); the rest do not learn it happens. */
const pointingFor = (pointing: Pointing | null, k: Knowledge): Pointing | null => {
  if (!pointing) return null;
  if (pointing.recipients === null || k.grimoire || pointing.members.includes(k.id)) return pointing;
  return null;
};

/** Someone else's whisper: that it exists (the envelope count), not what it says. */
const redacted = memoBy((m: TextMessage): TextMessage => ({
  msgId: m.msgId,
  senderId: m.senderId,
  recipientId: m.recipientId,
  message: '',
  time: m.time,
  isSystem: m.isSystem,
  isHidden: m.isHidden,
  redacted: true,
}));

/**
 * Spec 2 §5/§6: public and system messages reach everyone; the spectator channel the spectators (not
 * players who stood up), the Storyteller and moderators; 'private' grimoire holders; a whisper its two
 * ends and moderators (others get only its envelope). Signals: sender, receivers and the grimoire.
 * The message itself, its envelope, or null.
 */
const messageFor = (m: TextMessage, k: Knowledge): TextMessage | null => {
  if (isForEveryone(m)) return m;
  if (m.recipientId === 'spectator') return k.storyteller || k.moderator || !k.inGame ? m : null;
  if (m.recipientId === PRIVATE_CHANNEL) return k.grimoire || k.moderator ? m : null;
  if (k.moderator || m.senderId === k.id || m.recipientId === k.id) return m;
  return redacted(m, '');
};

/** What one viewer's message list depends on besides the list. */
const messageReader = (k: Knowledge) => `${k.id}|${+k.storyteller}${+k.grimoire}${+k.moderator}${+k.inGame}`;

/** Each viewer's list, by the list of the state it shows, so that the next one is made from it. */
const shownLists = new WeakMap<readonly TextMessage[], Map<string, TextMessage[]>>();

const shownOf = (messages: readonly TextMessage[], reader: string): TextMessage[] | undefined =>
  readByEveryone(messages) ? (messages as TextMessage[]) : shownLists.get(messages)?.get(reader);

/**
 * The viewer's list made from their list of the state's previous list (listSteps.ts): the message
 * that left, if this viewer saw it, leaves too, and the new ones are added as this viewer sees them.
 * Null when that list is not known.
 */
const shownFromStep = (messages: readonly TextMessage[], k: Knowledge, reader: string): TextMessage[] | null => {
  const step = stepOf(messages);
  const before = step && shownOf(step.from as TextMessage[], reader);
  if (!step || !before) return null;
  const shown = [...before];
  let removedAt = -1;
  if (step.removed >= 0) {
    const gone = messageFor(step.from[step.removed] as TextMessage, k);
    if (gone) {
      // The oldest message of its stream: at the front, or after the few of another stream.
      while (++removedAt < shown.length && shown[removedAt] !== gone);
      if (removedAt === shown.length) return null;
      shown.splice(removedAt, 1);
    }
  }
  for (let i = step.from.length - (step.removed >= 0 ? 1 : 0); i < messages.length; i++) {
    const out = messageFor(messages[i]!, k);
    if (out) shown.push(out);
  }
  madeFrom(shown, before, removedAt);
  return shown;
};

/** The viewer's list made message by message (a loop: the list is frozen, messageList.ts). */
const shownFromScratch = (messages: readonly TextMessage[], k: Knowledge): TextMessage[] => {
  const shown: TextMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const out = messageFor(messages[i]!, k);
    if (out) shown.push(out);
  }
  return shown;
};

const messagesFor = (messages: TextMessage[], k: Knowledge): TextMessage[] => {
  if (readByEveryone(messages)) return messages;
  const reader = messageReader(k);
  let byReader = shownLists.get(messages);
  if (!byReader) shownLists.set(messages, (byReader = new Map()));
  let shown = byReader.get(reader);
  if (!shown) {
    shown = shownFromStep(messages, k, reader) ?? shownFromScratch(messages, k);
    byReader.set(reader, shown);
  }
  return shown;
};

const NO_SIGNALS: Signal[] = Object.freeze([]) as unknown as Signal[];

const signalsFor = memoBy((signals: Signal[], id: string): Signal[] => {
  const mine = signals.filter((s) => s.from === id || s.to.includes(id));
  return mine.length === signals.length ? signals : mine.length === 0 ? NO_SIGNALS : mine;
});

/**
 * Other whispers show as the envelope only; someone else's private channel not at all. The list
 * depends only on the viewer's own channel, so viewers in the same one (or in none) share one object;
 * a viewer in their private channel, which is shown to them alone, gets their own.
 */
const channelsShown = (all: Record<string, string>, own: string | undefined, id: string | undefined) => {
  const channels: Record<string, string> = {};
  for (const [user, channel] of Object.entries(all)) {
    if (channel === PRIVATE_CHANNEL && user !== id) continue;
    channels[user] = isWhisperChannel(channel) && channel !== own ? HIDDEN_WHISPER : channel;
  }
  return channels;
};
const channelsByOwn = memoBy((all: Record<string, string>, own: string) =>
  channelsShown(all, own || undefined, undefined),
);
const channelsInPrivate = memoBy((all: Record<string, string>, id: string) => channelsShown(all, PRIVATE_CHANNEL, id));

const channelsFor = (all: Record<string, string>, id: string): Record<string, string> => {
  const own = all[id];
  return own === PRIVATE_CHANNEL ? channelsInPrivate(all, id) : channelsByOwn(all, own ?? '');
};

const NO_REQUESTS: ChatState['whisperRequests'] = Object.freeze([]) as unknown as ChatState['whisperRequests'];

const requestsFor = memoBy((requests: ChatState['whisperRequests'], id: string) => {
  const mine = requests.filter((r) => r.from === id || r.to === id);
  return mine.length === 0 ? NO_REQUESTS : mine;
});

const aloneSinceFor = memoBy((all: Record<string, number>, own: string): Record<string, number> =>
  all[own] !== undefined ? { [own]: all[own] } : NONE,
);

/**
 * Each part of a view is kept per input part and per what the viewer's row needs of it (`keyOf`: only
 * the knowledge that part is built from), so a change to one part rebuilds only that part, viewers who
 * see it alike share one object, and the rest keeps its identity (which also makes the patch of an
 * unchanged part cost nothing, and a shared one's patch is made once: server fanout.ts).
 */
const partFor = <I extends object, O>(
  build: (input: I, k: Knowledge) => O,
  keyOf: (input: I, k: Knowledge) => string,
  // Kept keys live as long as their input: a per-viewer key is best an existing string (the viewer's
  // id) in one of a few buckets, not a new string per viewer and change (bench/: what the scavenges copy).
  bucketOf: (k: Knowledge) => number = () => 0,
) => {
  const cache = new WeakMap<I, Map<string, O>[]>();
  return (input: I, k: Knowledge): O => {
    const key = keyOf(input, k);
    const bucket = bucketOf(k);
    let buckets = cache.get(input);
    if (!buckets) cache.set(input, (buckets = []));
    let outputs = buckets[bucket];
    if (!outputs) buckets[bucket] = outputs = new Map();
    let output = outputs.get(key);
    if (output === undefined) outputs.set(key, (output = build(input, k)));
    return output;
  };
};

/**
 * Spec 2 §4 / §6: public rooms are public; a whisper is known by its members, while everybody else
 * sees only that someone is whispering (the envelope); requests only by their two ends. Grimoire
 * holders and moderators see every channel. Each piece is kept per input and viewer, so a new message
 * leaves the others the same objects, and one chat object is kept for all who see it alike (without
 * whispers, every player; a new object per viewer and change is what the scavenges copied). The object
 * is made only for pieces not met yet: made and dropped for every view, it was about a quarter of what
 * views allocated (bench:views).
 */
const chatFor = (() => {
  const cache = new WeakMap<ChatState, ChatState[]>();
  return (chat: ChatState, k: Knowledge): ChatState => {
    const messages = messagesFor(chat.messages, k);
    const signals = k.grimoire ? chat.signals : signalsFor(chat.signals, k.id);
    let channels = chat.channels;
    let whisperRequests = chat.whisperRequests;
    let aloneSince = chat.aloneSince;
    let following = chat.following;
    if (k.grimoire || k.moderator) {
      if (messages === chat.messages && signals === chat.signals) return chat;
    } else {
      const own = chat.channels[k.id];
      channels = channelsFor(chat.channels, k.id);
      whisperRequests = requestsFor(chat.whisperRequests, k.id);
      aloneSince = own === undefined ? NONE : aloneSinceFor(chat.aloneSince, own);
      following = undefined;
    }
    let outputs = cache.get(chat);
    if (!outputs) cache.set(chat, (outputs = []));
    for (const kept of outputs) {
      if (
        kept.messages === messages &&
        kept.signals === signals &&
        kept.channels === channels &&
        kept.whisperRequests === whisperRequests &&
        kept.aloneSince === aloneSince &&
        kept.following === following
      ) {
        return kept;
      }
    }
    const made: ChatState = { messages, signals, channels, whisperRequests, aloneSince };
    if (following) made.following = following;
    outputs.push(made);
    return made;
  };
})();
const usersFor = partFor(usersOf, (_users, k) => (k.storyteller || k.moderator ? '' : k.id));
const metaFor = partFor(metaOf, (_meta, k) => `${+(k.storyteller || k.moderator)}`);
const voteFor = partFor(voteOf, (vote, k) => `${+k.grimoire}|${vote.isHidden ? k.seat : ''}`);
const gameFor = partFor(
  (game: SessionState['game'], k: Knowledge): SessionState['game'] => ({
    isRunning: game.isRunning,
    phase: game.phase,
    history: k.grimoire ? game.history : game.history.filter((entry) => !entry.isPrivate),
    isNight: game.isNight,
    lastPhase: game.lastPhase,
  }),
  (_game, k) => `${+k.grimoire}`,
);
const storytellersFor = partFor(
  (storytellers: StorytellerEntry[], k: Knowledge) =>
    k.grimoire || k.shownGrimoire ? storytellers : storytellers.map((st) => hiddenStoryteller(st, '')),
  (_storytellers, k) => `${+(k.grimoire || k.shownGrimoire)}`,
);

/** The viewer's own row, kept per account entry while it says the same (one object less per viewer and change). */
const viewerInfos = new WeakMap<SessionUser, ViewerInfo>();
const viewerInfoOf = (state: SessionState, k: Knowledge): ViewerInfo => {
  const user = state.users[k.id];
  const kept = user && viewerInfos.get(user);
  if (kept && kept.role === k.role && kept.seat === k.seat && kept.grimoireAccess === k.grimoire) return kept;
  const info: ViewerInfo = { id: k.id, role: k.role, seat: k.seat, grimoireAccess: k.grimoire };
  if (user) viewerInfos.set(user, info);
  return info;
};

/**
 * What `viewerId` may see of the session (DESIGN principle 1; the table in README.md says it for
 * every kind of viewer and every part of the state).
 */
export const view = (state: SessionState, viewerId: string): SessionView => {
  const k = knowledgeOf(state, viewerId);
  const grimoireShown = k.grimoire || k.shownGrimoire;
  const seen: SessionView = {
    sessionId: state.sessionId,
    // The state's version counts every change, seen or not: the server numbers each viewer's views itself.
    version: 0,
    meta: metaFor(state.meta, k),
    users: usersFor(state.users, k),
    storytellers: storytellersFor(state.storytellers, k),
    seats: seatsOf(state.seats, k),
    fabled: state.fabled,
    bluffs: grimoireShown || isDemonBluffViewer(state, k) ? state.bluffs : NO_BLUFFS,
    edition: state.edition,
    game: gameFor(state.game, k),
    vote: voteFor(state.vote, k),
    hook: state.hook,
    timer: state.timer,
    raisedHands: state.raisedHands,
    pointing: pointingFor(state.pointing, k),
    // Debounce bookkeeping is the server's business alone.
    throttle: NONE,
    isWhispersDisabled: state.isWhispersDisabled,
    boostUntil: state.boostUntil,
    storytellerRequests: state.storytellerRequests,
    chat: chatFor(state.chat, k),
    script: state.script,
    viewer: viewerInfoOf(state, k),
  };
  // Set afterwards, not spread into the literal: the spread built each view the slow way (bench:views: 3 % of all
  // that a change allocated).
  if (state.hiddenPrivateCams) seen.hiddenPrivateCams = true;
  return seen;
};

/** The roles in play as one viewer sees them: what limits the reminders in their own notes. */
export const rolesKnownTo = (state: SessionState, viewerId: string) => {
  const seen = view(state, viewerId);
  return [...seen.seats.map((s) => s.role), ...seen.storytellers.map((s) => s.role), ...seen.fabled, ...seen.bluffs];
};
