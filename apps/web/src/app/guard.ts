import { isPublicPath, isTournamentPath, PATHS, POLICY_PATHS } from '../routing/paths';
import { loginPathFor, returnPathFrom, safeReturnPath, verificationPathFor } from '../routing/returnPath';

export interface GuardInput {
  pathname: string;
  search: string;
  hash: string;
  /** Released versions newer than this build. */
  newerVersions: number;
  /** A refresh token is held. */
  loggedIn: boolean;
  /** Me.ban is set, or the user has the 'banned' flag. */
  banned: boolean;
  /** The user has the 'verified-email' flag. */
  emailVerified: boolean;
  /** Me.isSubscribed; null while the account is not loaded yet (then nobody is moved for it). */
  subscribed: boolean | null;
  /** A session is joined (or remembered for rejoining). */
  hasSession: boolean;
  /** A registration waits for its e-mail code in this tab (Verification in pending mode). */
  pendingVerification: boolean;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** The path to carry on to from Login or Verification: the `next` it holds, else where the user is. */
const intendedFrom = (pathname: string, search: string, hash: string): string =>
  pathname === PATHS.login || pathname === PATHS.verification
    ? returnPathFrom(search)
    : safeReturnPath(pathname + search + hash);

/**
 * The route guard of spec 2 §2, in its order:
 * 1. more than one newer version: every route goes to Update;
 * 2. without a token: public routes only, the rest goes to Login keeping path, query and hash
 *    (Verification stays open while a registration waits for its code);
 * 3. with a token: a banned user goes to Banned; a user without the verified-email flag goes to
 *    Verification; a logged-in user opening Login, Banned or (verified) Verification goes on to the
 *    return route or the Lobby; a user with no subscription and no session is moved from the
 *    Grimoire to the Lobby, and from local play too (spec 2 §5: local play needs a subscription).
 * Update (spec: "any"), the Clock page and the policy pages stay reachable in every state.
 */
export const guardDecision = (input: GuardInput): GuardDecision => {
  const { pathname, search, hash, loggedIn } = input;
  if (input.newerVersions > 1) return pathname === PATHS.update ? allow : redirect(PATHS.update);
  // Spec 2 §2 gives Update to "any": it is never redirected away from, whoever asks.
  if (pathname === PATHS.update) return allow;
  const alwaysOpen = pathname === PATHS.clock || POLICY_PATHS.includes(pathname);

  if (!loggedIn) {
    if (isPublicPath(pathname)) return allow;
    if (pathname === PATHS.verification && input.pendingVerification) return allow;
    if (pathname === PATHS.verification) return redirect(PATHS.login);
    return redirect(loginPathFor(pathname + search + hash));
  }

  if (input.banned) return alwaysOpen || pathname === PATHS.banned ? allow : redirect(PATHS.banned);

  if (!input.emailVerified) {
    // The tournament is public: an account still waiting for its e-mail code may read it too.
    if (alwaysOpen || pathname === PATHS.verification || isTournamentPath(pathname)) return allow;
    return redirect(verificationPathFor(intendedFrom(pathname, search, hash)));
  }

  if (pathname === PATHS.login || pathname === PATHS.verification) return redirect(returnPathFrom(search));
  if (pathname === PATHS.banned) return redirect(PATHS.lobby);
  if (pathname === PATHS.play && input.subscribed === false && !input.hasSession) return redirect(PATHS.lobby);
  if (pathname === PATHS.local && input.subscribed === false) return redirect(PATHS.lobby);
  return allow;
};
