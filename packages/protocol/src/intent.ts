import { refuse, type Intent, type Refusal } from '@belfry/engine';
import { describeIssues } from './ack';
import { clientMessages, isClientEvent, type ClientEvent, type ClientPayload } from './socket';

/**
 * From a client message to an engine intent, the same way on the server (apps/server sessions/socket.ts)
 * and in a local game in the browser (apps/web session/localTransport.ts).
 */

/** Events the transport answers itself; every other client event is the engine intent of the same name. */
export const TRANSPORT_EVENTS = [
  'ping',
  'getGamestate',
  'textMessageIndicator',
  'updateUser',
] as const satisfies readonly ClientEvent[];
export type TransportEvent = (typeof TRANSPORT_EVENTS)[number];
export type IntentEvent = Exclude<ClientEvent, TransportEvent>;

export const isIntentEvent = (event: ClientEvent): event is IntentEvent =>
  !(TRANSPORT_EVENTS as readonly string[]).includes(event);

/** The intent a parsed message stands for: its payload, with the event name as the intent's type. */
export const intentOf = <E extends IntentEvent>(event: E, payload: ClientPayload<E>): Intent =>
  ({ type: event, ...payload }) as Intent;

// Compile-time guard: every intent event's payload, with its name as type, is an engine intent. A new
// socket event that is not an intent belongs in TRANSPORT_EVENTS.
type Mismatched = { [E in IntentEvent]: { type: E } & ClientPayload<E> extends Intent ? never : E }[IntentEvent];
const everyEventIsAnIntent: [Mismatched] extends [never] ? true : { notAnIntent: Mismatched } = true;
void everyEventIsAnIntent;

export type ParsedClientMessage =
  { [E in ClientEvent]: { ok: true; event: E; data: ClientPayload<E> } }[ClientEvent] | { ok: false; error: Refusal };

export type ParsedClientEvent = Extract<ParsedClientMessage, { ok: true }>;

/** The intent a parsed message stands for, or null for an event the transport answers itself. */
export const intentOfMessage = (message: ParsedClientEvent): Intent | null =>
  isIntentEvent(message.event) ? ({ type: message.event, ...message.data } as Intent) : null;

/** An event name and its payload, checked against `clientMessages`: unknown names and bad shapes are refused. */
export const parseClientMessage = (event: string, payload: unknown): ParsedClientMessage => {
  if (!isClientEvent(event))
    return { ok: false, error: refuse('unknown_event', `Unknown event "${event.slice(0, 40)}".`) };
  const parsed = clientMessages[event].safeParse(payload);
  if (!parsed.success) return { ok: false, error: refuse('bad_request', describeIssues(parsed.error)) };
  return { ok: true, event, data: parsed.data } as ParsedClientMessage;
};
