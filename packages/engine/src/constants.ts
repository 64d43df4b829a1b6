/** Numbers of spec 1 §9 and spec 2 §9 that the rules use. */
export const MAX_PLAYERS = 20;
export const MAX_SESSION_CODE = 20;
export const SESSION_FULL_ONLINE = 25;
export const DEFAULT_VOTE_SPEED_MS = 1000;
export const PING_INTERVAL_MS = 60_000;
/**
 * The minute ping goes with the server's heartbeat; should none come, it goes alone this long after
 * the minute (the web app's sessionConnection.ts, the bench's clients).
 */
export const PING_SLACK_MS = 5_000;
export const GAMESTATE_TIMEOUT_MS = 10_000;
export const CLOCK_SKEW_LIMIT_MS = 60_000;
export const TOKEN_REFRESH_LEAD_MS = 120_000;
export const JOIN_LEAVE_NOTICE_DELAY_MS = 3_000;
export const MODERATOR_LEVELS = ['special-tpi', 'special-moderator'] as const;
/** A subscribed Storyteller's presence keeps a session open to users without a subscription this long ahead. */
export const SESSION_BOOST_MS = 60 * 60_000;
/** Spec 2 §4: users without a level are warned when less than 120 s of boost remain. */
export const BOOST_WARNING_MS = 120_000;
/** Spec 2 §5 and §9: a chat server with this many users or more cannot be chosen. */
export const CHAT_SERVER_FULL_USERS = 200;
/** Spec 2 §7 and §9: a chat server's health is asked for at most once per 180 s. */
export const CHAT_SERVER_HEALTH_CACHE_MS = 180_000;

/** Spec 1 §9 (game flow). */
export const PHASE_UNDO_WINDOW_MS = 10_000;
export const DISTRIBUTE_ROLES_HOOK_MS = 1_500;
export const RECEIVE_ROLE_HOOK_MS = 2_500;
export const ATTENTION_GONG_HOOK_MS = 10_000;
export const RAISE_HAND_DEBOUNCE_MS = 500;
export const REMINDER_FLIP_DEBOUNCE_MS = 500;
export const POINTING_COUNTDOWN_MS = 4_000;
export const TIMER_MIN_S = 3;
export const TIMER_MAX_S = 7_200;
/** The timer disappears this long after it expired. */
export const TIMER_HIDE_AFTER_MS = 5_000;
/** Reveal: one player per step (1000 ms, or the default 100 ms); the hook clears 1 s after the last. */
export const REVEAL_STEP_SLOW_MS = 1_000;
export const REVEAL_STEP_DEFAULT_MS = 100;
export const REVEAL_END_DELAY_MS = 1_000;
export const BUILT_IN_HAND_ICONS = ['hand', 'fist', 'peace', 'thumbs-up', 'thumbs-down'] as const;
export const POWERFUL_HAND_ICONS = ['spock', 'lizard', 'middle-finger', 'smile', 'frown'] as const;
/** Never pointed at by a team pointing (spec 1 §4 Pointing). */
export const POINTING_EXCLUDED_ROLES = ['marionette', 'drunk', 'lunatic'] as const;

/** Spec 1 §9 (votes). */
export const VOTE_SPEED_MIN_MS = 500;
export const VOTE_SPEED_MAX_MS = 10_000;
export const VOTE_COUNTDOWN_MS = 4_000;
export const VOTE_START_CHECK_MS = 1_000;
export const VOTE_CHANGE_DEBOUNCE_MS = 500;
export const ZOOKEEPER_LOCK_START = -3;
/** Issue 6: a hand change counts if made before the hand reached the seat and it arrives within this much beyond that moment plus the sender's one-way latency. */
export const VOTE_GRACE_MS = 300;
/** A measured latency above this is not believed for the grace. */
export const VOTE_MAX_ONE_WAY_MS = 1_000;
export const VOTE_HISTORY_KEEP_MS = 3 * 60 * 60_000;

/** Spec 2 §9 (text and signals). */
export const TEXT_MAX_CHARS = 250;
export const MESSAGES_KEPT = 500;
export const SYSTEM_MESSAGE_EXPIRY_MS = 300_000;
export const SIGNALS_CLEAR_AFTER_DAY_MS = 10_000;
/** Spec 2 §4 / §8: a whisper request lapses after 10 s. */
export const WHISPER_REQUEST_MS = 10_000;
/** Spec 2 §4: an empty private channel is left after 5 s. */
export const WHISPER_ALONE_MS = 5_000;
/** Spec 3 §8: five public chat rooms per edition. */
export const PUBLIC_ROOMS = 5;
/** Spec 2 §8: a whisper with more than 6 users is crowded. */
export const CROWDED_WHISPER = 6;
export const SIGNAL_LOG_STORYTELLER = 10;
export const SIGNAL_LOG_OTHERS = 3;
export const TEXT_INDICATOR_MS = 4_000;
export const SIGNAL_CARDS = [
  'acknowledge',
  'yes',
  'no',
  'good',
  'neutral',
  'evil',
  'clockwise',
  'anticlockwise',
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'ability',
  'choice',
  'bluffs',
  'demon',
  'minions',
  'you',
  'claim',
  'selected',
  'special',
  'player',
  'role',
  'custom',
  'grimoire',
  'seen',
] as const;

/**
 * Issue 14: hard caps on what one user can add to a session, so that no client grows it past a fixed
 * bound (the server README states the resulting size).
 */
/** The Storyteller's reminders on one seat. */
export const MAX_REMINDERS_PER_SEAT = 20;
/** One player's notes on one seat, and on all seats together. */
export const MAX_NOTES_PER_SEAT = 10;
export const MAX_NOTES_PER_USER = 60;
/** Signals one player keeps at a time (they clear 10 s after day begins); a Storyteller's. */
export const MAX_SIGNALS_PER_PLAYER = 10;
export const MAX_SIGNALS_PER_STORYTELLER = 60;
/** Serialised size of one signal's cards. */
export const MAX_SIGNAL_BYTES = 2048;
/** Messages kept besides the town's 500: the spectators' channel and the grimoire holders' private channel. */
export const SPECTATOR_MESSAGES_KEPT = 200;
export const PRIVATE_MESSAGES_KEPT = 200;
/** Entries kept in the game and vote histories (a game of 20 players needs far fewer). */
export const HISTORY_KEPT = 500;
/** People a session remembers; beyond it, the longest-gone who hold nothing in it are forgotten. */
export const MAX_SESSION_USERS = 100;
/** Storytellers at one table. */
export const MAX_STORYTELLERS = 5;
