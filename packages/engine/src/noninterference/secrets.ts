import fc from 'fast-check';
import { produce, type Draft } from 'immer';
import { hasGrimoireAccess, isInGame, isModeratorLevel, isStoryteller, seatIndexOf } from '../permissions';
import type { SessionState, SignalPart } from '../types';
import { arbReminders, arbSecretRole, arbSignal, arbVoteLog, SPECTATORS, PLAYERS, T, USERS } from './states';

/**
 * What a viewer may not know, written from the rules (the viewer table in README.md), not from
 * view.ts: each entry changes one such thing. The noninterference property asks that no change
 * here shows in the viewer's view or in the answers to anything the viewer sends.
 */
export interface Facts {
  id: string;
  storyteller: boolean;
  grimoire: boolean;
  moderator: boolean;
  own: number;
  inGame: boolean;
  /** The grimoire is in front of them: grimoire access, or a Spy's or Widow's grimoire signal. */
  seesGrimoire: boolean;
  seesBluffs: boolean;
}

const isGrimoireCard = (part: SignalPart) => part.id === 'grimoire';

export const factsOf = (s: SessionState, id: string): Facts => {
  const grimoire = hasGrimoireAccess(s, id);
  const own = seatIndexOf(s, id);
  const shown = s.chat.signals.some((sig) => sig.to.includes(id) && sig.message.some(isGrimoireCard));
  // The demon's player knows the bluffs, seated or standing up from the seat they hold.
  const demon = s.seats.some(
    (seat) => (seat.id === id || seat.holder === id) && !seat.revealed && seat.role?.team === 'demon',
  );
  return {
    id,
    storyteller: isStoryteller(s, id),
    grimoire,
    moderator: isModeratorLevel(s.users[id]?.level ?? 'none'),
    own,
    inGame: isInGame(s, id),
    seesGrimoire: grimoire || shown,
    seesBluffs: grimoire || shown || (demon && (s.seats.length > 6 || s.fabled.some((f) => f.id === 'toymaker'))),
  };
};

type Change = fc.Arbitrary<(draft: Draft<SessionState>) => void>;
interface Secret {
  name: string;
  /** The change, or null when this viewer may know the thing (or the state has none of it). */
  change: (s: SessionState, f: Facts) => Change | null;
}

const pick = <T>(items: T[]): fc.Arbitrary<T> | null => (items.length ? fc.constantFrom(...items) : null);

/** Seats whose secrets belong to someone else: not the viewer's own, not revealed, not one they hold. */
const othersSeats = (s: SessionState, f: Facts) =>
  s.seats.flatMap((seat, i) => (i !== f.own && !seat.revealed && seat.holder !== f.id ? [i] : []));

/** Zero to three messages in a channel the viewer does not read, instead of whatever it held. */
const channelMessages = (recipientId: string, senderId: string, message: string): Change =>
  fc.nat(3).map((n) => (d: Draft<SessionState>) => {
    d.chat.messages = d.chat.messages.filter((m) => m.recipientId !== recipientId);
    for (let k = 0; k < n; k++) {
      const time = T - 100 - k;
      d.chat.messages.push({
        msgId: `${time.toString(36)}-${senderId}-${recipientId}`,
        senderId,
        recipientId,
        message,
        time,
        isSystem: false,
        isHidden: false,
      });
    }
  });

const SECRETS: Secret[] = [
  {
    name: "another seat's character",
    change: (s, f) => {
      if (f.seesGrimoire) return null;
      const seats = othersSeats(s, f).filter((i) => s.seats[i]!.role && s.seats[i]!.role!.team !== 'traveller');
      return (
        pick(seats)?.chain((i) =>
          arbSecretRole.map((role) => (d: Draft<SessionState>) => {
            d.seats[i]!.role = role;
          }),
        ) ?? null
      );
    },
  },
  {
    name: "another seat's alignment",
    change: (s, f) => {
      if (f.seesGrimoire) return null;
      const seats = othersSeats(s, f).filter((i) => s.seats[i]!.alignment !== null);
      return (
        pick(seats)?.map((i) => (d: Draft<SessionState>) => {
          d.seats[i]!.alignment = d.seats[i]!.alignment === 'g' ? 'e' : 'g';
        }) ?? null
      );
    },
  },
  {
    name: "the Storyteller's reminders on any seat (the viewer's own included)",
    change: (s, f) => {
      if (f.seesGrimoire) return null;
      const seats = s.seats.flatMap((seat, i) => (seat.revealed ? [] : [i]));
      return (
        pick(seats)?.chain((i) =>
          arbReminders.map((reminders) => (d: Draft<SessionState>) => {
            d.seats[i]!.reminders = reminders;
          }),
        ) ?? null
      );
    },
  },
  {
    name: 'a night mark',
    change: (s, f) => {
      if (f.seesGrimoire) return null;
      const seats = s.seats.flatMap((seat, i) => (seat.revealed ? [] : [i]));
      return (
        pick(seats)?.map((i) => (d: Draft<SessionState>) => {
          d.seats[i]!.isMarkedForDeath = !d.seats[i]!.isMarkedForDeath;
        }) ?? null
      );
    },
  },
  {
    name: "another seat's open or peeking eyes",
    change: (s, f) => {
      if (f.seesGrimoire) return null;
      return (
        pick(othersSeats(s, f))?.chain((i) =>
          fc
            .constantFrom<('open-eyes' | 'peek-eyes')[]>([], ['open-eyes'], ['peek-eyes'])
            .map((status) => (d: Draft<SessionState>) => {
              d.seats[i]!.status = status;
            }),
        ) ?? null
      );
    },
  },
  {
    name: "another person's notes",
    change: (s, f) => {
      const authors = USERS.filter((u) => u !== f.id);
      return fc
        .tuple(fc.nat(s.seats.length - 1), fc.constantFrom(...authors), arbReminders)
        .map(([i, author, notes]) => (d: Draft<SessionState>) => {
          if (notes.length) d.seats[i]!.notes[author] = notes;
          else delete d.seats[i]!.notes[author];
        });
    },
  },
  {
    name: "the Storytellers' own characters and reminders",
    change: (_s, f) =>
      f.seesGrimoire
        ? null
        : fc.tuple(fc.option(arbSecretRole, { nil: null }), arbReminders).map(([role, reminders]) => (d) => {
            d.storytellers[0]!.role = role;
            d.storytellers[0]!.ability = role ? 'another secret' : '';
            d.storytellers[0]!.alignment = role ? 'e' : null;
            d.storytellers[0]!.reminders = reminders;
          }),
  },
  {
    name: 'the bluffs',
    change: (_s, f) =>
      f.seesBluffs
        ? null
        : fc
            .tuple(...[0, 1, 2].map(() => fc.option(arbSecretRole, { nil: null })))
            .map((bluffs) => (d: Draft<SessionState>) => {
              d.bluffs = bluffs;
            }),
  },
  {
    name: "a secret vote's hands and count",
    change: (s, f) => {
      if (f.grimoire || !s.vote.isHidden) return null;
      return fc
        .tuple(fc.array(fc.nat(2), { minLength: s.seats.length, maxLength: s.seats.length }), fc.nat(9), fc.nat(9))
        .map(([votes, highscore, marked]) => (d: Draft<SessionState>) => {
          if (d.vote.nomination) d.vote.votes = votes.map((v, i) => (i === f.own ? (d.vote.votes[i] ?? 0) : v));
          d.vote.highscore = highscore;
          d.vote.markedPlayer = (marked % (s.seats.length + 1)) - 1;
        });
    },
  },
  {
    name: 'the vote log and private history',
    change: (_s, f) =>
      f.grimoire
        ? null
        : fc.tuple(arbVoteLog, fc.nat(3)).map(([log, n]) => (d: Draft<SessionState>) => {
            d.vote.history = log;
            d.game.history = [
              ...d.game.history.filter((e) => !e.isPrivate),
              ...Array.from({ length: n }, (_, k) => ({
                id: `${T}-p${k}`,
                type: 'vote' as const,
                data: { votes: k },
                time: T - 10 * k,
                isPrivate: true,
              })),
            ];
          }),
  },
  {
    name: 'a pointing team at night',
    change: (s, f) => {
      if (f.grimoire || !s.game.isNight) return null;
      if (s.pointing && (s.pointing.recipients === null || s.pointing.members.includes(f.id))) return null;
      const others = s.seats.flatMap((_, i) => (i === f.own ? [] : [i]));
      return fc
        .option(
          fc.record({
            status: fc.constantFrom('countdown' as const, 'locked' as const),
            recipients: fc.subarray(others),
            pointers: fc.dictionary(fc.constantFrom(...PLAYERS), fc.nat(s.seats.length - 1), { maxKeys: 2 }),
          }),
          { nil: null },
        )
        .map((p) => (d: Draft<SessionState>) => {
          d.pointing = p && {
            ...p,
            startedAt: T - 1000,
            members: p.recipients.flatMap((i) => (d.seats[i]!.id ? [d.seats[i]!.id] : [])),
          };
        });
    },
  },
  {
    name: "another pair's whisper text",
    change: (s, f) => {
      if (f.moderator) return null;
      const hidden = s.chat.messages.flatMap((m) =>
        ['', 'system', 'spectator', 'private'].includes(m.recipientId) || m.senderId === f.id || m.recipientId === f.id
          ? []
          : [m.msgId],
      );
      return (
        pick(hidden)?.map((msgId) => (d: Draft<SessionState>) => {
          const message = d.chat.messages.find((m) => m.msgId === msgId);
          if (message) message.message = 'a secret the pair keeps';
        }) ?? null
      );
    },
  },
  {
    name: "the spectators' channel",
    change: (_s, f) =>
      !f.inGame || f.storyteller || f.moderator ? null : channelMessages('spectator', 's1', 'p3 is the Imp'),
  },
  {
    name: "the grimoire holders' private channel",
    change: (_s, f) => (f.grimoire || f.moderator ? null : channelMessages('private', 'st', 'poison p2 tonight')),
  },
  {
    name: 'signals between others',
    change: (_s, f) =>
      f.grimoire
        ? null
        : fc
            .array(
              arbSignal.filter((sig) => sig.from !== f.id && !sig.to.includes(f.id)),
              { maxLength: 3 },
            )
            .map((added) => (d: Draft<SessionState>) => {
              const kept = d.chat.signals.filter((sig) => sig.from === f.id || sig.to.includes(f.id));
              d.chat.signals = [...kept, ...added.filter((a) => !kept.some((k) => k.id === a.id))];
            }),
  },
  {
    name: 'whisper requests between others',
    change: (s, f) =>
      f.grimoire || f.moderator || s.game.isNight || s.vote.nomination
        ? null
        : fc
            .array(
              fc
                .tuple(fc.constantFrom(...USERS), fc.constantFrom(...USERS))
                .filter(([a, b]) => a !== b && a !== f.id && b !== f.id),
              { maxLength: 2 },
            )
            .map((pairs) => (d: Draft<SessionState>) => {
              d.chat.whisperRequests = [
                ...d.chat.whisperRequests.filter((r) => r.from === f.id || r.to === f.id),
                ...pairs.map(([from, to]) => ({ from, to, at: T - 500 })),
              ];
            }),
  },
  {
    name: "another pair's whisper channel",
    change: (s, f) => {
      if (f.grimoire || f.moderator) return null;
      const own = s.chat.channels[f.id];
      const theirs = [...new Set(Object.values(s.chat.channels))].filter((c) => c.startsWith('whisper-') && c !== own);
      return (
        pick(theirs)?.map((channel) => (d: Draft<SessionState>) => {
          const renamed = `whisper-renamed-${channel}`;
          for (const [id, c] of Object.entries(d.chat.channels)) if (c === channel) d.chat.channels[id] = renamed;
          if (d.chat.aloneSince[channel] !== undefined) {
            d.chat.aloneSince[renamed] = d.chat.aloneSince[channel]! - 1;
            delete d.chat.aloneSince[channel];
          }
        }) ?? null
      );
    },
  },
  {
    name: 'who follows whom',
    change: (_s, f) =>
      f.grimoire || f.moderator
        ? null
        : fc
            .tuple(fc.constantFrom(...USERS.filter((u) => u !== f.id)), fc.constantFrom(...USERS))
            .map(([follower, target]) => (d: Draft<SessionState>) => {
              d.chat.following = { [follower]: { target, channel: d.chat.channels[follower] ?? '' } };
            }),
  },
  {
    name: "others' debounce times",
    change: (_s, f) =>
      fc.tuple(fc.constantFrom(...USERS.filter((u) => u !== f.id)), fc.nat(3000)).map(([who, ago]) => (d) => {
        for (const kind of ['hand', 'flip', 'vote']) d.throttle[`${who}:${kind}`] = T - ago;
      }),
  },
  {
    name: "others' accounts (level, flags, grimoire access)",
    change: (_s, f) =>
      f.storyteller || f.moderator
        ? null
        : fc
            .tuple(
              fc.constantFrom(...[...PLAYERS, ...SPECTATORS].filter((u) => u !== f.id && u !== 'mod')),
              fc.constantFrom('none' as const, 'patreon-demon' as const),
              fc.boolean(),
              fc.constantFrom<0 | 1 | 2>(0, 1, 2),
            )
            .map(([who, level, newuser, access]) => (d: Draft<SessionState>) => {
              const user = d.users[who]!;
              user.level = level;
              user.flags = newuser ? ['newuser'] : [];
              // Who holds the grimoire is no secret to leak, but it would change their knowledge, not the viewer's.
              if (user.grimoireAccess !== 3) user.grimoireAccess = access;
            }),
  },
  {
    name: 'the ban list',
    change: (_s, f) =>
      f.storyteller || f.moderator
        ? null
        : fc.subarray(['gone1', 'gone2']).map((banned) => (d: Draft<SessionState>) => {
            d.meta.banlist = banned;
          }),
  },
];

export const SECRET_NAMES = SECRETS.map((s) => s.name);

/** One to three changes to what `viewer` may not know, and their names for the failure message. */
export const arbSecretChange = (
  s: SessionState,
  viewer: string,
  only?: readonly string[],
): fc.Arbitrary<{ changed: SessionState; names: string[] }> => {
  const f = factsOf(s, viewer);
  const options = SECRETS.filter((secret) => !only || only.some((o) => secret.name.includes(o))).flatMap((secret) => {
    const change = secret.change(s, f);
    return change ? [change.map((apply) => ({ name: secret.name, apply }))] : [];
  });
  if (options.length === 0) return fc.constant({ changed: s, names: [] });
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 }).map((changes) => ({
    changed: produce(s, (d) => {
      for (const c of changes) c.apply(d);
    }),
    names: changes.map((c) => c.name),
  }));
};
