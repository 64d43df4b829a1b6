/** Socket.IO's disconnect reasons, and the i18n keys that explain them in plain words. */
export const DISCONNECT_REASON_KEYS: Record<string, string> = {
  'io server disconnect': 'connection.reason.server_disconnect',
  'ping timeout': 'connection.reason.ping_timeout',
  'transport close': 'connection.reason.transport_close',
  'transport error': 'connection.reason.transport_error',
  'parse error': 'connection.reason.parse_error',
  'xhr poll error': 'connection.reason.transport_error',
  'websocket error': 'connection.reason.transport_error',
  timeout: 'connection.reason.ping_timeout',
  // Not Socket.IO's: the server's refusal of a reconnect's handshake (sessionConnection.ts tries again).
  rate_limited: 'connection.reason.rate_limited',
};

export const reasonKey = (reason: string): string => DISCONNECT_REASON_KEYS[reason] ?? 'connection.reason.other';
