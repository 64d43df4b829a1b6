import type { Socket } from 'socket.io-client';
import { patchView, type ViewPatch } from '@belfry/protocol';
import { type Browser, expect, type Page, test } from '../fixtures';
import { createSessionViaApi, joinViaSocket, registerViaApi, type Tokens } from '../api';
import { MailCatcher } from '../mail';
import { ServerProcess } from '../server';
import { openMenu, pageFor, unique } from '../shots/gameTable';

/**
 * Issue 14: a game with a night pointing at the minions, a secret vote, the Storyteller's reminders
 * on a player's seat, a player's own notes and a seat change mid-game. Every frame and polling answer
 * each player's and a spectator's browser receives is recorded, replayed into views the way the web
 * app builds them, and searched for every secret of the game.
 */
const mail = new MailCatcher();
let server: ServerProcess;
let host: Tokens;

test.beforeAll(async () => {
  server = new ServerProcess(18_499, { SMTP_URL: await mail.start(), RATE_LIMIT_FACTOR: '100' });
  await server.start();
  host = await registerViaApi(server, mail, 'host'); // the install's first account: it has a level
});
test.afterAll(async () => {
  await server.stop();
  await mail.stop();
});

const role = (id: string, team: string, extra: Record<string, unknown> = {}) => ({ id, name: id, team, ...extra });
/** Seat by seat; seat 5 carries a character but nobody sits there. */
const ROLES = [
  { role: role('chef', 'townsfolk'), alignment: 'g' },
  { role: role('imp', 'demon'), alignment: 'e' },
  { role: role('organgrinder', 'minion', { special: [{ type: 'vote', name: 'hidden' }] }), alignment: 'e' },
  { role: role('empath', 'townsfolk'), alignment: 'g' },
  { role: role('washerwoman', 'townsfolk'), alignment: 'g' },
  { role: role('recluse', 'outsider'), alignment: 'g' },
];
const NOTE = 'my-guess-imp-is-seat-two';

interface Watcher {
  id: string;
  tokens: Tokens;
  page: Page;
  /** Every text that reached this page from /backend/: socket frames, polling answers, API answers. */
  received: string[];
}

/** A browser in the session, recording everything that reaches it from the server. */
const watch = async (browser: Browser, tokens: Tokens, code: string): Promise<Watcher> => {
  const received: string[] = [];
  const page = await pageFor(browser, server, tokens, code, { received });
  return { id: tokens.user.id, tokens, page, received };
};

type View = {
  viewer: { id: string; seat: number };
  version: number;
  seats: {
    id: string;
    role: { id: string; team: string } | null;
    alignment: string | null;
    reminders: unknown[];
    notes: Record<string, unknown[]>;
    isMarkedForDeath: boolean;
    revealed: boolean;
    status: string[];
  }[];
  storytellers: { role: unknown; reminders: unknown[] }[];
  bluffs: unknown[];
  vote: {
    isHidden: boolean;
    votes: number[];
    highscore: number;
    markedPlayer: number;
    tally: { highscore: number; markedPlayer: number };
    history: unknown[];
  };
  pointing: { recipients: number[] | null; members: string[] } | null;
};

/** The Socket.IO packets in a frame or polling answer: events ("2") with their name and payload. */
const events = (text: string): [string, unknown][] =>
  text.split('\x1e').flatMap((packet) => {
    const match = /^42\d*(\[.*)$/s.exec(packet);
    if (!match) return [];
    const [name, payload] = JSON.parse(match[1]!) as [string, unknown];
    return [[name, payload]];
  });

/** Replays what a page received into the views it held, and checks each against what its viewer may know. */
const replayAndCheck = (w: Watcher): number => {
  let view: View | null = null;
  let checked = 0;
  for (const text of w.received) {
    for (const [name, payload] of events(text)) {
      if (name === 'session') view = payload as View;
      else if (name === 'patch' && view) view = patchView(view, payload as ViewPatch) ?? view;
      else continue;
      checked++;
      const v = view!;
      const own = v.viewer.seat;
      for (const [i, seat] of v.seats.entries()) {
        expect(
          Object.keys(seat.notes).filter((author) => author !== w.id),
          `${w.id}: others' notes`,
        ).toEqual([]);
        expect(seat.isMarkedForDeath, `${w.id}: a night mark`).toBe(false);
        expect(seat.reminders, `${w.id}: the Storyteller's reminders on seat ${i}`).toEqual([]);
        if (i === own || seat.revealed) continue;
        expect(seat.role === null || seat.role.team === 'traveller', `${w.id}: seat ${i}'s character`).toBe(true);
        expect(seat.alignment, `${w.id}: seat ${i}'s alignment`).toBeNull();
        expect(seat.status, `${w.id}: seat ${i}'s eyes`).toEqual([]);
      }
      expect(v.storytellers.every((st) => st.role === null && st.reminders.length === 0)).toBe(true);
      expect(
        v.bluffs.every((b) => b === null),
        `${w.id}: bluffs`,
      ).toBe(true);
      expect(v.vote.history, `${w.id}: the vote log`).toEqual([]);
      expect(v.vote.highscore, `${w.id}: the highscore`).toBe(v.vote.tally.highscore);
      expect(v.vote.markedPlayer, `${w.id}: the mark`).toBe(v.vote.tally.markedPlayer);
      if (v.vote.isHidden)
        expect(
          v.vote.votes.filter((hands, i) => hands > 0 && i !== own),
          `${w.id}: others' hands in a secret vote`,
        ).toEqual([]);
      if (v.pointing && v.pointing.recipients !== null)
        expect(v.pointing.members, `${w.id}: a night pointing`).toContain(w.id);
    }
  }
  return checked;
};

const confirm = (page: Page) => page.getByTestId('confirm-dialog').getByRole('button').last().click();

test('what players and a spectator receive through a whole game holds none of its secrets', async ({ browser }) => {
  test.setTimeout(240_000);
  const code = `secrets-${unique()}`;
  await createSessionViaApi(server, host.accessToken, { name: code, seats: 6 });
  const st = await watch(browser, host, code);
  const players: Watcher[] = [];
  for (let i = 0; i < 5; i++) {
    const w = await watch(browser, await registerViaApi(server, mail, `p${i}-${unique()}`), code);
    await w.page.getByTestId(`seat-${i}`).click();
    await expect(st.page.getByTestId(`seat-${i}`)).not.toHaveAttribute('data-occupant', 'empty');
    players.push(w);
  }
  const spectator = await watch(browser, await registerViaApi(server, mail, `spec-${unique()}`), code);
  const watchers = [...players, spectator];

  // The Storyteller starts and hands out the characters (from a second socket, as the hand-out dialog
  // is tested in game.spec.ts), then places reminders: one on the Chef's own seat.
  const stSocket: Socket = await joinViaSocket(server, code, host.accessToken);
  const ask = (event: string, payload: unknown) => stSocket.emitWithAck(event, payload) as Promise<{ ok: boolean }>;
  await openMenu(st.page, 'playing');
  await st.page.getByTestId('start-game').click();
  await st.page.keyboard.press('Escape');
  await expect(st.page.getByTestId('receive-role-overlay')).toHaveCount(0, { timeout: 10_000 });
  expect(await ask('distributeRoles', { roles: ROLES })).toEqual({ ok: true });
  for (const [i, w] of players.entries())
    await expect(w.page.getByTestId(`seat-${i}-role`)).toHaveAttribute('data-role', ROLES[i]!.role.id);
  expect(await ask('addReminder', { index: 0, role: 'drunk', name: 'Is the Drunk' })).toEqual({ ok: true });
  expect(await ask('addReminder', { index: 3, role: 'poisoner', name: 'Poisoned' })).toEqual({ ok: true });
  await expect(st.page.getByTestId('seat-0-reminder-0')).toBeVisible();
  await expect(players[0]!.page.getByTestId('seat-0-reminder-0')).toHaveCount(0);

  // Player 0 keeps a note on seat 2; only they see it.
  const p0 = players[0]!.page;
  await p0.getByTestId('seat-2').hover();
  await p0.getByTestId('reminder-add-2').click();
  await p0.getByTestId('reminder-custom').fill(NOTE);
  await p0.getByTestId('reminder-custom-add').click();
  await expect(p0.getByTestId('seat-2-note-0')).toBeVisible();
  await expect(st.page.getByTestId('seat-2-note-0')).toHaveCount(0);

  // Night: the minions point. Only the Organ Grinder (seat 2) takes part and sees it.
  await openMenu(st.page, 'game');
  await st.page.getByTestId('toggle-night').click();
  await openMenu(st.page, 'game');
  await st.page.getByTestId('start-pointing').click();
  await st.page.getByTestId('pointing-team-minion').click();
  const minion = players[2]!.page;
  await expect(minion.getByTestId('pointing-overlay')).toBeVisible();
  await minion.getByTestId('seat-0-role').click();
  await expect(st.page.getByTestId('seat-0-pointed')).toHaveAttribute('data-count', '1');
  for (const w of [players[0]!, players[1]!, players[3]!, spectator])
    await expect(w.page.getByTestId('pointing-overlay')).toHaveCount(0);
  await expect(st.page.getByTestId('pointing-overlay')).toHaveAttribute('data-state', 'locked', { timeout: 10_000 });
  await st.page.getByTestId('stop-pointing').click();
  await expect(st.page.getByTestId('pointing-overlay')).toHaveCount(0);

  // Day: a secret vote (the Organ Grinder is in play). Three hands: the count and mark stay in the grimoire.
  await openMenu(st.page, 'game');
  await st.page.getByTestId('toggle-night').click();
  await st.page.keyboard.press('Escape');
  await st.page.getByTestId('vote-secret').click();
  await st.page.getByTestId('nominate').click();
  await st.page.getByTestId('nominate-seat-0').click();
  await st.page.getByTestId('nominate-seat-3').click();
  for (const i of [1, 2, 4]) await players[i]!.page.getByTestId('vote-up').click();
  await expect(st.page.getByTestId('vote-count')).toHaveAttribute('data-count', '3');
  await expect(players[0]!.page.getByTestId('vote-count')).toContainText('?');
  await st.page.getByTestId('vote-start').click();
  await expect(st.page.getByTestId('seat-3-vote-marked')).toBeVisible({ timeout: 20_000 });
  await expect(players[0]!.page.getByTestId('seat-3-vote-marked')).toHaveCount(0);
  await st.page.getByTestId('vote-close').click();
  await expect(st.page.getByTestId('vote-overlay')).toHaveCount(0);

  // A seat change mid-game: player 4 stands up. Seat 5 (the Recluse nobody holds) is not theirs to take,
  // nor is their own seat the spectator's; they sit down again in their own.
  const p4 = players[4]!.page;
  await p4.getByTestId('vacate').click();
  await confirm(p4);
  await expect(st.page.getByTestId('seat-4')).toHaveAttribute('data-occupant', 'empty');
  await expect(p4.getByTestId('seat-5')).not.toHaveClass(/seat--claimable/);
  await expect(p4.getByTestId('seat-4')).toHaveClass(/seat--claimable/);
  await expect(spectator.page.getByTestId('seat-4')).not.toHaveClass(/seat--claimable/);
  // Asked from a socket of their own (what a hostile client would send), the server refuses too.
  const p4Socket = await joinViaSocket(server, code, players[4]!.tokens.accessToken);
  expect(await p4Socket.emitWithAck('claimSeat', { index: 5 })).toMatchObject({
    ok: false,
    error: { code: 'seat_held' },
  });
  p4Socket.close();
  await p4.getByTestId('seat-4-role').click();
  await expect(st.page.getByTestId('seat-4')).not.toHaveAttribute('data-occupant', 'empty');
  await expect(p4.getByTestId('seat-4-role')).toHaveAttribute('data-role', 'washerwoman');
  stSocket.close();

  // Everything each page received, replayed and searched.
  for (const [i, w] of watchers.entries()) {
    const all = w.received.join('\n');
    expect(replayAndCheck(w), `${w.id} received views`).toBeGreaterThan(10);
    for (const [j, { role: r }] of ROLES.entries())
      if (j !== i) expect(all, `${w.id} got seat ${j}'s character`).not.toContain(`"id":"${r.id}"`);
    expect(all).not.toContain('Is the Drunk');
    expect(all).not.toContain('Poisoned');
    if (i !== 0) expect(all, `${w.id} got player 0's note`).not.toContain(NOTE);
    if (i !== 2) expect(all, `${w.id} got the pointing team`).not.toMatch(/"recipients":\[\d/);
  }
  expect(players[0]!.received.join('\n')).toContain(NOTE);
  expect(players[2]!.received.join('\n')).toMatch(/"recipients":\[2\]/);

  // Issue 19: what a screen reader reads out of the table (seats, tokens, the centre) holds a player's
  // own character and nobody else's; the spectator's holds none.
  for (const [i, w] of watchers.entries()) {
    const snapshot = await w.page.getByRole('main').ariaSnapshot();
    expect(snapshot.includes(NOTE), `${w.id}'s screen reader on player 0's note`).toBe(i === 0);
    const read = snapshot.replaceAll(NOTE, '');
    for (const [j, { role: r }] of ROLES.entries()) {
      const said = new RegExp(`\\b${r.name}\\b`, 'i').test(read);
      expect(said, `${w.id}'s screen reader on seat ${j}'s ${r.name}`).toBe(i === j && i < players.length);
    }
    for (const secret of ['Is the Drunk', 'Poisoned']) expect(read).not.toContain(secret);
  }
});
