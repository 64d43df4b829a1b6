/** Largest payload the server reads; larger messages are refused before parsing. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
