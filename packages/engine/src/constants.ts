/** Numbers of spec 1 §9 and spec 2 §9 that the rules use. */
export const MAX_PLAYERS = 20;
export const MAX_SESSION_CODE = 20;
export const SESSION_FULL_ONLINE = 25;
export const DEFAULT_VOTE_SPEED_MS = 1000;
export const PING_INTERVAL_MS = 60_000;
export const GAMESTATE_TIMEOUT_MS = 10_000;
export const CLOCK_SKEW_LIMIT_MS = 60_000;
export const TOKEN_REFRESH_LEAD_MS = 120_000;
export const JOIN_LEAVE_NOTICE_DELAY_MS = 3_000;
export const MODERATOR_LEVELS = ['special-tpi', 'special-moderator'] as const;
/** A subscribed Storyteller's presence keeps a session open to users without a subscription this long ahead. */
export const SESSION_BOOST_MS = 60 * 60_000;
/** Spec 2 §4: users without a level are warned when less than 120 s of boost remain. */
export const BOOST_WARNING_MS = 120_000;
