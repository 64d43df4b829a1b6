/**
 * idle: no socket (not joined yet, or waiting for a login); connecting: first connection;
 * connected: a full view arrived; reconnecting: lost unexpectedly, Socket.IO is retrying.
 */
export const CONNECTION_STATES = ['idle', 'connecting', 'connected', 'reconnecting'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
