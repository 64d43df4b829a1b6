/** A language code as its name in the interface language ('de' → 'German'); the code when unknown. */
export const languageName = (code: string, uiLanguage: string): string => {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};
