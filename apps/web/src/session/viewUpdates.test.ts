import { createSession, view as viewFor, type SessionView } from '@belfry/engine';
import { diffViews } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { applyIncomingPatch } from './viewUpdates';

const owner = { id: 'st', username: 'Storyteller', pronouns: '', level: 'none' as const, flags: [], createdAt: 0 };
const base = (): SessionView => viewFor(createSession({ sessionId: 'abc', owner, seats: 3, now: 0 }), 'st');

const bumped = (from: SessionView): SessionView => {
  const next = structuredClone(from);
  next.version += 1;
  next.seats[0]!.id = 'st';
  return next;
};

describe('applyIncomingPatch', () => {
  it('applies a patch made from the version held', () => {
    const current = base();
    const next = bumped(current);
    const outcome = applyIncomingPatch(current, diffViews(current.version, next.version, current, next));
    expect(outcome).toEqual({ kind: 'applied', view: next });
    expect(current.seats[0]!.id).toBe(''); // the held view is not modified
  });

  it('asks for the full view after a gap', () => {
    const current = base();
    const two = bumped(bumped(current));
    const three = bumped(two);
    expect(applyIncomingPatch(current, diffViews(two.version, three.version, two, three))).toEqual({ kind: 'resync' });
  });

  it('ignores a patch already contained in the view', () => {
    const current = bumped(base());
    expect(applyIncomingPatch(current, { from: current.version - 1, to: current.version, ops: [] })).toEqual({
      kind: 'ignored',
    });
  });

  it('asks for the full view when the operations do not fit, or nothing is held', () => {
    const current = base();
    const broken = {
      from: current.version,
      to: current.version + 1,
      ops: [{ op: 'remove' as const, path: '/nope/x' }],
    };
    expect(applyIncomingPatch(current, broken)).toEqual({ kind: 'resync' });
    expect(applyIncomingPatch(null, broken)).toEqual({ kind: 'resync' });
  });
});
