import { current, type Draft } from 'immer';
import {
  BUILT_IN_HAND_ICONS,
  POWERFUL_HAND_ICONS,
  RAISE_HAND_DEBOUNCE_MS,
  RECEIVE_ROLE_HOOK_MS,
  MAX_NOTES_PER_SEAT,
  MAX_NOTES_PER_USER,
  MAX_REMINDERS_PER_SEAT,
  REMINDER_FLIP_DEBOUNCE_MS,
} from '../constants';
import { refuse, type Refusal } from '../errors';
import { isLocalGame } from '../local';
import { isStoryteller, nominationActive, seatIndexOf } from '../permissions';
import type { Actor, Alignment, Reminder, Role, Seat, SessionState } from '../types';
import { addHistory } from './game';
import { addSystemMessage } from './chat';
import { clearEyes } from './seats';
import { requireMember, requireStoryteller, type RulesFor } from './rule';
import { rolesKnownTo } from '../view';

const noSuchSeat = (index: number) => refuse('no_such_seat', `There is no seat ${index + 1}.`);

/** The Storyteller, or the player sitting in that seat. */
const requireSelfOrStoryteller = (draft: Draft<SessionState>, actor: Actor, index: number): Refusal | void => {
  if (isStoryteller(draft, actor.userId)) return;
  if (seatIndexOf(draft, actor.userId) !== index) return refuse('forbidden', 'Only for your own seat.');
};

/** Debounce: refuses a repeat of the same action by the same user within `ms`. */
const throttled = (draft: Draft<SessionState>, key: string, ms: number, now: number): Refusal | void => {
  const last = draft.throttle[key];
  if (last !== undefined && now - last < ms) return refuse('rate_limited', 'Not so fast.');
  draft.throttle[key] = now;
};

/**
 * Spec 1 §4 Alignment cycle. From good: demons and minions go to none, others to evil. From evil:
 * travellers, townsfolk and outsiders go to none, others to good. From none: townsfolk and
 * outsiders go to evil, others to good.
 */
export const nextAlignment = (alignment: Alignment, team: Role['team']): Alignment => {
  if (alignment === 'g') return team === 'demon' || team === 'minion' ? null : 'e';
  if (alignment === 'e') return team === 'traveller' || team === 'townsfolk' || team === 'outsider' ? null : 'g';
  return team === 'townsfolk' || team === 'outsider' ? 'e' : 'g';
};

/** Reminders every player may hold any number of (spec 3 §4: good and evil are exempt). */
const UNLIMITED_REMINDER_ROLES = ['good', 'evil', 'custom'];

/** How many of one reminder exist among `roles`: as often as the role lists it; unknown roles are not limited. */
const availableCount = (roles: readonly (Role | null)[], roleId: string, name: string): number => {
  const role = roles.find((r) => r?.id === roleId);
  if (!role) return Number.POSITIVE_INFINITY;
  return [...(role.reminders ?? []), ...(role.remindersGlobal ?? [])].filter((r) => r === name).length || 1;
};

/** Every role in play, as the Storyteller knows them. */
const rolesInPlay = (state: SessionState): (Role | null)[] => [
  ...state.seats.map((s) => s.role),
  ...state.storytellers.map((s) => s.role),
  ...state.fabled,
  ...state.bluffs,
];

/**
 * Places one reminder in a list of lists, taking it from the list that has held it longest when the
 * role allows no more of it (spec 3 §4).
 */
const placeLimited = (lists: Draft<Reminder>[][], target: Draft<Reminder>[], reminder: Reminder, limit: number) => {
  const held = lists
    .flatMap((list) => list.map((r, at) => ({ list, at, r })))
    .filter(({ r }) => r.role === reminder.role && r.name === reminder.name)
    .sort((a, b) => (a.r.addedAt ?? 0) - (b.r.addedAt ?? 0));
  if (held.length >= limit) held[0]!.list.splice(held[0]!.at, 1);
  target.push(reminder);
};

const notesOf = (seat: Draft<Seat>, author: string): Draft<Reminder>[] => (seat.notes[author] ??= []);

/** An author with no notes left on a seat leaves no empty list behind. */
const pruneEmptyNotes = (draft: Draft<SessionState>, author: string) => {
  for (const seat of draft.seats) if (seat.notes[author]?.length === 0) delete seat.notes[author];
};

const removeNamed = (seat: Draft<Seat>, name: string) => {
  seat.reminders = seat.reminders.filter((r) => r.name !== name);
};

const SEAT_PROPERTIES_STORYTELLER_ONLY = [
  'role',
  'alignment',
  'isDead',
  'isVoteless',
  'isMarkedForDeath',
  'id',
  'reminders',
];

export const playerRules: RulesFor<
  | 'distributeRoles'
  | 'updatePlayer'
  | 'toggleLife'
  | 'cycleAlignment'
  | 'addReminder'
  | 'removeReminder'
  | 'flipReminder'
  | 'openEyes'
  | 'raiseHand'
  | 'clear'
> = {
  /** The Storyteller hands out a role and alignment per seat; players see theirs (receive-role, 2.5 s). */
  distributeRoles(draft, { roles }, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (roles.length !== draft.seats.length) return refuse('stale', 'The seats changed meanwhile; try again.');
    roles.forEach(({ role, alignment }, i) => {
      const seat = draft.seats[i]!;
      seat.role = role;
      seat.alignment = alignment;
      seat.revealed = false;
    });
    if (!draft.hook) draft.hook = { name: 'receive-role', params: {}, since: now, until: now + RECEIVE_ROLE_HOOK_MS };
  },

  /** Spec 1 §5: role, alignment, isDead, isVoteless, id and reminders are the Storyteller's. */
  updatePlayer(draft, intent, actor, now) {
    if (SEAT_PROPERTIES_STORYTELLER_ONLY.includes(intent.property)) {
      const refused = requireStoryteller(draft, actor);
      if (refused) return refused;
    }
    const seat = draft.seats[intent.index];
    if (!seat) return noSuchSeat(intent.index);
    switch (intent.property) {
      case 'role':
        seat.role = intent.value;
        return;
      case 'alignment':
        seat.alignment = intent.value;
        return;
      case 'isDead':
      case 'isVoteless':
      case 'isMarkedForDeath':
        seat[intent.property] = intent.value;
        return;
      case 'reminders':
        if (intent.value.length > MAX_REMINDERS_PER_SEAT)
          return refuse('limit_reached', `A seat holds at most ${MAX_REMINDERS_PER_SEAT} reminders.`);
        seat.reminders = intent.value;
        return;
      case 'id': {
        if (nominationActive(draft)) return refuse('nomination_active', 'Seats cannot change during a nomination.');
        if (intent.value !== '') {
          if (!draft.users[intent.value]) return refuse('not_found', 'That user is not in this session.');
          if (isStoryteller(draft, intent.value)) return refuse('forbidden', 'A Storyteller does not take a seat.');
          const held = seatIndexOf(draft, intent.value);
          if (held >= 0) {
            draft.seats[held]!.id = '';
            clearEyes(draft.seats[held]!);
          }
        } else if (seat.id) {
          delete draft.raisedHands[seat.id];
          addSystemMessage(draft, 'seat_empty', { index: intent.index, id: seat.id }, now, true);
        }
        seat.id = intent.value;
        clearEyes(seat);
        // A seated player is no spectator: grimoire access they held as one ends (as on claiming).
        const placed = draft.users[intent.value];
        if (placed && placed.grimoireAccess !== 0) placed.grimoireAccess = 0;
        return;
      }
    }
  },

  /** Spec 1 §4 Life toggle, in the order the spec lists its contexts. */
  toggleLife(draft, { index, townSquare }, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    const seat = draft.seats[index];
    if (!seat) return noSuchSeat(index);
    if (draft.hook?.name === 'reveal-grimoire') {
      seat.revealed = true;
      return;
    }
    const record = (type: 'death' | 'revive' | 'voteless') => addHistory(draft, type, { index, id: seat.id }, now);
    if (townSquare && nominationActive(draft)) {
      if (seat.isDead) {
        seat.isVoteless = !seat.isVoteless;
        record('voteless');
      }
      return;
    }
    if (townSquare) {
      if (!seat.isDead) {
        seat.isDead = true;
        removeNamed(seat, 'Dead');
        record('death');
      } else if (!seat.isVoteless) {
        seat.isVoteless = true;
        record('voteless');
      } else {
        seat.isDead = false;
        seat.isVoteless = false;
        record('revive');
      }
      return;
    }
    if (draft.game.isNight && !isLocalGame(draft)) {
      // At night in a live session the death waits for dawn: mark it (the client opens the reminder picker).
      seat.isMarkedForDeath = !seat.isMarkedForDeath;
      return;
    }
    seat.isDead = !seat.isDead;
    removeNamed(seat, seat.isDead ? 'Dead' : 'Alive');
    seat.isMarkedForDeath = false;
    seat.isVoteless = false;
  },

  /** Non-Storytellers change only a traveller's alignment, on their own seat. */
  cycleAlignment(draft, { index }, actor) {
    const storyteller = isStoryteller(draft, actor.userId);
    if (!storyteller && seatIndexOf(draft, actor.userId) !== index)
      return refuse('forbidden', 'Only the Storyteller changes that alignment.');
    const seat = draft.seats[index];
    if (!seat) return noSuchSeat(index);
    if (!seat.role) return refuse('bad_request', 'That seat has no character yet.');
    if (!storyteller && seat.role.team !== 'traveller')
      return refuse('forbidden', 'Only the Storyteller changes that alignment.');
    seat.alignment = nextAlignment(seat.alignment, seat.role.team);
  },

  /**
   * Spec 3 §4 Reminders: a reminder exists as often as its role lists it; placing one more takes it
   * from the seat that has held it longest, unless duplicates are allowed. Good and evil are exempt.
   * The Storyteller places grimoire reminders; everybody else keeps private notes (issue 14), limited
   * only against their own notes and by the roles they can see, so a note never touches, counts
   * against or tells anything about the grimoire.
   */
  addReminder(draft, { index, role, name, allowDuplicates }, actor, now) {
    const refused = requireMember(draft, actor);
    if (refused) return refused;
    const seat = draft.seats[index];
    if (!seat) return noSuchSeat(index);
    if (name.length === 0 || name.length > 30) return refuse('bad_request', 'A reminder name has 1 to 30 characters.');
    const reminder: Reminder = { role, name, isFlipped: false, addedAt: now };
    const limited = !allowDuplicates && !UNLIMITED_REMINDER_ROLES.includes(role);
    if (isStoryteller(draft, actor.userId)) {
      if (seat.reminders.length >= MAX_REMINDERS_PER_SEAT)
        return refuse('limit_reached', `A seat holds at most ${MAX_REMINDERS_PER_SEAT} reminders.`);
      const limit = limited ? availableCount(rolesInPlay(draft as SessionState), role, name) : Infinity;
      placeLimited(
        draft.seats.map((s) => s.reminders),
        seat.reminders,
        reminder,
        limit,
      );
      return;
    }
    const author = actor.userId;
    const own = draft.seats.map((s) => s.notes[author] ?? []);
    if ((seat.notes[author]?.length ?? 0) >= MAX_NOTES_PER_SEAT)
      return refuse('limit_reached', `You keep at most ${MAX_NOTES_PER_SEAT} notes on a seat.`);
    if (own.reduce((sum, list) => sum + list.length, 0) >= MAX_NOTES_PER_USER)
      return refuse('limit_reached', `You keep at most ${MAX_NOTES_PER_USER} notes.`);
    const limit = limited ? availableCount(rolesKnownTo(current(draft), author), role, name) : Infinity;
    placeLimited(own, notesOf(seat, author), reminder, limit);
    pruneEmptyNotes(draft, author);
  },

  removeReminder(draft, { index, at }, actor) {
    const refused = requireMember(draft, actor);
    if (refused) return refused;
    const seat = draft.seats[index];
    if (!seat) return noSuchSeat(index);
    const list = isStoryteller(draft, actor.userId) ? seat.reminders : seat.notes[actor.userId];
    if (!list?.[at]) return refuse('not_found', 'That reminder is gone.');
    list.splice(at, 1);
    pruneEmptyNotes(draft, actor.userId);
  },

  /** Flipping toggles isFlipped, at most once per 500 ms per user. */
  flipReminder(draft, { index, at }, actor, now) {
    const refused = requireMember(draft, actor);
    if (refused) return refused;
    const seat = draft.seats[index];
    if (!seat) return noSuchSeat(index);
    const list = isStoryteller(draft, actor.userId) ? seat.reminders : seat.notes[actor.userId];
    const reminder = list?.[at];
    if (!reminder) return refuse('not_found', 'That reminder is gone.');
    const debounced = throttled(draft, `${actor.userId}:flip`, REMINDER_FLIP_DEBOUNCE_MS, now);
    if (debounced) return debounced;
    reminder.isFlipped = !reminder.isFlipped;
  },

  /** Spec 1 §4: only the player themself or the Storyteller opens eyes (or peeks). */
  openEyes(draft, { index, value }, actor) {
    const refused = requireSelfOrStoryteller(draft, actor, index);
    if (refused) return refused;
    const seat = draft.seats[index];
    if (!seat) return noSuchSeat(index);
    seat.status = value ? [value] : [];
  },

  /**
   * Spec 1 §4 Raised hand: seated users only, ignored during a nomination, 500 ms debounce; raising
   * the same icon again lowers it. Built-in icons for all; the account's cosmetic emotes; role icons
   * and extras for powerful users.
   */
  raiseHand(draft, { icon }, actor, now) {
    if (seatIndexOf(draft, actor.userId) < 0) return refuse('not_seated', 'Only seated players raise a hand.');
    if (nominationActive(draft)) return refuse('nomination_active', 'Hands are for votes during a nomination.');
    const refused = throttled(draft, `${actor.userId}:hand`, RAISE_HAND_DEBOUNCE_MS, now);
    if (refused) return refused;
    if (icon === null || draft.raisedHands[actor.userId] === icon) {
      delete draft.raisedHands[actor.userId];
      return;
    }
    const powerful = draft.users[actor.userId]?.flags.includes('powerful') ?? false;
    const emotes = draft.users[actor.userId]?.emotes ?? [];
    const allowed =
      (BUILT_IN_HAND_ICONS as readonly string[]).includes(icon) ||
      (icon.startsWith('emote:') && emotes.includes(icon.slice(6))) ||
      (powerful && ((POWERFUL_HAND_ICONS as readonly string[]).includes(icon) || /^role:[a-z0-9_-]{1,50}$/.test(icon)));
    if (!allowed) return refuse('forbidden', 'That hand icon is not available to you.');
    draft.raisedHands[actor.userId] = icon;
  },

  /** Clears the circle (players) or every character, reminder and the game (roles). */
  clear(draft, { what }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (nominationActive(draft)) return refuse('nomination_active', 'Not during a nomination.');
    if (what === 'players') {
      draft.seats = [];
      draft.raisedHands = {};
      return;
    }
    for (const seat of draft.seats) {
      seat.role = null;
      seat.alignment = null;
      seat.reminders = [];
      seat.status = [];
      seat.isDead = false;
      seat.isVoteless = false;
      seat.isMarkedForDeath = false;
      seat.revealed = false;
    }
    draft.bluffs = [null, null, null];
    draft.fabled = [];
  },
};
