import { MAX_PLAYERS } from '@belfry/engine';
import { z } from 'zod';

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
  requestGrimoire: z.object({ id: userId, status: z.enum(['request', 'receive', 'deny', 'remove']) }).strict(),
  kickUser: z.object({ id: userId }).strict(),
  /** Every 60 s; `latency` is the round trip the client measured for the previous ping. */
  ping: z.object({ sentAt: z.number(), latency: z.number().min(0).max(600_000).optional() }).strict(),
  /** Asks for a full view, e.g. after a version gap. */
  getGamestate: z.object({}).strict(),
} as const;

export type ClientEvent = keyof typeof clientMessages;
export type ClientPayload<E extends ClientEvent> = z.infer<(typeof clientMessages)[E]>;
export const CLIENT_EVENTS = Object.keys(clientMessages) as ClientEvent[];

export const isClientEvent = (name: string): name is ClientEvent => Object.hasOwn(clientMessages, name);

/** Largest payload the server reads; larger messages are refused before parsing. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** Server → client events. */
export const SERVER_EVENTS = {
  /** A full per-viewer view: on join, rejoin and on request. */
  session: 'session',
  /** A small update from one version to the next for this viewer. */
  patch: 'patch',
  /** The server ends this connection on purpose (kicked, session closed). */
  closed: 'closed',
} as const;
