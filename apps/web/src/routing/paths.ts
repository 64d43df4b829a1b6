/** The routes of spec 1 §2 and spec 2 §2. */
export const PATHS = {
  lobby: '/',
  login: '/login',
  play: '/play',
  verification: '/verification',
  update: '/update',
  clock: '/clock',
  banned: '/banned',
  join: '/join/:sessionId',
} as const;

export const joinPath = (sessionId: string): string => `/join/${encodeURIComponent(sessionId)}`;

/** Reachable without a token. Update is shown to anyone (spec 2 §2 "any"). */
export const PUBLIC_PATHS: readonly string[] = [PATHS.login, PATHS.clock, PATHS.update];
