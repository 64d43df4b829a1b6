import {
  isTabMessage,
  newTabId,
  OTHER_TAB_CHANNEL,
  reactToTabMessage,
  type TabMessage,
  type TabSelf,
} from './otherTab';

export interface TabChannel {
  /** This tab (re)connected to `code`: ask whether another tab has it open too. */
  announce: (code: string) => void;
  /** The user continues `code` here: other tabs let go of it. */
  takeOver: (code: string) => void;
}

interface TabChannelHandlers {
  self: () => Omit<TabSelf, 'tab'>;
  onAlsoOpen: () => void;
  onYield: () => void;
}

/** The BroadcastChannel side of otherTab.ts; a no-op where the browser has no BroadcastChannel. */
export const openTabChannel = (handlers: TabChannelHandlers): TabChannel => {
  const tab = newTabId();
  if (typeof BroadcastChannel === 'undefined') return { announce: () => undefined, takeOver: () => undefined };
  const channel = new BroadcastChannel(OTHER_TAB_CHANNEL);
  const post = (message: TabMessage) => channel.postMessage(message);
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isTabMessage(event.data)) return;
    const reaction = reactToTabMessage(event.data, { tab, ...handlers.self() });
    if (reaction.kind === 'reply') post(reaction.message);
    else if (reaction.kind === 'also-open') handlers.onAlsoOpen();
    else if (reaction.kind === 'yield') handlers.onYield();
  });
  return {
    announce: (code) => post({ type: 'hello', code, tab }),
    takeOver: (code) => post({ type: 'take', code, tab }),
  };
};
