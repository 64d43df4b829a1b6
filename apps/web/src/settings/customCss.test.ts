import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const memory = new Map<string, string>();

const load = async () => {
  vi.resetModules();
  return {
    css: await import('./customCss'),
    store: await import('./settingsStore'),
  };
};

describe('custom CSS', () => {
  beforeEach(() => {
    memory.clear();
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => memory.set(key, value),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('turns itself off 10 s after enabling without an answer (spec 3 §4, §9)', async () => {
    const { css, store } = await load();
    css.enableCustomCss();
    expect(store.useSettings.getState().customCSSEnabled).toBe(true);
    vi.advanceTimersByTime(9_900);
    expect(store.useSettings.getState().customCSSEnabled).toBe(true);
    vi.advanceTimersByTime(200);
    expect(store.useSettings.getState().customCSSEnabled).toBe(false);
    expect(css.useCustomCssConfirm.getState().deadline).toBeNull();
  });

  it('stays on once kept, and goes off at once when declined', async () => {
    const { css, store } = await load();
    css.enableCustomCss();
    css.keepCustomCss();
    vi.advanceTimersByTime(20_000);
    expect(store.useSettings.getState().customCSSEnabled).toBe(true);
    css.enableCustomCss();
    css.revertCustomCss();
    expect(store.useSettings.getState().customCSSEnabled).toBe(false);
  });

  it('fetches the text of an https address with GET, and refuses plain http', async () => {
    const { css } = await load();
    const fetcher = vi.fn(async () => new Response('body { color: red }', { status: 200 }));
    expect(await css.resolveCustomCss('https://example.test/a.css', fetcher)).toEqual({
      ok: true,
      css: 'body { color: red }',
    });
    expect(fetcher).toHaveBeenCalledWith('https://example.test/a.css', expect.objectContaining({ method: 'GET' }));
    expect(await css.resolveCustomCss('http://example.test/a.css', fetcher)).toEqual({ ok: false, reason: 'insecure' });
    expect(await css.resolveCustomCss('.a { color: blue }', fetcher)).toEqual({ ok: true, css: '.a { color: blue }' });
  });
});
