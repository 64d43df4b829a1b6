import { describe, expect, it } from 'vitest';
import { tickSound } from './voteSounds';

describe('tickSound (spec 1 §4: the short tick if the speed is under 1000 ms)', () => {
  it('uses the short tick at 900 ms and the normal one from 1000 ms', () => {
    expect(tickSound(500)).toBe('voteTickShort');
    expect(tickSound(900)).toBe('voteTickShort');
    expect(tickSound(1000)).toBe('voteTick');
    expect(tickSound(4000)).toBe('voteTick');
  });
});
