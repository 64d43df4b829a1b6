/** The public face of chat/: what other folders may use. */
export { ChatPanel } from './ChatPanel';
export { openWhispers, receiveIndicator, useChatStore } from './chatStore';
export { setNightPing, useNightPing } from './nightPing';
export { hasWhisperQueue, isWhispering } from './whispers';
