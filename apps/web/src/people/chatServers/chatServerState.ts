import { chatServerRefusal } from '@belfry/engine';
import type { ChatServerInfo } from '@belfry/protocol';

/** Why an option of the chat server list can or cannot be picked (spec 2 §5). */
export type ChatServerState = 'free' | 'full' | 'down' | 'current';

/** The same judgement as the server's: 200 users or more, no answer, or the one in use. */
export const chatServerState = (server: ChatServerInfo, currentHost?: string): ChatServerState => {
  if (currentHost !== undefined && server.host === currentHost) return 'current';
  const refusal = chatServerRefusal(server.health?.users);
  if (!refusal) return 'free';
  return refusal.code === 'chat_server_full' ? 'full' : 'down';
};

/** Load as a whole percentage of one core, for people. */
export const loadPercent = (load: number): number => Math.round(Math.max(0, load) * 100);
