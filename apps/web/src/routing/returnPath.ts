import { PATHS } from './paths';

/** The query parameter that carries where to return after logging in (and verifying). */
export const RETURN_PARAM = 'next';

const pathOf = (raw: string): string => raw.split(/[?#]/, 1)[0] ?? '';

/** Only local paths are followed after login, so a crafted link cannot send the user elsewhere. */
export const safeReturnPath = (raw: string | null | undefined): string => {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return PATHS.lobby;
  const pathname = pathOf(raw);
  if (pathname === PATHS.login || pathname === PATHS.banned || pathname === PATHS.verification) return PATHS.lobby;
  return raw;
};

export const returnPathFrom = (search: string): string => safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));

const withReturn = (page: string, intended: string): string =>
  intended === PATHS.lobby ? page : `${page}?${RETURN_PARAM}=${encodeURIComponent(intended)}`;

/** Login, remembering the intended path with its query and hash. */
export const loginPathFor = (intended: string): string => withReturn(PATHS.login, intended);

/** Verification, remembering where to go once the address is verified. */
export const verificationPathFor = (intended: string): string => withReturn(PATHS.verification, intended);
