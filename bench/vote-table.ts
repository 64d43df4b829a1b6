import type { SessionView } from '@belfry/engine';
import type { AuthTokens } from '@belfry/protocol';
import { type BelfryInstall, registerUsers } from './accounts';
import { DelayProxy } from './delay-proxy';
import type { Random } from './random';
import { progress, sleep, withTimeout } from './timing';
import type { VoteConfig } from './vote-config';
import { shownRtt, VotePlayer } from './vote-player';
import { ViewClient } from './view-client';

/** The Storyteller (direct, no delay) and the players (each behind its own proxy) of one session. */
export interface VoteTable {
  sessionId: string;
  storyteller: ViewClient;
  players: VotePlayer[];
  registerSeconds: number;
  setupSeconds: number;
}

const SESSION_NAME = 'vote-bench';
const STEP_TIMEOUT_MS = 30_000;

const createSession = async (port: number, storyteller: AuthTokens, seats: number): Promise<string> => {
  const response = await fetch(`http://127.0.0.1:${port}/backend/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${storyteller.accessToken}` },
    body: JSON.stringify({ name: SESSION_NAME, seats, isPublic: false }),
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`creating the session answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { sessionId: string }).sessionId;
};

/** Resolves with the client's view once `check` holds for it. */
export const viewWhen = async (client: ViewClient, check: (view: SessionView) => boolean, ms: number) => {
  await client.watch(check, ms).arrived;
  if (!client.view) throw new Error('no view');
  return client.view;
};

export const requireOk = async (client: ViewClient, event: string, payload: unknown) => {
  const ack = await client.request(event, payload, STEP_TIMEOUT_MS);
  if (!ack.ok) throw new Error(`${event} ${JSON.stringify(payload)} was refused: ${ack.error.code}`);
};

export const setUpTable = async (config: VoteConfig, install: BelfryInstall, random: Random): Promise<VoteTable> => {
  let began = Date.now();
  const users = await registerUsers(install, config.players + 1);
  const registerSeconds = (Date.now() - began) / 1000;
  progress(`registered ${users.length} users (captcha, mailed code) in ${registerSeconds.toFixed(1)} s`);

  began = Date.now();
  const [admin, ...others] = users;
  if (!admin) throw new Error('no users registered');
  const sessionId = await createSession(install.port, admin, config.players);
  const storyteller = new ViewClient(install.port, sessionId, admin.user.id, admin.accessToken);
  const players: VotePlayer[] = [];
  try {
    await storyteller.joined(STEP_TIMEOUT_MS);
    // Delays are drawn first and in seat order, so the seed alone decides them.
    const delays = others.map(() => Math.floor(random() * (config.maxDelayMs + 1)));
    const proxies = await Promise.all(delays.map((delay) => DelayProxy.start(install.port, delay)));
    others.forEach((user, seat) => {
      players.push(new VotePlayer(proxies[seat]!, seat, sessionId, user.user.id, user.accessToken));
    });
    await Promise.all(players.map((player) => player.client.joined(STEP_TIMEOUT_MS)));
    await Promise.all(players.map((player) => requireOk(player.client, 'claimSeat', { index: player.seat })));
    // Every seat taken, and the server has measured every player's round trip (it does so on connecting):
    // each player has answered a serverPing, and the figure is in the view where views carry it.
    const ready = (view: SessionView | null) =>
      players.every(
        (player) =>
          view?.seats[player.seat]?.id === player.client.userId &&
          player.client.pings > 0 &&
          (!('ping' in (view.users[player.client.userId] ?? {})) || shownRtt(view, player.client.userId) !== null),
      );
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (!ready(storyteller.view)) {
      if (Date.now() > deadline) throw new Error('the seats or the round trip measurements did not arrive in time');
      await sleep(50);
    }
    await requireOk(storyteller, 'voteSpeed', { speed: config.speedMs });
    await withTimeout(
      Promise.all(players.map((player) => player.measureClock(config.pingSamples, config.clock))),
      STEP_TIMEOUT_MS,
      'estimating the clock offsets',
    );
    const setupSeconds = (Date.now() - began) / 1000;
    progress(
      `session "${sessionId}": ${players.length} players seated behind proxies ` +
        `(one-way ${Math.min(...delays)}–${Math.max(...delays)} ms), clocks estimated, in ${setupSeconds.toFixed(1)} s`,
    );
    return { sessionId, storyteller, players, registerSeconds, setupSeconds };
  } catch (error) {
    await closeTable({ storyteller, players });
    throw error;
  }
};

/** Disconnects everyone, then closes the proxies once the goodbyes have passed through them. */
export const closeTable = async (table: Pick<VoteTable, 'storyteller' | 'players'>) => {
  table.storyteller.close();
  for (const player of table.players) player.close();
  await sleep(Math.max(0, ...table.players.map((player) => player.proxy.delayMs)) + 200);
  await Promise.all(table.players.map((player) => player.proxy.close()));
};
