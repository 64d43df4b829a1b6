import { describe, expect, it } from 'vitest';
import { shownImage } from './imageOptIn';

describe('shownImage (spec 3 §3 image opt-in)', () => {
  it('draws an https picture only for a user who opted in', () => {
    expect(shownImage('https://img.example/a.png', true)).toBe('https://img.example/a.png');
    expect(shownImage('https://img.example/a.png', false)).toBeNull();
    expect(shownImage('http://img.example/a.png', true)).toBeNull();
    expect(shownImage('data:image/png;base64,AAAA', true)).toBeNull();
    expect(shownImage(undefined, true)).toBeNull();
  });
});
