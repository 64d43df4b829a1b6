import type { TextIndicator } from './sessionConnection';

/**
 * What the session asks of the features above it. The session layer imports no feature: the app
 * sets these once at start (app/wiring.ts), and each feature shows what it is given.
 */
export interface SessionHooks {
  /** A join refused for a missing phone verification: resolves true once the user has verified. */
  verifyPhone: () => Promise<boolean>;
  /** Someone is writing to this viewer (shown for 4 s, never stored). */
  textIndicator: (payload: TextIndicator) => void;
}

const hooks: SessionHooks = {
  verifyPhone: () => Promise.resolve(false),
  textIndicator: () => undefined,
};

export const setSessionHooks = (given: Partial<SessionHooks>): void => {
  Object.assign(hooks, given);
};

export const sessionHooks: Readonly<SessionHooks> = hooks;
