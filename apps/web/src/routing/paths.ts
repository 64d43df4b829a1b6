/** The routes of spec 1 §2 and spec 2 §2, plus the policy pages the login screen links to. */
export const PATHS = {
  lobby: '/',
  login: '/login',
  play: '/play',
  /** Local play (spec 1 §1): the grimoire alone in this browser, without a session. */
  local: '/local',
  verification: '/verification',
  update: '/update',
  clock: '/clock',
  banned: '/banned',
  join: '/join/:sessionId',
  /** Issue 18: the user's games, and one game's record. */
  games: '/games',
  game: '/games/:id',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  /**
   * Spec 3 §9: the release notes of one version (?version=1.2.3, else this build's), linked from the
   * version bar. Not /releases/1.2.3: the server answers a path ending in ".3" as a missing file.
   */
  releases: '/releases',
  /** Spec 3 §3: the locale catalogue with each language's contributors; the App tab's translation link. */
  translations: '/translations',
  /**
   * Spec 3 §2 the script tournament, public: `/worldcup` is the group page before the path swap and the
   * knockout page after it; `/worldcup/group` and `/worldcup/knockout` always name their page.
   */
  tournament: '/worldcup',
  tournamentGroup: '/worldcup/group',
  tournamentKnockout: '/worldcup/knockout',
  tournamentLeaderboard: '/worldcup/leaderboard',
  tournamentMatch: '/worldcup/:match',
} as const;

export const joinPath = (sessionId: string): string => `/join/${encodeURIComponent(sessionId)}`;

export const releasesPath = (version: string): string => `/releases?version=${encodeURIComponent(version)}`;

export const gamePath = (recordId: string): string => `/games/${encodeURIComponent(recordId)}`;

/** The policy pages: readable by anyone, in any state (the terms are accepted before an account exists). */
export const POLICY_PATHS: readonly string[] = [PATHS.terms, PATHS.privacy, PATHS.cookies];

/** Reachable without a token (spec 2 §6 "Anonymous: only public routes"). */
export const PUBLIC_PATHS: readonly string[] = [PATHS.login, PATHS.clock, PATHS.translations, ...POLICY_PATHS];

export const tournamentMatchPath = (index: number): string => `${PATHS.tournament}/${index}`;

/** The tournament's pages (spec 3 §6: anonymous visitors view them; voting asks for a login). */
export const isTournamentPath = (pathname: string): boolean =>
  pathname === PATHS.tournament || pathname.startsWith(`${PATHS.tournament}/`);

export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATHS.includes(pathname) || isTournamentPath(pathname);
