import { describe, expect, it } from 'vitest';
import { tableView } from '../session/testView';
import { needsBootleggerWarning } from './bootlegger';

const bootlegger = { id: 'bootlegger', name: 'Bootlegger', team: 'loric' as const };

describe('the Bootlegger warning (spec 2 §4: new users joining a session with the Bootlegger confirm a warning)', () => {
  it('asks a new user once when the Bootlegger is in play', () => {
    const v = tableView(5, 'p1');
    v.fabled = [bootlegger];
    v.users.p1!.flags = ['newuser'];
    expect(needsBootleggerWarning(v, false)).toBe(true);
    expect(needsBootleggerWarning(v, true)).toBe(false);
  });

  it('does not ask without the Bootlegger, nor a user who is not new, nor the Storyteller', () => {
    const plain = tableView(5, 'p1');
    plain.users.p1!.flags = ['newuser'];
    expect(needsBootleggerWarning(plain, false)).toBe(false);
    const seasoned = tableView(5, 'p1');
    seasoned.fabled = [bootlegger];
    expect(needsBootleggerWarning(seasoned, false)).toBe(false);
    const st = tableView(5, 'st');
    st.fabled = [bootlegger];
    st.users.st!.flags = ['newuser'];
    expect(needsBootleggerWarning(st, false)).toBe(false);
  });
});
