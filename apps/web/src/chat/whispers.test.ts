import { apply, type SessionState, type SessionView, view as viewOf } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { tableView } from '../session/testView';
import {
  channelMembers,
  hasWhisperQueue,
  incomingRequests,
  isWhispering,
  roomMembers,
  roomsHidden,
  secondsLeft,
  whisperTargets,
} from './whispers';

const T = 1_000_000;
/** Applies intents to the full state behind a test view, then looks again as `viewer`. */
const after = (base: SessionView, steps: [string, object][], viewer: string, at = T): SessionView => {
  let state = base as unknown as SessionState;
  for (const [who, intent] of steps) {
    const r = apply(state, intent as never, { userId: who, level: 'none' }, at);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return viewOf(state, viewer);
};

describe('the whisper tab (spec 2 §4, §6)', () => {
  it('offers a seated player the Storyteller and the two neighbours only', () => {
    expect(whisperTargets(tableView(6, 'p1')).sort()).toEqual(['p2', 'p6', 'st']);
  });

  it('offers the Storyteller every seated player; a spectator no one', () => {
    expect(whisperTargets(tableView(4, 'st')).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(whisperTargets(tableView(4, 'spec'))).toEqual([]);
    expect(hasWhisperQueue(tableView(4, 'spec'))).toBe(false);
    expect(hasWhisperQueue(tableView(4, 'p1'))).toBe(true);
  });

  it('queues incoming requests oldest first, and drops them after 10 s', () => {
    const base = tableView(6, 'st');
    const v = after(
      base,
      [
        ['p2', { type: 'whisperRequest', to: 'p1' }],
        ['st', { type: 'whisperRequest', to: 'p1' }],
      ],
      'p1',
    );
    expect(incomingRequests(v, T + 1).map((r) => r.from)).toEqual(['p2', 'st']);
    expect(incomingRequests(v, T + 10_000)).toEqual([]);
    expect(secondsLeft(v.chat.whisperRequests[0]!, T + 2_500, 10_000)).toBe(8);
  });

  it('lists the members of the shared channel, and shows others only an envelope', () => {
    const base = tableView(6, 'st');
    const steps: [string, object][] = [
      ['p1', { type: 'whisperRequest', to: 'p2' }],
      ['p2', { type: 'whisperRequest', to: 'p1' }],
    ];
    expect(channelMembers(after(base, steps, 'p1'))).toEqual(['p1', 'p2']);
    const outsider = after(base, steps, 'p4');
    expect(channelMembers(outsider)).toEqual([]);
    expect(isWhispering(outsider, 'p1')).toBe(true);
    expect(isWhispering(outsider, 'p3')).toBe(false);
  });

  it('lists the five rooms, hidden at night', () => {
    const base = tableView(6, 'st');
    const v = after(base, [['p3', { type: 'channel', channel: 'room-2' }]], 'p1');
    expect(Object.keys(roomMembers(v))).toHaveLength(5);
    expect(roomMembers(v)['room-2']).toEqual(['p3']);
    expect(roomsHidden(v)).toBe(false);
    expect(roomsHidden(after(base, [['st', { type: 'toggleNight' }]], 'p1'))).toBe(true);
  });
});
