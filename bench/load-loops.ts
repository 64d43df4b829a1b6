/**
 * The load a client thread puts on its sessions (Belfry) or rooms (the ws relay): the closed loop (one
 * intent in flight per session) and the open loop (intents on a fixed schedule, whatever the answers).
 * Every latency's two ends are taken on this thread with now().
 */
import type { SessionView } from '@belfry/engine';
import type { Ack } from '@belfry/protocol';
import {
  type ClosedLoopResult,
  emptySamples,
  type OpenLoopPlan,
  type OpenLoopResult,
  type Progress,
  type Samples,
} from './client-messages';
import { LastArrival } from './last-arrival';
import { seededRandom } from './random';
import type { RelayClient } from './relay-client';
import { pausesSoFar, withoutGc } from './pauses';
import { now, sleep, sleepUntil } from './timing';
import { seatStep, stepsPerSession } from './traffic';
import type { ViewCore } from './view-core';

/** A Belfry session on this thread: its run-wide index and its clients (0 is the Storyteller). */
export interface LocalSession {
  index: number;
  clients: ViewCore[];
}

export interface LocalRoom {
  index: number;
  clients: RelayClient[];
}

/** About the length of a town-square message; the relay carries the same text. */
const chatText = (session: number, k: number) => `open loop ${session}.${k}: who do we nominate today?`;

/** Marks, once a loop has ended, which of its latencies this thread's collections left alone. */
const markGc = async (...kinds: Samples[]): Promise<void> => {
  await sleep(50); // the last collections' entries reach their observer a moment later
  const pauses = pausesSoFar();
  for (const samples of kinds) samples.updateNoClientGcMs = withoutGc(samples.updateFrom, samples.updateMs, pauses);
};

const count = (samples: Samples, code: string) => (samples.refusals[code] = (samples.refusals[code] ?? 0) + 1);

/**
 * Sends one intent from `actor` and waits until every client's view satisfies `seen`. Adds the ack
 * and the last arrival to `samples`; `scheduled` (open loop) records how late the emit was.
 */
const intentToAll = async (
  clients: ViewCore[],
  actor: ViewCore,
  event: string,
  payload: unknown,
  seen: (view: SessionView) => boolean,
  timeoutMs: number,
  samples: Samples,
  progress: Progress,
  scheduled?: number,
) => {
  const arrival = new LastArrival(clients.length, timeoutMs, (ended) => {
    for (const client of clients) client.forget(ended);
  });
  for (const client of clients) client.expect(seen, arrival);
  samples.sent++;
  progress.sent++;
  const emitted = now();
  if (scheduled !== undefined) samples.lateMs.push(emitted - scheduled);
  let ack: Ack;
  try {
    ack = await actor.request(event, payload, timeoutMs);
  } catch {
    samples.ackTimeouts++;
    arrival.cancel();
    return;
  }
  const acked = now();
  if (!ack.ok) {
    count(samples, ack.error.code);
    arrival.cancel();
    return;
  }
  samples.ackMs.push(acked - emitted);
  await recordLast(arrival, emitted, samples, progress);
};

/** The time until the last client had the update, or a timeout when any did not get it. */
const recordLast = async (arrival: LastArrival, emitted: number, samples: Samples, progress: Progress) => {
  const last = await arrival.done;
  if (last === null) samples.updateTimeouts++;
  else {
    samples.updateMs.push(last - emitted);
    samples.updateFrom.push(emitted);
    progress.done++;
  }
};

/** Step `step` of a session's seat traffic (traffic.ts), claiming or vacating by what the actor sees. */
const seatIntent = (
  session: LocalSession,
  step: number,
  timeoutMs: number,
  samples: Samples,
  progress: Progress,
  scheduled?: number,
) => {
  const { clients } = session;
  const { player, seat } = seatStep(step, clients.length);
  const actor = clients[player];
  if (!actor?.view) throw new Error(`socket ${player} of session ${session.index} has no view`);
  // By what the actor sees, so that one refused intent does not put it out of step.
  const seated = actor.view.seats[seat]?.id === actor.userId;
  const expected = seated ? '' : actor.userId;
  return intentToAll(
    clients,
    actor,
    'claimSeat',
    { index: seated ? -1 : seat },
    (view) => view.seats[seat]?.id === expected,
    timeoutMs,
    samples,
    progress,
    scheduled,
  );
};

/** The Storyteller writes to the town square (always allowed, by day and by night). */
const chatIntent = (
  session: LocalSession,
  k: number,
  timeoutMs: number,
  samples: Samples,
  progress: Progress,
  scheduled: number,
) => {
  const [storyteller] = session.clients;
  if (!storyteller) throw new Error(`session ${session.index} has no Storyteller`);
  const message = chatText(session.index, k);
  // New messages come last; a seat's system message may follow in the same moment.
  const seen = (view: SessionView) =>
    view.chat.messages.slice(-8).some((m) => m.message === message && m.senderId === storyteller.userId);
  return intentToAll(
    session.clients,
    storyteller,
    'textMessage',
    { message, recipientId: '' },
    seen,
    timeoutMs,
    samples,
    progress,
    scheduled,
  );
};

export const belfryClosedLoop = async (
  sessions: LocalSession[],
  rounds: number,
  deadlineAt: number,
  timeoutMs: number,
  progress: Progress,
): Promise<ClosedLoopResult> => {
  const samples = emptySamples();
  const stepsBySession: Record<number, number> = {};
  let stoppedEarly = false;
  await Promise.all(
    sessions.map(async (session) => {
      const steps = stepsPerSession(session.clients.length, rounds);
      stepsBySession[session.index] = 0;
      for (let step = 0; step < steps; step++) {
        if (now() > deadlineAt) {
          stoppedEarly = true;
          return;
        }
        stepsBySession[session.index] = step + 1;
        await seatIntent(session, step, timeoutMs, samples, progress);
      }
    }),
  );
  await markGc(samples);
  return { samples, stepsBySession, stoppedEarly };
};

/**
 * Each session's seat intents every `rateMs` and Storyteller messages every `chatMs`, from a random
 * phase (seeded by the session's index, so the relay gets the same schedule), whatever the answers.
 */
const openSchedule = (plan: OpenLoopPlan, index: number) => {
  const random = seededRandom(plan.seed + index);
  const endAt = plan.startAt + plan.seconds * 1000;
  const times = (every: number) => {
    const out: number[] = [];
    if (every <= 0) return out;
    for (let at = plan.startAt + random() * every; at < endAt; at += every) out.push(at);
    return out;
  };
  return { seat: times(plan.rateMs), chat: times(plan.chatMs) };
};

/** Runs `fire` at each of `times`, without waiting for the previous one; resolves when all have ended. */
const onSchedule = async (times: number[], fire: (k: number, at: number) => Promise<void>) => {
  const running: Promise<void>[] = [];
  for (const [k, at] of times.entries()) {
    await sleepUntil(at);
    running.push(fire(k, at));
  }
  await Promise.all(running);
};

export const belfryOpenLoop = async (
  sessions: LocalSession[],
  plan: OpenLoopPlan,
  progress: Progress,
): Promise<OpenLoopResult> => {
  const seat = emptySamples();
  const chat = emptySamples();
  await Promise.all(
    sessions.map((session) => {
      const schedule = openSchedule(plan, session.index);
      return Promise.all([
        onSchedule(schedule.seat, (k, at) => seatIntent(session, k, plan.timeoutMs, seat, progress, at)),
        onSchedule(schedule.chat, (k, at) => chatIntent(session, k, plan.timeoutMs, chat, progress, at)),
      ]);
    }),
  );
  await markGc(seat, chat);
  return { seat, chat };
};

let relaySeq = 0;

/** One relay message from `sender` to its whole room (itself included), timed to the last arrival. */
const relayToAll = async (
  room: LocalRoom,
  sender: RelayClient,
  body: Record<string, unknown> & { type: string },
  timeoutMs: number,
  samples: Samples,
  progress: Progress,
  scheduled?: number,
) => {
  const seq = relaySeq++;
  const arrival = new LastArrival(room.clients.length, timeoutMs, () => {
    for (const client of room.clients) client.forget(seq);
  });
  for (const client of room.clients) client.expect(seq, arrival);
  samples.sent++;
  progress.sent++;
  const emitted = now();
  if (scheduled !== undefined) samples.lateMs.push(emitted - scheduled);
  sender.send({ seq, ...body });
  await recordLast(arrival, emitted, samples, progress);
};

const relaySeat = (
  room: LocalRoom,
  step: number,
  timeoutMs: number,
  samples: Samples,
  progress: Progress,
  scheduled?: number,
) => {
  const { player, seat, claim } = seatStep(step, room.clients.length);
  const sender = room.clients[player];
  if (!sender) throw new Error(`room ${room.index} has no socket ${player}`);
  const body = { type: 'claimSeat', index: claim ? seat : -1 };
  return relayToAll(room, sender, body, timeoutMs, samples, progress, scheduled);
};

export const relayClosedLoop = async (
  rooms: LocalRoom[],
  stepsByRoom: number[],
  timeoutMs: number,
  progress: Progress,
): Promise<ClosedLoopResult> => {
  const samples = emptySamples();
  await Promise.all(
    rooms.map(async (room) => {
      const steps = stepsByRoom[room.index] ?? 0;
      for (let step = 0; step < steps; step++) await relaySeat(room, step, timeoutMs, samples, progress);
    }),
  );
  await markGc(samples);
  return { samples, stepsBySession: {}, stoppedEarly: false };
};

export const relayOpenLoop = async (
  rooms: LocalRoom[],
  plan: OpenLoopPlan,
  progress: Progress,
): Promise<OpenLoopResult> => {
  const seat = emptySamples();
  const chat = emptySamples();
  await Promise.all(
    rooms.map((room) => {
      const schedule = openSchedule(plan, room.index);
      const [storyteller] = room.clients;
      if (!storyteller) throw new Error(`room ${room.index} is empty`);
      return Promise.all([
        onSchedule(schedule.seat, (k, at) => relaySeat(room, k, plan.timeoutMs, seat, progress, at)),
        onSchedule(schedule.chat, (k, at) =>
          relayToAll(
            room,
            storyteller,
            { type: 'textMessage', message: chatText(room.index, k), recipientId: '' },
            plan.timeoutMs,
            chat,
            progress,
            at,
          ),
        ),
      ]);
    }),
  );
  await markGc(seat, chat);
  return { seat, chat };
};
