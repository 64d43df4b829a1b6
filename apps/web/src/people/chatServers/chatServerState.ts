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

/**
 * Spec 2 §4: the server a Storyteller is offered when theirs stops answering: the next one in the
 * install's order of preference (wrapping round) that is neither full nor silent.
 */
export const nextChatServer = (servers: ChatServerInfo[], currentHost: string): ChatServerInfo | null => {
  // Not listed any more (-1): start from the first.
  const at = servers.findIndex((server) => server.host === currentHost);
  for (let step = 1; step <= servers.length; step++) {
    const candidate = servers[(at + step) % servers.length]!;
    if (chatServerState(candidate, currentHost) === 'free') return candidate;
  }
  return null;
};
