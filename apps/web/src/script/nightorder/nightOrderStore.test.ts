import { describe, expect, it } from 'vitest';
import { noteHandOut, toggleNightRole, useNightOrderStore } from './nightOrderStore';

describe('night order visibility toggles (spec 3 §4)', () => {
  it('flip the shown state and reset when roles are handed out', () => {
    noteHandOut(1);
    toggleNightRole('poisoner', true);
    toggleNightRole('monk', false);
    expect(useNightOrderStore.getState().toggles).toEqual({ poisoner: false, monk: true });
    // The same hand-out seen again (a re-render, a reconnect) keeps them.
    noteHandOut(1);
    expect(useNightOrderStore.getState().toggles).toEqual({ poisoner: false, monk: true });
    noteHandOut(2);
    expect(useNightOrderStore.getState().toggles).toEqual({});
  });
});
