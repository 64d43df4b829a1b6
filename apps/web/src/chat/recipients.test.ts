import { describe, expect, it } from 'vitest';
import { canSend, chatRecipients, cycleRecipient, isInputDisabled, threadOf, whisperEnvelopes } from './recipients';
import { msg, tableView } from '../session/testView';

describe('chat recipients (spec 2 §5 Default recipients)', () => {
  it('gives a seated player the Storyteller, both online neighbours, public and system', () => {
    const v = tableView(5, 'p1');
    expect(chatRecipients(v)).toEqual(['st', 'p2', 'p5', '', 'system']);
  });

  it('gives the Storyteller every online seated player, public, spectator, private (grimoire access) and system', () => {
    const v = tableView(3, 'st');
    v.users.p2!.isOnline = false;
    expect(chatRecipients(v)).toEqual(['p1', 'p3', '', 'spectator', 'private', 'system']);
  });

  it('gives a spectator the Storyteller and the spectator channel', () => {
    expect(chatRecipients(tableView(5, 'spec'))).toEqual(['st', '', 'spectator', 'system']);
  });

  it('adds a tab for someone who wrote to the viewer', () => {
    const v = tableView(0, 'st');
    v.chat.messages.push(msg('spec', 'st', 1));
    expect(chatRecipients(v)).toEqual(['spec', '', 'spectator', 'private', 'system']);
  });

  it('cycles with the arrow keys, wrapping', () => {
    expect(cycleRecipient(['a', '', 'system'], 'system', 1)).toBe('a');
    expect(cycleRecipient(['a', '', 'system'], 'a', -1)).toBe('system');
  });
});

describe('the prompt (spec 2 §5 Text)', () => {
  it('disables the input for private and system, and public for a non-moderator spectator', () => {
    expect(isInputDisabled(tableView(5, 'st'), 'private')).toBe(true);
    expect(isInputDisabled(tableView(5, 'st'), 'system')).toBe(true);
    expect(isInputDisabled(tableView(5, 'spec'), '')).toBe(true);
    expect(isInputDisabled(tableView(5, 'mod'), '')).toBe(false);
    expect(isInputDisabled(tableView(5, 'p1'), '')).toBe(false);
  });

  it('disables send when empty, and where the server refuses', () => {
    const v = tableView(5, 'p1');
    expect(canSend(v, '', '   ')).toBe(false);
    expect(canSend(v, '', 'hello')).toBe(true);
    expect(canSend(v, 'p2', 'psst')).toBe(true); // a neighbour
    expect(canSend(v, 'p3', 'psst')).toBe(false); // not a neighbour
    expect(canSend(v, 'st', 'psst')).toBe(true); // the Storyteller is always allowed
  });

  it('refuses whispers when the Storyteller turned them off, but not to the Storyteller', () => {
    const v = tableView(5, 'p1');
    v.isWhispersDisabled = true;
    expect(canSend(v, 'p2', 'psst')).toBe(false);
    expect(canSend(v, 'st', 'psst')).toBe(true);
  });

  it('lets spectators write only to the Storyteller and the spectator channel', () => {
    const v = tableView(5, 'spec');
    expect(canSend(v, 'st', 'hi')).toBe(true);
    expect(canSend(v, 'spectator', 'hi')).toBe(true);
    expect(canSend(v, 'p1', 'hi')).toBe(false);
  });
});

describe('threads', () => {
  it('keeps a whisper to its two ends and shows envelopes in public', () => {
    const all = [
      msg('p1', 'p2', 1),
      msg('p2', 'p1', 2),
      msg('p3', 'p4', 3, { redacted: true, message: '' }),
      msg('p1', '', 4),
    ];
    expect(threadOf(all, 'p1', 'p2').map((m) => m.time)).toEqual([1, 2]);
    expect(threadOf(all, 'p1', '').map((m) => m.time)).toEqual([3, 4]);
    expect(whisperEnvelopes(all)).toEqual({ p3: 1 });
  });
});
