import { describe, expect, it } from 'vitest';
import {
  checkFileSize,
  IMAGE_OPT_IN_KEY,
  isImageOptIn,
  isScriptUrl,
  LAST_URL_KEY,
  lastScriptUrl,
  rememberScriptUrl,
  setImageOptIn,
  toMb,
} from './scriptSource';
import { memoryStore } from './testStore';

const MB = 1024 * 1024;

describe('script file size (spec 3 §5: at most 1 MB)', () => {
  it('accepts files up to exactly 1 MB', () => {
    expect(checkFileSize(0)).toBeNull();
    expect(checkFileSize(MB)).toBeNull();
  });

  it('refuses larger files with the actual and the allowed size in MB', () => {
    expect(checkFileSize(2.5 * MB)).toEqual({ kind: 'size', actualMb: 2.5, allowedMb: 1 });
    expect(checkFileSize(3 * MB + 200_000)).toEqual({ kind: 'size', actualMb: 3.2, allowedMb: 1 });
  });

  it('never shows a file just over the limit as 1 MB', () => {
    expect(checkFileSize(MB + 1)).toEqual({ kind: 'size', actualMb: 1.01, allowedMb: 1 });
    expect(toMb(MB)).toBe(1);
  });
});

describe('the last script address (spec 3 §2: kept in local storage)', () => {
  it('keeps an http or https address, trimmed', () => {
    const store = memoryStore();
    expect(rememberScriptUrl(store, '  https://example.test/script.json ')).toBe(true);
    expect(store.data.get(LAST_URL_KEY)).toBe('https://example.test/script.json');
    expect(lastScriptUrl(store)).toBe('https://example.test/script.json');
    expect(rememberScriptUrl(store, 'http://example.test/other.json')).toBe(true);
    expect(lastScriptUrl(store)).toBe('http://example.test/other.json');
  });

  it('ignores what is not a fetchable address', () => {
    const store = memoryStore({ [LAST_URL_KEY]: 'https://example.test/a.json' });
    for (const text of ['', 'script.json', 'javascript:alert(1)', 'ftp://example.test/a.json', 'data:,[]']) {
      expect(isScriptUrl(text)).toBe(false);
      expect(rememberScriptUrl(store, text)).toBe(false);
    }
    expect(lastScriptUrl(store)).toBe('https://example.test/a.json');
  });

  it('reads nothing from an empty or tampered store', () => {
    expect(lastScriptUrl(memoryStore())).toBe('');
    expect(lastScriptUrl(memoryStore({ [LAST_URL_KEY]: 'javascript:void 0' }))).toBe('');
  });
});

describe('image opt-in (spec 3 §3 isImageOptIn)', () => {
  it('is off until turned on, and can be turned off again', () => {
    const store = memoryStore();
    expect(isImageOptIn(store)).toBe(false);
    setImageOptIn(store, true);
    expect(store.data.get(IMAGE_OPT_IN_KEY)).toBe('true');
    expect(isImageOptIn(store)).toBe(true);
    setImageOptIn(store, false);
    expect(isImageOptIn(store)).toBe(false);
  });
});
