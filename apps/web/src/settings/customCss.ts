import { create } from 'zustand';
import { CUSTOM_CSS_MAX, setSettings } from './settingsStore';

/** Spec 3 §4 / §9: enabling custom CSS asks to keep it, and turns it off again after 10 s without an answer. */
export const CUSTOM_CSS_CONFIRM_MS = 10_000;

interface ConfirmState {
  /** When the unanswered question gives up (ms since epoch), or null when nothing is being asked. */
  deadline: number | null;
}

export const useCustomCssConfirm = create<ConfirmState>(() => ({ deadline: null }));

let timer: ReturnType<typeof setTimeout> | undefined;

const settle = (keep: boolean): void => {
  clearTimeout(timer);
  useCustomCssConfirm.setState({ deadline: null });
  if (!keep) setSettings({ customCSSEnabled: false });
};

/**
 * Turns the stylesheet on and asks to keep it. A stylesheet can hide the very controls that would turn
 * it off, so silence means no: the question lives outside the dialog and times out on its own.
 */
export const enableCustomCss = (): void => {
  setSettings({ customCSSEnabled: true });
  clearTimeout(timer);
  useCustomCssConfirm.setState({ deadline: Date.now() + CUSTOM_CSS_CONFIRM_MS });
  timer = setTimeout(() => settle(false), CUSTOM_CSS_CONFIRM_MS);
};

export const keepCustomCss = (): void => settle(true);
export const revertCustomCss = (): void => settle(false);

/** Spec 3 §5: a value starting with http(s) is an address whose text becomes the stylesheet. */
export const isCssAddress = (value: string): boolean => /^https?:\/\//i.test(value.trim());

export type CssSource = { ok: true; css: string } | { ok: false; reason: 'insecure' | 'too_large' | 'fetch' };

/**
 * The stylesheet for what the user typed: the text itself, or the text fetched from an https address.
 * Plain http is refused: the page is served over https, and a stylesheet fetched in the clear could be
 * swapped on the way.
 */
export const resolveCustomCss = async (value: string, fetcher: typeof fetch = fetch): Promise<CssSource> => {
  const trimmed = value.trim();
  if (!isCssAddress(trimmed)) {
    return value.length > CUSTOM_CSS_MAX ? { ok: false, reason: 'too_large' } : { ok: true, css: value };
  }
  if (!/^https:\/\//i.test(trimmed) && !isLocalAddress(trimmed)) return { ok: false, reason: 'insecure' };
  try {
    const response = await fetcher(trimmed, { method: 'GET', credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return { ok: false, reason: 'fetch' };
    const css = await response.text();
    return css.length > CUSTOM_CSS_MAX ? { ok: false, reason: 'too_large' } : { ok: true, css };
  } catch {
    return { ok: false, reason: 'fetch' };
  }
};

/** The page's own origin (a self-hosted server without TLS) counts as safe: it is where the app came from. */
const isLocalAddress = (value: string): boolean => {
  try {
    return typeof window !== 'undefined' && new URL(value).origin === window.location.origin;
  } catch {
    return false;
  }
};
