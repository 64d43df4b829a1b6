import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import type { Intent } from './intents';
import { mediaPolicy, sameGrants } from './media';
import { view } from './view';
import { code, ok, ST, T0, tableWith, user } from './testing';
import type { Actor, SessionState } from './types';

const P = (i: number): Actor => ({ userId: `p${i}`, level: 'none' });
const WATCHER: Actor = { userId: 'watcher', level: 'none' };
const act = (s: SessionState, who: Actor, intent: Intent, at = T0) => apply(s, intent, who, at);

/** Six seated, online players p0..p5, a spectator and the Storyteller. */
const table = (): SessionState => {
  const s = tableWith(6);
  s.users = {};
  for (const id of ['st', 'watcher', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5']) {
    s.users[id] = { ...user(id), isOnline: true, grimoireAccess: 0 };
  }
  s.seats.forEach((seat, i) => (seat.id = `p${i}`));
  return s;
};
const whispering = (s: SessionState, a: number, b: number): SessionState =>
  ok(act(ok(act(s, P(a), { type: 'whisperRequest', to: `p${b}` })), P(b), { type: 'whisperRequest', to: `p${a}` }));
const grant = (s: SessionState, id: string) => mediaPolicy(s).grants[id]!;

describe('who hears whom (issue 17: decided by the game, spec 2 §4 and §6)', () => {
  it('by day everyone in the town square hears every seated player and the Storyteller; spectators never publish', () => {
    const s = table();
    expect(grant(s, 'p0')).toEqual({
      publish: true,
      hears: ['st', 'p1', 'p2', 'p3', 'p4', 'p5'],
      sees: ['st', 'p1', 'p2', 'p3', 'p4', 'p5'],
    });
    expect(grant(s, 'watcher').publish).toBe(false);
    expect(grant(s, 'watcher').hears).toEqual(['st', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
    for (const id of Object.keys(s.users)) expect(grant(s, id).hears).not.toContain('watcher');
  });

  it('a whisper pair hears only each other; nobody outside hears them', () => {
    const s = whispering(table(), 0, 1);
    expect(grant(s, 'p0').hears).toEqual(['p1']);
    expect(grant(s, 'p1').hears).toEqual(['p0']);
    for (const id of ['st', 'watcher', 'p2', 'p3', 'p4', 'p5']) {
      expect(grant(s, id).hears).not.toContain('p0');
      expect(grant(s, id).hears).not.toContain('p1');
    }
  });

  it('at night the town square carries no player: only the Storyteller publishes', () => {
    const s = ok(act(table(), ST, { type: 'toggleNight' } as Intent));
    expect(s.game.isNight).toBe(true);
    expect(grant(s, 'p0').publish).toBe(false);
    expect(grant(s, 'p2').hears).toEqual(['st']);
    expect(grant(s, 'watcher').hears).toEqual(['st']);
  });

  it('offline users publish and receive nothing', () => {
    const s = table();
    s.users.p3!.isOnline = false;
    expect(mediaPolicy(s).grants.p3).toBeUndefined();
    expect(grant(s, 'p0').hears).not.toContain('p3');
  });

  it('a grimoire holder who follows a whisperer hears that channel too, until they move; others may not follow', () => {
    let s = whispering(table(), 2, 3);
    expect(code(act(s, P(0), { type: 'follow', userId: 'p2' }))).toBe('forbidden');
    expect(code(act(s, WATCHER, { type: 'follow', userId: 'p2' }))).toBe('forbidden');
    s = ok(act(s, ST, { type: 'follow', userId: 'p2' }));
    expect(grant(s, 'st').hears).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
    expect(s.chat.following).toEqual({ st: { target: 'p2', channel: '' } });
    // Moving to a room ends the following (spec 2 §4: following is cleared on a channel change).
    s = ok(act(s, ST, { type: 'channel', channel: 'room-1' }));
    expect(s.chat.following).toBeUndefined();
    expect(grant(s, 'st').hears).toEqual([]);
  });

  it('hidden private cameras: voices still carry inside a whisper, faces do not; the town square keeps its video', () => {
    let s = whispering(table(), 0, 1);
    expect(code(act(s, P(0), { type: 'privateCams', hidden: true }))).toBe('forbidden');
    s = ok(act(s, ST, { type: 'privateCams', hidden: true }));
    expect(grant(s, 'p0')).toEqual({ publish: true, hears: ['p1'], sees: [] });
    expect(grant(s, 'p2').sees).toEqual(['st', 'p3', 'p4', 'p5']);
    s = ok(act(s, ST, { type: 'privateCams', hidden: false }));
    expect(grant(s, 'p0').sees).toEqual(['p1']);
  });

  it('cameras a viewer hides (town square, private, reveal) are not sent to that viewer; voices still are; nobody else learns the choice', () => {
    let s = ok(act(table(), P(2), { type: 'hideCams', townSquare: true, private: false, reveal: false }));
    expect(grant(s, 'p2')).toEqual({ publish: true, hears: ['st', 'p0', 'p1', 'p3', 'p4', 'p5'], sees: [] });
    expect(grant(s, 'p3').sees).toEqual(['st', 'p0', 'p1', 'p2', 'p4', 'p5']);
    for (const viewer of ['p2', 'p3', 'st']) expect(JSON.stringify(view(s, viewer))).not.toContain('hiddenCams');

    s = whispering(ok(act(s, P(0), { type: 'hideCams', townSquare: false, private: true, reveal: false })), 0, 1);
    expect(grant(s, 'p0')).toEqual({ publish: true, hears: ['p1'], sees: [] });
    expect(grant(s, 'p1').sees).toEqual(['p0']);

    s = ok(act(s, P(4), { type: 'hideCams', townSquare: false, private: false, reveal: true }));
    expect(grant(s, 'p4').sees).toEqual(grant(s, 'p4').hears);
    const reveal: SessionState = { ...s, hook: { name: 'reveal-grimoire', params: {}, since: T0, until: null } };
    expect(grant(reveal, 'p4').sees).toEqual([]);
    expect(grant(reveal, 'p3').sees).not.toEqual([]);

    // All off stores nothing; someone outside the session is refused and changes nothing.
    s = ok(act(s, P(2), { type: 'hideCams', townSquare: false, private: false, reveal: false }));
    expect(Object.keys(s.hiddenCams ?? {})).toEqual(['p0', 'p4']);
    expect(
      code(
        act(
          s,
          { userId: 'stranger', level: 'none' },
          { type: 'hideCams', townSquare: true, private: true, reveal: true },
        ),
      ),
    ).toBe('forbidden');
  });

  it('sameGrants ignores the version and sees any change of who hears whom', () => {
    const a = mediaPolicy(table());
    const moved = table();
    moved.version += 5;
    expect(sameGrants(a, mediaPolicy(moved))).toBe(true);
    expect(sameGrants(a, mediaPolicy(whispering(table(), 0, 1)))).toBe(false);
  });
});
