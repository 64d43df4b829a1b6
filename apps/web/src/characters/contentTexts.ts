import {
  CONTENT_LOCALES,
  type ContentTexts,
  localizeJinx,
  localizeReminder,
  localizeRole,
  nightMarkerText,
} from '@belfry/content';
import type { Role } from '@belfry/engine';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import i18n from '../i18n';

type Part = 'characters' | 'reminders' | 'jinxes' | 'night';

/** Each content locale's four files are one chunk each, loaded when that language is chosen (spec 3 §7). */
const FILES = import.meta.glob<{ default: unknown }>('../../../../packages/content/locales/*/*.json');
const fileOf = (code: string, part: Part) => FILES[`../../../../packages/content/locales/${code}/${part}.json`];

export const useContentTexts = create<{ language: string; texts: ContentTexts | null; englishNames: boolean }>(() => ({
  language: 'en',
  texts: null,
  englishNames: false,
}));

/** Settings → English names (spec 3 §3): character names stay English in another language. */
export const setEnglishNames = (englishNames: boolean) => useContentTexts.setState({ englishNames });

const isContentLocale = (code: string): boolean => (CONTENT_LOCALES as readonly string[]).includes(code);

/** Loads the character texts of the interface language, or clears them (English, or a language without). */
export const loadContentTexts = async (code: string): Promise<void> => {
  if (!isContentLocale(code)) {
    useContentTexts.setState({ language: code, texts: null });
    return;
  }
  try {
    const parts = (['characters', 'reminders', 'jinxes', 'night'] as const).map(async (part) => {
      const load = fileOf(code, part);
      return load ? ((await load()).default as Record<string, never>) : {};
    });
    const [characters, reminders, jinxes, night] = await Promise.all(parts);
    // A later switch wins over a slow earlier load.
    if (i18n.language !== code) return;
    useContentTexts.setState({
      language: code,
      texts: { characters: characters!, reminders: reminders!, jinxes: jinxes!, night: night! },
    });
  } catch {
    // Spec 3 §8: a missing locale file falls back silently to English.
    useContentTexts.setState({ language: code, texts: null });
  }
};

i18n.on('languageChanged', (code) => void loadContentTexts(code));
if (i18n.isInitialized) void loadContentTexts(i18n.language);

/**
 * Character texts as this user reads them: the interface language's where it has them (custom
 * scripts keep their own), English names when Settings asks for them.
 */
export const useRoleText = () => {
  const texts = useContentTexts((state) => state.texts);
  const englishNames = useContentTexts((state) => state.englishNames);
  const role = useCallback(
    <R extends Role | null | undefined>(r: R): R => localizeRole(r, texts, englishNames),
    [texts, englishNames],
  );
  const { t } = useTranslation();
  // The picker's generic reminders are stored as "Good" and "Evil": shown in every interface language.
  const reminder = useCallback(
    (name: string) =>
      name === 'Good' ? t('game.alignment.g') : name === 'Evil' ? t('game.alignment.e') : localizeReminder(name, texts),
    [texts, t],
  );
  const jinx = useCallback((a: string, b: string, english: string) => localizeJinx(a, b, english, texts), [texts]);
  const night = useCallback(
    (marker: keyof typeof nightMarkerText) => texts?.night[marker] ?? nightMarkerText[marker],
    [texts],
  );
  return { role, reminder, jinx, night };
};
