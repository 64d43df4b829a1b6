/**
 * The address a registration is waiting to verify (API.md: /verification in *pending* mode). It is
 * kept in sessionStorage: it survives a reload of this tab, not the closing of the browser.
 */
export const PENDING_EMAIL_KEY = 'belfry.pendingEmail';

export const readPendingEmail = (storage: Pick<Storage, 'getItem'>): string | null => {
  const value = storage.getItem(PENDING_EMAIL_KEY)?.trim();
  return value ? value : null;
};

export const writePendingEmail = (storage: Pick<Storage, 'setItem' | 'removeItem'>, email: string | null): void => {
  if (email) storage.setItem(PENDING_EMAIL_KEY, email);
  else storage.removeItem(PENDING_EMAIL_KEY);
};
