/**
 * The installed app (spec 1 §2): run from the desktop or home screen, it shows its version with an
 * "-app" suffix and offers Quit. A browser tab is neither.
 */
export const STANDALONE_QUERY = '(display-mode: standalone)';

export const isStandalone = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(STANDALONE_QUERY).matches;

/** The version as shown: "1.2.3", or "1.2.3-app" in the installed app. */
export const shownVersion = (version: string, standalone: boolean): string => (standalone ? `${version}-app` : version);
