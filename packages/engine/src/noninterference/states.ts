import fc from 'fast-check';
import { createSession } from '../session';
import type {
  Alignment,
  HistoryEntry,
  Level,
  Pointing,
  Reminder,
  Role,
  Seat,
  SeatStatus,
  SessionState,
  Signal,
  TextMessage,
  UserFlag,
  VoteLogEntry,
} from '../types';

/** Random session states for the noninterference property: every kind of viewer and of secret. */
export const T = 1_700_000_000_000;
export const STORYTELLERS = ['st', 'st2'] as const;
export const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'mod'] as const;
export const SPECTATORS = ['s1', 's2'] as const;
export const USERS = [...STORYTELLERS, ...PLAYERS, ...SPECTATORS] as const;

const r = (id: string, team: Role['team'], extra: Partial<Role> = {}): Role => ({ id, name: id, team, ...extra });
export const SECRET_ROLES: Role[] = [
  r('chef', 'townsfolk'),
  r('banshee', 'townsfolk'),
  r('general', 'townsfolk'),
  r('drunk', 'outsider'),
  r('poisoner', 'minion', { reminders: ['Poisoned'] }),
  r('marionette', 'minion'),
  r('organgrinder', 'minion', { special: [{ type: 'vote', name: 'hidden' }] }),
  r('wraith', 'minion', { special: [{ type: 'player', name: 'open-eyes', time: 'night' }] }),
  r('imp', 'demon', { reminders: ['Dead'] }),
  // Custom-script characters whose specials touch public mechanics.
  r('ghostly', 'townsfolk', { isCustom: true, special: [{ type: 'ability', name: 'ghost-votes' }] }),
  r('loud', 'townsfolk', { isCustom: true, special: [{ type: 'vote', name: 'multiplier', value: 2 }] }),
];
export const TRAVELLERS: Role[] = [
  r('scapegoat', 'traveller'),
  r('bureaucrat', 'traveller', { special: [{ type: 'vote', name: 'multiplier', value: 3 }] }),
];
export const FABLED: Role[] = [
  r('toymaker', 'fabled'),
  r('ferryman', 'fabled', { special: [{ type: 'ability', name: 'ghost-votes' }] }),
];
const REMINDERS: Reminder[] = [
  { role: 'poisoner', name: 'Poisoned', isFlipped: false, addedAt: T - 5000 },
  { role: 'drunk', name: 'Is the Drunk', isFlipped: false, addedAt: T - 4000 },
  { role: 'imp', name: 'Dead', isFlipped: true, addedAt: T - 3000 },
  { role: 'alchemist', name: 'Is the Alchemist', isFlipped: false, addedAt: T - 2000 },
  { role: 'custom', name: 'Has Ability', isFlipped: false, addedAt: T - 1000 },
];

export const arbRole = fc.constantFrom(...SECRET_ROLES, ...TRAVELLERS);
export const arbSecretRole = fc.constantFrom(...SECRET_ROLES);
export const arbAlignment = fc.constantFrom<Alignment>(null, 'g', 'e');
export const arbReminders = fc.array(fc.constantFrom(...REMINDERS), { maxLength: 3 });
const arbStatus = fc.constantFrom<SeatStatus[]>([], ['open-eyes'], ['peek-eyes']);
export const arbUser = fc.constantFrom(...USERS);

const arbSeat = fc.record({
  occupant: fc.constantFrom('', '', ...PLAYERS),
  role: fc.option(arbRole, { nil: null, freq: 3 }),
  alignment: arbAlignment,
  reminders: arbReminders,
  notes: fc.dictionary(
    fc.constantFrom(...PLAYERS, ...SPECTATORS, 'st'),
    arbReminders.filter((l) => l.length > 0),
    {
      maxKeys: 2,
    },
  ),
  isDead: fc.boolean(),
  isVoteless: fc.boolean(),
  isMarkedForDeath: fc.boolean(),
  revealed: fc.nat(9).map((v) => v === 0),
  status: arbStatus,
  previousHolder: fc.constantFrom<string | null>(null, '', ...PLAYERS, ...SPECTATORS),
});

const arbMessage = (seats: number) =>
  fc
    .record({
      kind: fc.constantFrom('public', 'system', 'spectator', 'private', 'direct'),
      from: arbUser,
      to: arbUser,
      text: fc.constantFrom('hello', 'the imp is p3', 'I am the chef', 'spectators only'),
      time: fc.integer({ min: T - 600_000, max: T - 1000 }),
      expires: fc.boolean(),
    })
    .map(({ kind, from, to, text, time, expires }): TextMessage => {
      const recipientId =
        kind === 'public' ? '' : kind === 'system' ? 'system' : kind === 'direct' ? (to === from ? 'st' : to) : kind;
      const senderId = kind === 'system' ? '' : from;
      return {
        msgId: `${time.toString(36)}-${senderId || 'system'}-${seats}`,
        senderId,
        recipientId,
        message: kind === 'system' ? '' : text,
        time,
        isSystem: kind === 'system',
        isHidden: false,
        ...(kind === 'system' ? { type: 'seat_claim', data: { index: 0, id: from } } : {}),
        ...(expires ? { expires: time + 300_000 } : {}),
      };
    });

export const arbSignal = fc
  .record({
    from: arbUser,
    to: fc.uniqueArray(arbUser, { minLength: 1, maxLength: 2 }),
    card: fc.constantFrom('yes', 'no', 'demon', 'grimoire', 'minions', 'bluffs'),
    time: fc.integer({ min: T - 600_000, max: T - 1000 }),
    seen: fc.boolean(),
  })
  .map(({ from, to, card, time, seen }): Signal => ({
    id: `${time.toString(36)}-${from}`,
    from,
    to,
    message: [{ id: card, data: card === 'minions' ? ['p1'] : 1 }],
    time,
    seenBy: seen ? [to[0]!] : [],
  }));

const arbHistory = fc.array(
  fc
    .record({
      type: fc.constantFrom<HistoryEntry['type']>('phase', 'death', 'vote', 'voteless'),
      isPrivate: fc.boolean(),
      time: fc.integer({ min: T - 600_000, max: T - 1 }),
    })
    .map(({ type, isPrivate, time }) => ({ id: `${time}-h`, type, data: { index: 1 }, time, isPrivate })),
  { maxLength: 3 },
);

export const arbVoteLog = fc.array(
  fc.record({
    timestamp: fc.integer({ min: T - 600_000, max: T }),
    phase: fc.integer({ min: 0, max: 6 }),
    nominator: fc.nat(8),
    nominee: fc.nat(8),
    type: fc.constantFrom<'exile' | 'execution'>('exile', 'execution'),
    majority: fc.nat(5),
    votes: fc.nat(9),
    voters: fc.array(arbUser, { maxLength: 3 }),
  }) as fc.Arbitrary<VoteLogEntry>,
  { maxLength: 2 },
);

const arbPointing = (seats: number): fc.Arbitrary<Omit<Pointing, 'members'> | null> =>
  fc.option(
    fc.record({
      status: fc.constantFrom<Pointing['status']>('countdown', 'locked'),
      startedAt: fc.integer({ min: T - 6000, max: T }),
      recipients: fc.option(fc.uniqueArray(fc.nat(seats - 1), { maxLength: 3 }), { nil: null }),
      pointers: fc.dictionary(fc.constantFrom(...PLAYERS), fc.nat(seats - 1), { maxKeys: 2 }),
    }),
    { nil: null },
  );

const arbLevel = fc.constantFrom<Level>('none', 'none', 'patreon-townsfolk');
const arbFlags = fc.subarray<UserFlag>(['powerful', 'newuser', 'verified-phone']);

/** A session with 3 to 9 seats in any mid-game moment. */
export const arbState: fc.Arbitrary<SessionState> = fc.integer({ min: 3, max: 9 }).chain((n) =>
  fc
    .record({
      seats: fc.array(arbSeat, { minLength: n, maxLength: n }),
      coStoryteller: fc.boolean(),
      stRole: fc.option(arbSecretRole, { nil: null }),
      stReminders: arbReminders,
      online: fc.dictionary(arbUser, fc.boolean()),
      access: fc.dictionary(fc.constantFrom(...USERS), fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3, 3)),
      levels: fc.dictionary(fc.constantFrom(...USERS), arbLevel),
      flags: fc.dictionary(fc.constantFrom(...USERS), arbFlags),
      fabled: fc.subarray(FABLED),
      bluffs: fc.tuple(...[0, 1, 2].map(() => fc.option(arbSecretRole, { nil: null }))),
      running: fc.boolean(),
      phase: fc.integer({ min: 0, max: 6 }),
      history: arbHistory,
      nomination: fc.option(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { nil: null }),
      votes: fc.array(fc.constantFrom(0, 0, 1, 2), { minLength: n, maxLength: n }),
      locked: fc.integer({ min: -3, max: n + 1 }),
      inProgress: fc.boolean(),
      hidden: fc.boolean(),
      highscore: fc.nat(6),
      marked: fc.integer({ min: -1, max: n - 1 }),
      tally: fc.record({ highscore: fc.nat(6), markedPlayer: fc.integer({ min: -1, max: n - 1 }) }),
      voteTimer: fc.option(fc.integer({ min: T - 20_000, max: T + 5000 }), { nil: null }),
      voteLog: arbVoteLog,
      pointing: arbPointing(n),
      hands: fc.dictionary(fc.constantFrom(...PLAYERS), fc.constantFrom('hand', 'fist')),
      throttle: fc.dictionary(
        fc.tuple(arbUser, fc.constantFrom('hand', 'flip', 'vote')).map(([u, k]) => `${u}:${k}`),
        fc.integer({ min: T - 2000, max: T }),
      ),
      whispersDisabled: fc.nat(4).map((v) => v === 0),
      messages: fc.array(arbMessage(n), { maxLength: 8 }),
      signals: fc.array(arbSignal, { maxLength: 4 }),
      channels: fc.dictionary(
        arbUser,
        fc.constantFrom('room-1', 'room-2', 'private', 'whisper-a', 'whisper-b', 'whisper-c'),
        { maxKeys: 5 },
      ),
      requests: fc.array(
        fc
          .record({ from: arbUser, to: arbUser, at: fc.integer({ min: T - 12_000, max: T }) })
          .filter((x) => x.from !== x.to),
        { maxLength: 3 },
      ),
      stRequests: fc.subarray([...PLAYERS, ...SPECTATORS]),
      banned: fc.subarray(['gone1', 'gone2']),
      timer: fc.option(fc.integer({ min: T - 10_000, max: T + 100_000 }), { nil: null }),
    })
    .map((g) => build(g as Gen)),
);

interface Gen {
  seats: {
    occupant: string;
    role: Role | null;
    alignment: Alignment;
    reminders: Reminder[];
    notes: Record<string, Reminder[]>;
    isDead: boolean;
    isVoteless: boolean;
    isMarkedForDeath: boolean;
    revealed: boolean;
    status: SeatStatus[];
    previousHolder: string | null;
  }[];
  coStoryteller: boolean;
  stRole: Role | null;
  stReminders: Reminder[];
  online: Record<string, boolean>;
  access: Record<string, 0 | 1 | 2 | 3>;
  levels: Record<string, Level>;
  flags: Record<string, UserFlag[]>;
  fabled: Role[];
  bluffs: (Role | null)[];
  running: boolean;
  phase: number;
  history: HistoryEntry[];
  nomination: [number, number] | null;
  votes: number[];
  locked: number;
  inProgress: boolean;
  hidden: boolean;
  highscore: number;
  marked: number;
  tally: { highscore: number; markedPlayer: number };
  voteTimer: number | null;
  voteLog: VoteLogEntry[];
  pointing: Omit<Pointing, 'members'> | null;
  hands: Record<string, string>;
  throttle: Record<string, number>;
  whispersDisabled: boolean;
  messages: TextMessage[];
  signals: Signal[];
  channels: Record<string, string>;
  requests: { from: string; to: string; at: number }[];
  stRequests: string[];
  banned: string[];
  timer: number | null;
}

const build = (x: Gen): SessionState => {
  const s = createSession({
    sessionId: 'prop',
    owner: { id: 'st', username: 'st', pronouns: '', level: 'patreon-townsfolk', flags: [], createdAt: T },
    now: T - 3_600_000,
  });
  for (const id of USERS) {
    s.users[id] = {
      id,
      username: id,
      pronouns: '',
      level: id === 'mod' ? 'special-moderator' : (x.levels[id] ?? 'none'),
      flags: x.flags[id] ?? [],
      isOnline: x.online[id] ?? true,
      createdAt: T - 86_400_000,
      grimoireAccess: x.access[id] ?? 0,
    };
  }
  // Two who were kicked earlier: offline, on the ban list or not.
  for (const id of ['gone1', 'gone2'])
    s.users[id] = { ...s.users.s1!, id, username: id, isOnline: false, grimoireAccess: 0 };
  s.meta.banlist = x.banned;
  if (x.coStoryteller) s.storytellers.push({ id: 'st2', role: null, ability: '', alignment: null, reminders: [] });
  s.storytellers[0] = {
    id: 'st',
    role: x.stRole,
    ability: x.stRole ? 'secret' : '',
    alignment: null,
    reminders: x.stReminders,
  };
  const seated = new Set<string>();
  s.seats = x.seats.map((g): Seat => {
    const id = g.occupant && !seated.has(g.occupant) ? g.occupant : '';
    if (id) seated.add(id);
    const seat: Seat = {
      id,
      name: '',
      role: g.role,
      alignment: g.alignment,
      reminders: g.reminders,
      holder: null,
      notes: g.notes,
      isDead: g.isDead,
      isVoteless: g.isDead && g.isVoteless,
      isMarkedForDeath: g.isMarkedForDeath,
      revealed: g.revealed,
      status: g.status,
      special: [],
    };
    const secret = !seat.revealed && (seat.role !== null || seat.alignment !== null);
    seat.holder = !secret ? null : id !== '' ? id : g.previousHolder === null ? '' : g.previousHolder;
    return seat;
  });
  // Grimoire access is for spectators: the rules end it when someone sits down.
  for (const seat of s.seats) {
    for (const id of [seat.id, seat.holder]) if (id && s.users[id]) s.users[id].grimoireAccess = 0;
  }
  s.fabled = x.fabled;
  s.bluffs = x.bluffs;
  const isNight = x.phase % 2 === 1;
  s.game = { isRunning: x.running, phase: x.phase, history: x.history, isNight, lastPhase: T - 30_000 };
  const nomination = x.nomination && !isNight ? x.nomination : null;
  s.vote = {
    ...s.vote,
    nomination,
    nominator: nomination ? nomination[0] : null,
    votes: nomination ? x.votes : [],
    locked: nomination ? x.locked : 0,
    isInProgress: nomination !== null && x.inProgress && x.locked >= -1,
    isHidden: x.hidden,
    highscore: x.highscore,
    markedPlayer: x.marked,
    tally: x.tally,
    voteTimer: nomination && x.inProgress && x.locked >= -1 ? x.voteTimer : null,
    history: x.voteLog,
  };
  if (s.vote.isInProgress && s.vote.voteTimer === null) s.vote.voteTimer = T;
  const pointing = nomination ? null : x.pointing && isNight !== (x.pointing.recipients === null) ? x.pointing : null;
  s.pointing = pointing && {
    ...pointing,
    members: (pointing.recipients ?? []).flatMap((i) => (s.seats[i]?.id ? [s.seats[i]!.id] : [])),
  };
  s.raisedHands = nomination ? {} : Object.fromEntries(Object.entries(x.hands).filter(([id]) => seated.has(id)));
  s.throttle = x.throttle;
  s.isWhispersDisabled = x.whispersDisabled;
  s.boostUntil = T + 3_600_000;
  s.storytellerRequests = x.stRequests;
  s.timer = x.timer === null ? null : { expiration: x.timer, title: 'day', isPausedDuringVotes: false, paused: null };
  const closed = isNight || nomination !== null;
  s.chat = {
    messages: x.messages.filter((m, i, all) => all.findIndex((o) => o.msgId === m.msgId) === i),
    signals: x.signals.filter((m, i, all) => all.findIndex((o) => o.id === m.id) === i),
    channels: closed ? {} : x.channels,
    whisperRequests: closed ? [] : x.requests,
    aloneSince: closed
      ? {}
      : Object.fromEntries(
          Object.values(x.channels)
            .filter((c) => c.startsWith('whisper-'))
            .map((c) => [c, T - 1000]),
        ),
  };
  return s;
};
