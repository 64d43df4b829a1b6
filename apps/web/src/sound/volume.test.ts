import { describe, expect, it } from 'vitest';
import { effectiveVolume, parseVolumes } from './volume';

describe('sound volume (spec 1 §4)', () => {
  it('is master times the sound\u2019s own volume, each 1 by default', () => {
    expect(effectiveVolume({ master: 1, sounds: {} }, 'attentionGong')).toBe(1);
    expect(effectiveVolume({ master: 0.5, sounds: { timerGong: 0.5 } }, 'timerGong')).toBe(0.25);
  });

  it('is muted when the master or the sound is at 0', () => {
    expect(effectiveVolume({ master: 0, sounds: { timerGong: 1 } }, 'timerGong')).toBe(0);
    expect(effectiveVolume({ master: 1, sounds: { timerGong: 0 } }, 'timerGong')).toBe(0);
  });

  it('reads stored volumes and ignores damaged ones', () => {
    expect(parseVolumes('{"master":0.3,"sounds":{"timerGong":2,"nope":1,"attentionGong":"x"}}')).toEqual({
      master: 0.3,
      sounds: { timerGong: 1 },
    });
    expect(parseVolumes('not json')).toEqual({ master: 1, sounds: {} });
    expect(parseVolumes(null)).toEqual({ master: 1, sounds: {} });
  });
});
