import { describe, expect, it } from 'vitest';
import { ALICE, BOB, tableWith } from './testing';
import type { Role, SessionState } from './types';
import { view } from './view';

const imp: Role = { id: 'imp', name: 'Imp', team: 'demon' };
const chef: Role = { id: 'chef', name: 'Chef', team: 'townsfolk' };
const scapegoat: Role = { id: 'scapegoat', name: 'Scapegoat', team: 'traveller' };

const seatedTable = (): SessionState => {
  const s = tableWith(3);
  s.seats[0] = {
    ...s.seats[0]!,
    id: ALICE.userId,
    role: imp,
    alignment: 'e',
    reminders: [{ role: 'imp', name: 'Dead', isFlipped: false }],
  };
  s.seats[1] = { ...s.seats[1]!, id: BOB.userId, role: chef, alignment: 'g' };
  s.seats[2] = { ...s.seats[2]!, role: scapegoat, alignment: 'e' };
  s.bluffs = [chef, null, null];
  return s;
};

describe('view (DESIGN principle 1: each viewer sees only what they may)', () => {
  it("hides another player's role from a seated player and shows them their own", () => {
    const bobView = view(seatedTable(), BOB.userId);
    expect(bobView.seats[0]!.role).toBeNull();
    expect(bobView.seats[0]!.alignment).toBeNull();
    expect(bobView.seats[0]!.reminders).toEqual([]);
    expect(bobView.seats[1]!.role?.id).toBe('chef');
    expect(bobView.viewer).toMatchObject({ role: 'player', seat: 1, grimoireAccess: false });
    expect(JSON.stringify(bobView)).not.toContain('imp');
  });

  it("a player's notes on seats show to them alone, whatever row the others share", () => {
    const s = seatedTable();
    const note = { role: 'custom', name: 'Liar?', isFlipped: false };
    s.seats[0] = { ...s.seats[0]!, notes: { [BOB.userId]: [note] } };
    s.seats[2] = { ...s.seats[2]!, notes: { mod: [note] } };
    expect(view(s, BOB.userId).seats[0]!.notes).toEqual({ [BOB.userId]: [note] });
    expect(view(s, BOB.userId).seats[2]!.notes).toEqual({});
    // A spectator with notes, and one without beside them.
    expect(view(s, 'mod').seats[2]!.notes).toEqual({ mod: [note] });
    expect(view(s, 'mod').seats[0]!.notes).toEqual({});
    s.users.carol = { ...s.users.alice!, id: 'carol', username: 'carol' };
    expect(view(s, 'carol').seats.map((seat) => seat.notes)).toEqual([{}, {}, {}]);
    expect(view(s, ALICE.userId).seats.map((seat) => seat.notes)).toEqual([{}, {}, {}]);
    expect(view(s, 'st').seats.map((seat) => seat.notes)).toEqual([{}, {}, {}]);
  });

  it('shows every role to the Storyteller', () => {
    const stView = view(seatedTable(), 'st');
    expect(stView.seats.map((x) => x.role?.id)).toEqual(['imp', 'chef', 'scapegoat']);
    expect(stView.seats[0]!.reminders).toHaveLength(1);
    expect(stView.bluffs[0]?.id).toBe('chef');
  });

  it("shows a traveller's character but not its alignment", () => {
    const bobView = view(seatedTable(), BOB.userId);
    expect(bobView.seats[2]!.role?.id).toBe('scapegoat');
    expect(bobView.seats[2]!.alignment).toBeNull();
  });

  it('a spectator with grimoire access 3 sees the grimoire; one with 1 does not', () => {
    const s = seatedTable();
    s.users.mod!.grimoireAccess = 3;
    expect(view(s, 'mod').seats[0]!.role?.id).toBe('imp');
    s.users.mod!.grimoireAccess = 1;
    expect(view(s, 'mod').seats[0]!.role).toBeNull();
  });

  it('hides hidden votes and the vote history from players, but keeps their own vote', () => {
    const s = seatedTable();
    s.vote = { ...s.vote, isHidden: true, votes: [1, 1, 0] };
    s.vote.history = [
      {
        timestamp: 0,
        phase: 2,
        nominator: 0,
        nominee: 1,
        type: 'execution',
        majority: 2,
        votes: 2,
        voters: ['alice', 'bob'],
      },
    ];
    const bobView = view(s, BOB.userId);
    expect(bobView.vote.votes).toEqual([0, 1, 0]);
    expect(bobView.vote.history).toEqual([]);
    expect(bobView.bluffs).toEqual([null, null, null]);
  });

  it("the Storyteller's night mark reaches nobody without grimoire access, not even the marked player", () => {
    const s = seatedTable();
    s.seats[1]!.isMarkedForDeath = true;
    expect(view(s, BOB.userId).seats[1]!.isMarkedForDeath).toBe(false);
    expect(view(s, ALICE.userId).seats[1]!.isMarkedForDeath).toBe(false);
    expect(view(s, 'st').seats[1]!.isMarkedForDeath).toBe(true);
    expect(view(s, BOB.userId).seats[1]!.role?.id).toBe('chef');
  });

  it('a revealed seat shows its role to everyone', () => {
    const s = seatedTable();
    s.seats[0]!.revealed = true;
    expect(view(s, BOB.userId).seats[0]!.role?.id).toBe('imp');
  });

  it('hidden cameras in private channels show to everyone, and only while they are hidden', () => {
    const s = seatedTable();
    expect('hiddenPrivateCams' in view(s, BOB.userId)).toBe(false);
    s.hiddenPrivateCams = true;
    for (const viewer of [BOB.userId, ALICE.userId, 'st', 'mod']) expect(view(s, viewer).hiddenPrivateCams).toBe(true);
  });

  it('viewers who see the chat alike share one chat object; the grimoire keeps who follows whom', () => {
    const s = seatedTable();
    s.chat = { ...s.chat, channels: { [ALICE.userId]: 'whisper-alice-bob', [BOB.userId]: 'whisper-alice-bob' } };
    s.chat.following = { st: { target: BOB.userId, channel: '' } };
    const ofAlice = view(s, ALICE.userId).chat;
    expect(view(s, ALICE.userId).chat).toBe(ofAlice);
    expect(view(s, BOB.userId).chat).toBe(ofAlice);
    expect(ofAlice.channels[BOB.userId]).toBe('whisper-alice-bob');
    expect('following' in ofAlice).toBe(false);
    // A whisper between the two: the Storyteller gets its envelope, so their chat is made for them.
    const whisper = { msgId: 'm1', senderId: ALICE.userId, recipientId: BOB.userId, message: 'hi', time: 1 };
    s.chat = { ...s.chat, messages: [{ ...whisper, isSystem: false, isHidden: false }] };
    const ofStoryteller = view(s, 'st').chat;
    expect(ofStoryteller).not.toBe(s.chat);
    expect(ofStoryteller.messages[0]!.redacted).toBe(true);
    expect(ofStoryteller.following).toEqual({ st: { target: BOB.userId, channel: '' } });
  });
});
