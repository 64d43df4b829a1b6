import { MESSAGES_KEPT, PRIVATE_MESSAGES_KEPT, SPECTATOR_MESSAGES_KEPT } from './constants';
import { madeFrom } from './listSteps';
import type { TextMessage } from './types';

/**
 * The chat's message list (up to 500 + 200 + 200 messages) is read after every change: its streams'
 * sizes when a message is added, whether every message reaches everyone (views), the soonest expiry
 * (the server's clock). A pass over the list touches every message object, and with many sessions
 * those are rarely in the processor's cache: several such passes made most of the cost of a seat
 * claim at 500 kept (bench/). So each list (frozen, never changed: rules/chat.ts) carries these facts,
 * made from the list before it when a message is added, and counted afresh only for a list met
 * without them (a stored one, or one some messages expired from).
 */
export type Stream = 'spectator' | 'private' | 'town';

/**
 * Messages are kept per audience: the town's stream (public, system and whispers, which everyone
 * sees at least as an envelope) 500, the spectators' channel and the private channel their own
 * number. Whoever sees one stream sees all of it, so what drops out of it never depends on messages
 * the viewer cannot see (issue 14: no count leaks across audiences).
 */
export const streamOf = (recipientId: string): Stream =>
  recipientId === 'spectator' ? 'spectator' : recipientId === 'private' ? 'private' : 'town';

export const KEPT: Readonly<Record<Stream, number>> = {
  town: MESSAGES_KEPT,
  spectator: SPECTATOR_MESSAGES_KEPT,
  private: PRIVATE_MESSAGES_KEPT,
};

/** Public and system messages reach every viewer as they are. */
export const isForEveryone = (m: TextMessage): boolean => m.recipientId === '' || m.recipientId === 'system';

interface ListFacts {
  inStream: Record<Stream, number>;
  /** Messages that some viewer sees otherwise or not at all. */
  notForEveryone: number;
  /**
   * The index of the message that expires first, or -1. Every expiring message expires a fixed time
   * after its own, and times only grow along the list (rules/chat.ts), so a message added later never
   * expires sooner: this index moves only when the message it points at leaves.
   */
  firstExpiring: number;
}

const known = new WeakMap<readonly TextMessage[], ListFacts>();

const counted = (messages: readonly TextMessage[]): ListFacts => {
  const facts: ListFacts = { inStream: { town: 0, spectator: 0, private: 0 }, notForEveryone: 0, firstExpiring: -1 };
  // Loops, not array methods: V8 (Node 20) runs those several times slower on a frozen array.
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    facts.inStream[streamOf(m.recipientId)]++;
    if (!isForEveryone(m)) facts.notForEveryone++;
    const soonest = facts.firstExpiring < 0 ? Infinity : messages[facts.firstExpiring]!.expires!;
    if (m.expires !== undefined && m.expires < soonest) facts.firstExpiring = i;
  }
  return facts;
};

const factsOf = (messages: readonly TextMessage[]): ListFacts => {
  let facts = known.get(messages);
  if (!facts) known.set(messages, (facts = counted(messages)));
  return facts;
};

export const readByEveryone = (messages: readonly TextMessage[]): boolean => factsOf(messages).notForEveryone === 0;

/** When the soonest expiring message expires; Infinity when none does. */
export const soonestExpiry = (messages: readonly TextMessage[]): number => {
  const { firstExpiring } = factsOf(messages);
  return firstExpiring < 0 ? Infinity : messages[firstExpiring]!.expires!;
};

/**
 * The list with `message` added at the end and, when its stream then holds more than it keeps, that
 * stream's oldest message left out: a new frozen list, which knows its facts.
 */
export const withMessage = (messages: readonly TextMessage[], message: TextMessage): readonly TextMessage[] => {
  const before = factsOf(messages);
  const stream = streamOf(message.recipientId);
  const next = [...messages, message];
  const facts: ListFacts = {
    inStream: { ...before.inStream, [stream]: before.inStream[stream] + 1 },
    notForEveryone: before.notForEveryone + (isForEveryone(message) ? 0 : 1),
    firstExpiring: before.firstExpiring >= 0 || message.expires === undefined ? before.firstExpiring : messages.length,
  };
  let removed = -1;
  if (facts.inStream[stream] > KEPT[stream]) {
    let first = 0;
    while (streamOf(next[first]!.recipientId) !== stream) first++;
    removed = first;
    const [gone] = next.splice(first, 1) as [TextMessage];
    facts.inStream[stream]--;
    if (!isForEveryone(gone)) facts.notForEveryone--;
    if (first < facts.firstExpiring) facts.firstExpiring--;
    else if (first === facts.firstExpiring) {
      // The next expiring message after it, if any (the ones in between do not expire).
      let i = first;
      while (i < next.length && next[i]!.expires === undefined) i++;
      facts.firstExpiring = i < next.length ? i : -1;
    }
  }
  Object.freeze(next);
  known.set(next, facts);
  madeFrom(next, messages, removed);
  return next;
};

/** The time of the newest message, or -Infinity: messages are kept in the order of their times. */
export const newestTime = (messages: readonly TextMessage[]): number =>
  messages.length > 0 ? messages[messages.length - 1]!.time : -Infinity;

/**
 * Whether a message of `time` already has this id. An id begins with its message's time and the list
 * is in the order of times, so only the messages at its end can hold it.
 */
export const hasMessageId = (messages: readonly TextMessage[], time: number, id: string): boolean => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.time < time) return false;
    if (m.msgId === id) return true;
  }
  return false;
};
