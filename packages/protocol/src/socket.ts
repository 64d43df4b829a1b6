import { MAX_PLAYERS, SEAT_NAME_MAX_CHARS, SIGNAL_CARDS, TEAMS, TEXT_MAX_CHARS, type Team } from '@belfry/engine';
import { z } from 'zod';
import { alignmentSchema, roleSchema } from './role';

/**
 * Client → server socket messages (spec 1 §7, spec 2 §7) used so far. Each is acknowledged; the
 * server parses the payload with the schema of its event name before anything else happens.
 */
const seatIndex = z
  .number()
  .int()
  .min(0)
  .max(MAX_PLAYERS - 1);
const seatCount = z.number().int().min(0).max(MAX_PLAYERS);
const userId = z.string().min(1).max(64);
const reminderSchema = z
  .object({
    role: z.string().min(1).max(50),
    name: z.string().min(1).max(30),
    isFlipped: z.boolean(),
    addedAt: z.number().optional(),
  })
  .strict();
const tagCycle = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** Spec 2 §3: difficulty, cameras, travellers, grimoire cycle 0/1/2; locked and streaming are toggles. */
export const sessionTags = z
  .object({
    difficulty: tagCycle,
    cameras: tagCycle,
    travellers: tagCycle,
    grimoire: tagCycle,
    locked: z.boolean(),
    streaming: z.boolean(),
  })
  .strict();

export const clientMessages = {
  /** index ≥ 0 claims that seat; a negative index vacates (spec 1 §7). */
  claimSeat: z
    .object({
      index: z
        .number()
        .int()
        .min(-1)
        .max(MAX_PLAYERS - 1),
    })
    .strict(),
  updateSeats: z.discriminatedUnion('op', [
    z.object({ op: z.literal('add'), count: seatCount }).strict(),
    z.object({ op: z.literal('remove'), index: seatIndex, count: seatCount }).strict(),
    z.object({ op: z.literal('move'), from: seatIndex, to: seatIndex, count: seatCount }).strict(),
  ]),
  addStoryteller: z.object({ id: userId }).strict(),
  removeStoryteller: z.object({ id: userId }).strict(),
  /** Ask to become co-Storyteller; asking again withdraws the request. */
  requestStoryteller: z.object({}).strict(),
  respondStoryteller: z.object({ id: userId, accept: z.boolean() }).strict(),
  /** Spec 2 §7: only these three. */
  updateMeta: z
    .object({
      isPublic: z.boolean().optional(),
      language: z.string().min(2).max(10).optional(),
      tags: sessionTags.partial().optional(),
    })
    .strict(),
  /** Spec 2 §7 updateServer (host): the chat server's host as the server lists it. */
  updateServer: z.object({ host: z.string().trim().min(1).max(200) }).strict(),
  requestGrimoire: z.object({ id: userId, status: z.enum(['request', 'receive', 'deny', 'remove']) }).strict(),
  kickUser: z.object({ id: userId }).strict(),
  // The game (issue 5)
  startGame: z.object({}).strict(),
  endGame: z.object({ isEvilWin: z.boolean(), slow: z.boolean().optional() }).strict(),
  toggleNight: z.object({}).strict(),
  distributeRoles: z
    .object({
      roles: z.array(z.object({ role: roleSchema.nullable(), alignment: alignmentSchema }).strict()).max(MAX_PLAYERS),
    })
    .strict(),
  updatePlayer: z.discriminatedUnion('property', [
    z.object({ index: seatIndex, property: z.literal('role'), value: roleSchema.nullable() }).strict(),
    z.object({ index: seatIndex, property: z.literal('alignment'), value: alignmentSchema }).strict(),
    z.object({ index: seatIndex, property: z.literal('isDead'), value: z.boolean() }).strict(),
    z.object({ index: seatIndex, property: z.literal('isVoteless'), value: z.boolean() }).strict(),
    z.object({ index: seatIndex, property: z.literal('isMarkedForDeath'), value: z.boolean() }).strict(),
    z.object({ index: seatIndex, property: z.literal('id'), value: z.union([z.literal(''), userId]) }).strict(),
    z
      .object({
        index: seatIndex,
        property: z.literal('reminders'),
        value: z.array(reminderSchema).max(30),
      })
      .strict(),
  ]),
  toggleLife: z.object({ index: seatIndex, townSquare: z.boolean() }).strict(),
  cycleAlignment: z.object({ index: seatIndex }).strict(),
  addReminder: z
    .object({
      index: seatIndex,
      role: z.string().min(1).max(50),
      name: z.string().min(1).max(30),
      allowDuplicates: z.boolean().optional(),
    })
    .strict(),
  removeReminder: z.object({ index: seatIndex, at: z.number().int().min(0).max(100) }).strict(),
  flipReminder: z.object({ index: seatIndex, at: z.number().int().min(0).max(100) }).strict(),
  /** Spec 1 §7: timer (title, duration, isPausedDuringVotes); the duration is in seconds. */
  timer: z.object({ title: z.string().max(50), duration: z.number(), isPausedDuringVotes: z.boolean() }).strict(),
  raiseHand: z.object({ icon: z.string().min(1).max(60).nullable() }).strict(),
  /** Spec 1 §5 hidden secret prompt: 2 to 50 characters. */
  powerful: z.object({ secret: z.string().min(2).max(50) }).strict(),
  attention: z.object({}).strict(),
  pointing: z.discriminatedUnion('action', [
    z
      .object({
        action: z.literal('start'),
        team: z.enum(TEAMS as [Team, ...Team[]]).optional(),
        dead: z.boolean().optional(),
      })
      .strict(),
    z.object({ action: z.literal('stop') }).strict(),
  ]),
  point: z.object({ index: seatIndex }).strict(),
  openEyes: z.object({ index: seatIndex, value: z.enum(['open-eyes', 'peek-eyes']).nullable() }).strict(),
  clear: z.object({ what: z.enum(['players', 'roles']) }).strict(),
  /** Local games only (spec 1 §2 Nameplate); a session refuses it. */
  renameSeat: z.object({ index: seatIndex, name: z.string().max(SEAT_NAME_MAX_CHARS) }).strict(),
  // Nominations and votes (issue 6)
  nomination: z.object({ nominator: seatIndex, nominee: seatIndex }).strict(),
  nominationType: z.object({}).strict(),
  voteSpeed: z.object({ speed: z.number() }).strict(),
  voteControl: z
    .object({ action: z.enum(['countdown', 'start', 'pause', 'resume', 'reset', 'finish', 'close', 'advance']) })
    .strict(),
  voteIsHidden: z.object({ value: z.boolean() }).strict(),
  /** `at`: when the hand changed on the player's screen, in server time (the client's corrected clock). */
  vote: z.object({ index: seatIndex, value: z.number().int().min(0).max(2), at: z.number() }).strict(),
  marked: z.object({ value: z.boolean() }).strict(),
  voteHighscore: z.object({ value: z.union([z.string().max(20), z.number()]) }).strict(),
  // Scripts, fabled and bluffs (issue 7)
  edition: z
    .object({
      edition: z
        .object({
          id: z.string().min(1).max(50),
          name: z.string().max(50),
          author: z.string().max(50),
          isOfficial: z.boolean(),
          level: z.enum(['beginner', 'intermediate', 'veteran']),
        })
        .strict(),
      roles: z.array(roleSchema).max(151),
    })
    .strict(),
  fabled: z.discriminatedUnion('action', [
    z.object({ action: z.literal('add'), role: roleSchema }).strict(),
    z.object({ action: z.literal('remove'), id: z.string().min(1).max(50) }).strict(),
  ]),
  bluffs: z.object({ bluffs: z.array(roleSchema.nullable()).length(3) }).strict(),
  // Text and signals (issue 8)
  textMessage: z.object({ message: z.string().max(TEXT_MAX_CHARS), recipientId: z.string().max(64) }).strict(),
  /** Someone is typing (shown for 4 s); relayed to the recipients only, never stored. */
  textMessageIndicator: z
    .object({ recipientId: z.string().max(64), length: z.number().int().min(0).max(TEXT_MAX_CHARS) })
    .strict(),
  whispers: z.object({ disabled: z.boolean() }).strict(),
  /** The Storyteller hides (or shows) cameras inside private channels. */
  privateCams: z.object({ hidden: z.boolean() }).strict(),
  /** A grimoire holder also hears this user's channel; '' stops. */
  follow: z.object({ userId: z.union([userId, z.literal('')]) }).strict(),
  /** Cameras this user would rather not receive (the chat server then sends them none). */
  hideCams: z.object({ townSquare: z.boolean(), private: z.boolean(), reveal: z.boolean() }).strict(),
  signal: z
    .object({
      message: z
        .array(
          z
            .object({
              id: z.enum(SIGNAL_CARDS),
              data: z
                .union([
                  z.string().max(100),
                  z.number(),
                  z.array(z.string().max(64)).max(20),
                  z.array(z.number()).max(20),
                ])
                .optional(),
              role: z.string().max(50).optional(),
              icon: z.string().max(50).optional(),
              description: z.string().max(250).optional(),
            })
            .strict(),
        )
        .max(20),
      recipients: z.array(userId).max(MAX_PLAYERS),
    })
    .strict(),
  signalSeen: z.object({ id: z.string().max(64) }).strict(),
  /** Spec 2 §4: ask someone for a private whisper; a mutual request opens the channel. */
  whisperRequest: z.object({ to: userId }).strict(),
  /** With `to`: withdraw or decline a request; without: leave the current channel. */
  whisperRemove: z.object({ to: userId.optional() }).strict(),
  /** Join a public room ('room-1'…'room-5'), 'private', a whisper (grimoire holders), or '' for the town square. */
  channel: z.object({ channel: z.string().max(64) }).strict(),
  /** Every 60 s; `latency` is the round trip the client measured for the previous ping. */
  ping: z.object({ sentAt: z.number(), latency: z.number().min(0).max(600_000).optional() }).strict(),
  /** Asks for a full view, e.g. after a version gap. */
  getGamestate: z.object({}).strict(),
  /** Spec 2 §7: the user's profile changed; the server reads the account again (nothing is taken from the client). */
  updateUser: z.object({}).strict(),
} as const;

export type ClientEvent = keyof typeof clientMessages;
export type ClientPayload<E extends ClientEvent> = z.infer<(typeof clientMessages)[E]>;
export const CLIENT_EVENTS = Object.keys(clientMessages) as ClientEvent[];

export const isClientEvent = (name: string): name is ClientEvent => Object.hasOwn(clientMessages, name);

/** Server → client events. */
export const SERVER_EVENTS = {
  /** A full per-viewer view: on join, rejoin and on request. */
  session: 'session',
  /** A small update from one version to the next for this viewer. */
  patch: 'patch',
  /** The server ends this connection on purpose (kicked, session closed). */
  closed: 'closed',
  /** Someone writing to you: `{senderId, recipientId, length}` (not stored). */
  textMessageIndicator: 'textMessageIndicator',
  /** The server measures the round trip: the client acknowledges at once with its `Date.now()`. */
  serverPing: 'serverPing',
  /** Spec 2 §7: an announcement from official staff, `{title, text}`, shown as a dialogue. */
  announcement: 'announcement',
} as const;

/** Spec 2 §3 Announcement as delivered (the session name only chooses who receives it). */
export interface AnnouncementEvent {
  title: string;
  text: string;
}
