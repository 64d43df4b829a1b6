import { describe, expect, it } from 'vitest';
import { isPopoutSupported, POPOUT_EXTRA_HEIGHT, popoutSize } from './popout';

describe('character sheet pop-out (spec 3 §4)', () => {
  it('asks for a window as high as the sheet plus 200', () => {
    expect(POPOUT_EXTRA_HEIGHT).toBe(200);
    expect(popoutSize({ width: 480, height: 1272 })).toEqual({ width: 480, height: 1472 });
    expect(popoutSize({ width: 120.4, height: 300.6 })).toEqual({ width: 320, height: 501 });
  });

  it('is not offered where the browser has no Document Picture-in-Picture', () => {
    expect(isPopoutSupported()).toBe(false);
  });
});
