import type { Me } from '@belfry/protocol';

/** Spec 2 §2: banned when the account has a ban, or the 'banned' flag. */
export const isBanned = (me: Pick<Me, 'ban'> | null, flags: readonly string[] | undefined): boolean =>
  Boolean(me?.ban) || (flags ?? []).includes('banned');

/** The ban's expiry as a long date (and the time) in the user's locale; null for a permanent ban. */
export const formatBanExpiry = (
  expires: number | null | undefined,
  locales: string | readonly string[] | undefined,
  timeZone?: string,
): string | null => {
  if (expires === null || expires === undefined || !Number.isFinite(expires)) return null;
  return new Intl.DateTimeFormat(locales as string | string[] | undefined, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(expires));
};
