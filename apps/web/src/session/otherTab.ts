/**
 * Spec 2 §7: "A cross-tab channel detects a session open in another tab." Tabs of this browser talk
 * over a BroadcastChannel: a tab that joins says `hello`; a tab already in that session answers
 * `here`, and the newcomer tells its user. Choosing "continue here" sends `take`: the other tab lets
 * go of its connection and offers to continue there instead.
 */
export const OTHER_TAB_CHANNEL = 'belfry.session-tabs';

export type TabMessage =
  | { type: 'hello'; code: string; tab: string }
  | { type: 'here'; code: string; tab: string; to: string }
  | { type: 'take'; code: string; tab: string };

export interface TabSelf {
  tab: string;
  /** The session this tab is in, if any. */
  code: string | null;
  /** Whether this tab holds a live connection to it (not one it gave up to another tab). */
  active: boolean;
}

export type TabReaction =
  | { kind: 'ignore' }
  /** Tell the tab that said hello that this one has the session open too. */
  | { kind: 'reply'; message: TabMessage }
  /** Another tab has this session open: tell the user. */
  | { kind: 'also-open' }
  /** Another tab continues this session: let go of the connection here. */
  | { kind: 'yield' };

export const isTabMessage = (data: unknown): data is TabMessage => {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    (message.type === 'hello' || message.type === 'here' || message.type === 'take') &&
    typeof message.code === 'string' &&
    typeof message.tab === 'string'
  );
};

export const reactToTabMessage = (message: TabMessage, self: TabSelf): TabReaction => {
  if (message.tab === self.tab || message.code !== self.code) return { kind: 'ignore' };
  switch (message.type) {
    case 'hello':
      return self.active
        ? { kind: 'reply', message: { type: 'here', code: message.code, tab: self.tab, to: message.tab } }
        : { kind: 'ignore' };
    case 'here':
      return message.to === self.tab && self.active ? { kind: 'also-open' } : { kind: 'ignore' };
    case 'take':
      return self.active ? { kind: 'yield' } : { kind: 'ignore' };
  }
};

export const newTabId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
