export const SESSION_STORAGE_KEY = 'belfry.session';

/** The joined session survives a reload: the app rejoins it at start (spec 1 §4). */
export const readPersistedSession = (): string | null => localStorage.getItem(SESSION_STORAGE_KEY) || null;

export const persistSession = (code: string | null): void => {
  if (code) localStorage.setItem(SESSION_STORAGE_KEY, code);
  else localStorage.removeItem(SESSION_STORAGE_KEY);
};
