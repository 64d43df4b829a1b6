import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from './settingsStore';
import { volumeLevel } from './volumeDisplay';

describe('stored settings', () => {
  it('keep the spec 3 §5 ranges: zooms 0.5–3 step 0.1, token zoom −10..15 step 1', () => {
    const read = parseSettings(JSON.stringify({ avatarZoom: 9, reminderZoom: 0.12, tokenZoom: -40 }));
    expect(read.avatarZoom).toBe(3);
    expect(read.reminderZoom).toBe(0.5);
    expect(read.tokenZoom).toBe(-10);
    expect(parseSettings(JSON.stringify({ tokenZoom: 15.4, avatarZoom: 1.26 }))).toMatchObject({
      tokenZoom: 15,
      avatarZoom: 1.3,
    });
  });

  it('wrap the colorblind mode modulo 8 and default the chroma key to #00B140', () => {
    expect(parseSettings(JSON.stringify({ colorblind: 10 })).colorblind).toBe(2);
    expect(parseSettings('{}').chromaKey).toBe('#00B140');
  });

  it('refuse what could break out of a style rule or run script', () => {
    const read = parseSettings(
      JSON.stringify({
        chromaKey: 'red}body{display:none',
        background: 'javascript:alert(1)',
        stackReminderTokens: 'x',
      }),
    );
    expect(read.chromaKey).toBe('#00B140');
    expect(read.background).toBe('');
    expect(read.stackReminderTokens).toBeNull();
  });

  it('fall back to the defaults for a damaged store', () => {
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('[1,2]')).toEqual(DEFAULT_SETTINGS);
  });
});

describe('the volume as shown (spec 3 §9: logarithmic scale × 15)', () => {
  it('runs from 0 to 15', () => {
    expect(volumeLevel(0)).toBe(0);
    expect(volumeLevel(1)).toBe(15);
    expect(volumeLevel(0.5)).toBe(11);
  });
});
