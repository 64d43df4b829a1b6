import { create } from 'zustand';

/**
 * Spec 3 §3 settings that have no other home in the app, stored in this browser only. Settings that
 * already live elsewhere (sound volumes, chat preferences, night ping, player night order and bluffs,
 * touch support, image opt-in) are edited in place by the dialog rather than copied here.
 */
export interface Settings {
  /** Spec 3 §5: 0.5–3, step 0.1. */
  avatarZoom: number;
  /** Spec 3 §5: −10..15, step 1, shown as 100 + 10x %. */
  tokenZoom: number;
  reminderZoom: number;
  /** Spec 3 §4: 0–7, wrapping modulo 8; 0 is the usual palette. */
  colorblind: number;
  isCosmeticsDisabled: boolean;
  isAnimationsDisabled: boolean;
  isPositioningDisabled: boolean;
  isEnglishNames: boolean;
  isTutorialDisabled: boolean;
  /** True, false or null for automatic. */
  stackReminderTokens: boolean | null;
  isNightOrder: boolean;
  isPlayerDuplicates: boolean;
  hasNightStatic: boolean;
  hasPublicTownSquare: boolean;
  hasCondensedSheets: boolean;
  /** The chroma key backdrop is painted only while on. */
  isChromaKey: boolean;
  chromaKey: string;
  customCSS: string;
  customCSSEnabled: boolean;
  /** An image or video (mp4, webm) address behind the table, or '' for none. */
  background: string;
}

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const TOKEN_ZOOM_MIN = -10;
export const TOKEN_ZOOM_MAX = 15;
export const COLORBLIND_MODES = 8;
export const DEFAULT_CHROMA_KEY = '#00B140';
/** A stylesheet (typed or fetched) is kept up to this many characters. */
export const CUSTOM_CSS_MAX = 100_000;
export const BACKGROUND_MAX = 2_000;

export const DEFAULT_SETTINGS: Settings = {
  avatarZoom: 1,
  tokenZoom: 0,
  reminderZoom: 1,
  colorblind: 0,
  isCosmeticsDisabled: false,
  isAnimationsDisabled: false,
  isPositioningDisabled: false,
  isEnglishNames: false,
  isTutorialDisabled: false,
  stackReminderTokens: null,
  isNightOrder: true,
  isPlayerDuplicates: false,
  hasNightStatic: false,
  hasPublicTownSquare: false,
  hasCondensedSheets: false,
  isChromaKey: false,
  chromaKey: DEFAULT_CHROMA_KEY,
  customCSS: '',
  customCSSEnabled: false,
  background: '',
};

export const SETTINGS_STORAGE_KEY = 'belfry.settings';

const clampStep = (value: unknown, min: number, max: number, step: number, fallback: number): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  const stepped = Math.round(value / step) * step;
  return Math.min(max, Math.max(min, Math.round(stepped * 10) / 10));
};

export const wrapColorblind = (mode: number): number =>
  Number.isInteger(mode) ? ((mode % COLORBLIND_MODES) + COLORBLIND_MODES) % COLORBLIND_MODES : 0;

const HEX = /^#[0-9a-f]{6}$/i;
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : '');

/** Only http(s) and data: addresses may become a background; anything else (javascript:, …) is dropped. */
export const isBackgroundAddress = (value: string): boolean =>
  value === '' || /^(https?:\/\/|data:image\/|data:video\/|\/)/i.test(value);

/** Reads stored settings, keeping only well-formed values: a hand-edited store cannot break the page. */
export const parseSettings = (stored: string | null): Settings => {
  let raw: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    raw = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    raw = {};
  }
  const d = DEFAULT_SETTINGS;
  const background = text(raw.background, BACKGROUND_MAX);
  return {
    avatarZoom: clampStep(raw.avatarZoom, ZOOM_MIN, ZOOM_MAX, 0.1, d.avatarZoom),
    tokenZoom: clampStep(raw.tokenZoom, TOKEN_ZOOM_MIN, TOKEN_ZOOM_MAX, 1, d.tokenZoom),
    reminderZoom: clampStep(raw.reminderZoom, ZOOM_MIN, ZOOM_MAX, 0.1, d.reminderZoom),
    colorblind: typeof raw.colorblind === 'number' ? wrapColorblind(raw.colorblind) : d.colorblind,
    isCosmeticsDisabled: bool(raw.isCosmeticsDisabled, d.isCosmeticsDisabled),
    isAnimationsDisabled: bool(raw.isAnimationsDisabled, d.isAnimationsDisabled),
    isPositioningDisabled: bool(raw.isPositioningDisabled, d.isPositioningDisabled),
    isEnglishNames: bool(raw.isEnglishNames, d.isEnglishNames),
    isTutorialDisabled: bool(raw.isTutorialDisabled, d.isTutorialDisabled),
    stackReminderTokens: typeof raw.stackReminderTokens === 'boolean' ? raw.stackReminderTokens : null,
    isNightOrder: bool(raw.isNightOrder, d.isNightOrder),
    isPlayerDuplicates: bool(raw.isPlayerDuplicates, d.isPlayerDuplicates),
    hasNightStatic: bool(raw.hasNightStatic, d.hasNightStatic),
    hasPublicTownSquare: bool(raw.hasPublicTownSquare, d.hasPublicTownSquare),
    hasCondensedSheets: bool(raw.hasCondensedSheets, d.hasCondensedSheets),
    isChromaKey: bool(raw.isChromaKey, d.isChromaKey),
    chromaKey: typeof raw.chromaKey === 'string' && HEX.test(raw.chromaKey) ? raw.chromaKey : d.chromaKey,
    customCSS: text(raw.customCSS, CUSTOM_CSS_MAX),
    customCSSEnabled: bool(raw.customCSSEnabled, d.customCSSEnabled),
    background: isBackgroundAddress(background) ? background : '',
  };
};

const read = (): Settings => {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
};

export const useSettings = create<Settings>(() => read());

/** Changes settings; each value passes the same checks as a stored one. */
export const setSettings = (patch: Partial<Settings>): void => {
  const next = parseSettings(JSON.stringify({ ...useSettings.getState(), ...patch }));
  useSettings.setState(next);
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the setting still applies for this visit.
  }
};

// Another tab of this browser changed them: follow.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SETTINGS_STORAGE_KEY) useSettings.setState(parseSettings(event.newValue));
  });
}
