import { PATHS, PUBLIC_PATHS } from './paths';

/** The query parameter that carries where to return after logging in. */
export const RETURN_PARAM = 'next';

export interface GuardInput {
  pathname: string;
  search: string;
  loggedIn: boolean;
  banned: boolean;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Only local paths are followed after login, so a crafted link cannot send the user elsewhere. */
export const safeReturnPath = (raw: string | null | undefined): string => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return PATHS.lobby;
  const pathname = raw.split(/[?#]/, 1)[0] ?? '';
  if (pathname === PATHS.login || pathname === PATHS.banned) return PATHS.lobby;
  return raw;
};

export const returnPathFrom = (search: string): string => safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));

export const loginPathFor = (intended: string): string =>
  intended === PATHS.lobby ? PATHS.login : `${PATHS.login}?${RETURN_PARAM}=${encodeURIComponent(intended)}`;

/**
 * The route guard of spec 2 §2: without a token non-public routes go to Login (keeping where the
 * user wanted to go); banned users go to Banned; logged-in users opening Login or Banned go on.
 */
export const guardDecision = ({ pathname, search, loggedIn, banned }: GuardInput): GuardDecision => {
  const isPublic = PUBLIC_PATHS.includes(pathname);
  if (!loggedIn) return isPublic ? allow : redirect(loginPathFor(pathname + search));
  if (banned) {
    const mayStay = pathname === PATHS.banned || pathname === PATHS.clock || pathname === PATHS.update;
    return mayStay ? allow : redirect(PATHS.banned);
  }
  if (pathname === PATHS.login) return redirect(returnPathFrom(search));
  if (pathname === PATHS.banned) return redirect(PATHS.lobby);
  return allow;
};
