import { describe, expect, it } from 'vitest';
import { toggledMode } from '../session/gameUiStore';
import { centreOverlay, type OverlayInput } from './overlay';

const none: OverlayInput = {
  hook: null,
  mode: 'grimoire',
  isStoryteller: false,
  isPointing: false,
  hasNomination: false,
  hasNightAction: false,
};

describe('centre overlay priority (spec 1 §2)', () => {
  it('shows town info when nothing else applies', () => {
    expect(centreOverlay(none)).toBe('town-info');
  });

  it('puts an active hook (attention gong) above everything', () => {
    const all = { ...none, isStoryteller: true, mode: 'gather' as const, isPointing: true, hasNomination: true };
    expect(centreOverlay({ ...all, hook: 'attention-gong' })).toBe('hook');
    expect(centreOverlay({ ...all, hook: 'distribute-roles' })).toBe('hook');
  });

  it('then the Storyteller modes, then pointing, reveal, vote, night action', () => {
    expect(centreOverlay({ ...none, isStoryteller: true, mode: 'gather', isPointing: true })).toBe('gather');
    expect(centreOverlay({ ...none, mode: 'gather', isPointing: true })).toBe('pointing');
    expect(centreOverlay({ ...none, isPointing: true, hook: 'reveal-grimoire' })).toBe('pointing');
    expect(centreOverlay({ ...none, hook: 'reveal-grimoire', hasNomination: true })).toBe('reveal');
    expect(centreOverlay({ ...none, hasNomination: true, hasNightAction: true })).toBe('vote');
    expect(centreOverlay({ ...none, hasNightAction: true })).toBe('night-action');
  });

  it('gather is the Storyteller\u2019s only: others never see it', () => {
    expect(centreOverlay({ ...none, mode: 'gather' })).toBe('town-info');
  });

  it('toggles a mode back to the grimoire when it is chosen again (spec 1 §4)', () => {
    expect(toggledMode('grimoire', 'gather')).toBe('gather');
    expect(toggledMode('gather', 'gather')).toBe('grimoire');
  });
});
