import { lockMoment, type SessionView } from '@belfry/engine';
import { type SpreadSample, sampleSpread } from './hand-spread';
import { type Random, uniform } from './random';
import { sleep } from './timing';
import type { VoteConfig } from './vote-config';
import { type HandChange, shownRtt } from './vote-player';
import { requireOk, type VoteTable, viewWhen } from './vote-table';

/** A hand change with the benchmark's verdict. */
export interface JudgedChange extends HandChange {
  /** By the shared clock: the change left the player before the hand reached its seat. */
  inTime: boolean;
  /** The seat shows a raised hand in the Storyteller's view once the vote has completed. */
  inFinalView: boolean;
  /** The server stops the clock (voteComplete) at voteTimer + seats × speed. */
  voteEnd: number;
  /** The round trip the server holds for this player (its grace uses half of it). */
  serverRttMs: number | null;
}

export interface RoundResult {
  round: number;
  nominator: number;
  nominee: number;
  voteTimer: number;
  voteEnd: number;
  changes: JudgedChange[];
  spreads: SpreadSample[];
  /** Players whose view gave their seat another lock moment than the Storyteller's view. */
  lockMismatches: number;
}

const VIEW_TIMEOUT_MS = 10_000;

/**
 * One nomination: nominate, start, every player raises its hand once at a random moment within
 * ± windowMs of its seat's lock moment (by its own clock estimate), the hand's position is compared
 * across clients at fixed moments, the vote completes by itself, then the Storyteller finishes it.
 */
export const runRound = async (
  table: VoteTable,
  config: VoteConfig,
  round: number,
  random: Random,
): Promise<RoundResult> => {
  const { storyteller, players } = table;
  const seats = players.length;
  const nominee = Math.floor(random() * seats);
  const nominator = (nominee + 1 + Math.floor(random() * (seats - 1))) % seats;
  const aims = players.map(() => uniform(random, -config.windowMs, config.windowMs));

  await requireOk(storyteller, 'nomination', { nominator, nominee });
  const running = (view: SessionView) =>
    view.vote.isInProgress && view.vote.voteTimer !== null && view.vote.nomination?.[1] === nominee;
  const made = Promise.all(
    players.map(async (player) => {
      const view = await viewWhen(player.client, running, VIEW_TIMEOUT_MS);
      return player.voteAround(round, view, (lock) => lock + (aims[player.seat] ?? 0));
    }),
  );
  made.catch(() => undefined); // awaited below; must not count as unhandled meanwhile

  await requireOk(storyteller, 'voteControl', { action: 'start' });
  const started = await viewWhen(storyteller, running, VIEW_TIMEOUT_MS);
  const voteTimer = started.vote.voteTimer!;
  const voteEnd = voteTimer + seats * started.vote.speed;

  const spreads: SpreadSample[] = [];
  for (let k = 0; k < config.spreadSamples; k++) {
    const moment = voteTimer + ((k + 0.5) / config.spreadSamples) * (voteEnd - voteTimer);
    await sleep(moment - Date.now());
    spreads.push(sampleSpread(round, players, voteTimer));
  }

  const completed = await viewWhen(
    storyteller,
    (view) => !view.vote.isInProgress && view.vote.locked === seats + 1,
    Math.max(0, voteEnd - Date.now()) + VIEW_TIMEOUT_MS,
  );
  const finalVotes = [...completed.vote.votes];
  const changes = await made;
  const rtt = (seat: number) => {
    const userId = players[seat]?.client.userId ?? '';
    return shownRtt(storyteller.view, userId);
  };
  let lockMismatches = 0;
  const judged = changes.map((change): JudgedChange => {
    const lock = lockMoment(started.vote, change.seat, seats)!;
    if (lock !== change.lock) lockMismatches++;
    return {
      ...change,
      inTime: change.sentAt < lock,
      inFinalView: (finalVotes[change.seat] ?? 0) > 0,
      voteEnd,
      serverRttMs: rtt(change.seat),
    };
  });

  await requireOk(storyteller, 'voteControl', { action: 'finish' });
  await Promise.all(
    [storyteller, ...players.map((player) => player.client)].map((client) =>
      viewWhen(client, (view) => view.vote.nomination === null, VIEW_TIMEOUT_MS),
    ),
  );
  return { round, nominator, nominee, voteTimer, voteEnd, changes: judged, spreads, lockMismatches };
};
