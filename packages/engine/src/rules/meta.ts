import { CHAT_SERVER_FULL_USERS } from '../constants';
import { refuse, type Refusal } from '../errors';
import type { EditionRef, SessionTags } from '../types';
import { requireStoryteller, type RulesFor } from './rule';

/**
 * Spec 2 §4 Session meta: with a homebrew edition difficulty is forced to 1; difficulty 2 is reset to
 * 0 unless the edition is a beginner one.
 */
export const normalizeTags = (tags: SessionTags, edition: Pick<EditionRef, 'id' | 'level'>): SessionTags => {
  if (edition.id === 'homebrew') return { ...tags, difficulty: 1 };
  if (tags.difficulty === 2 && edition.level !== 'beginner') return { ...tags, difficulty: 0 };
  return tags;
};

/**
 * Spec 2 §5: a chat server with 200 or more users cannot be chosen. `users` is what its health check
 * said; undefined when the server is unknown or did not answer, which cannot be chosen either.
 */
export const chatServerRefusal = (users: number | undefined): Refusal | null => {
  if (users === undefined) return refuse('chat_server_unavailable', 'That chat server is not available.');
  if (users >= CHAT_SERVER_FULL_USERS) {
    return refuse('chat_server_full', `That chat server has ${CHAT_SERVER_FULL_USERS} users or more.`);
  }
  return null;
};

/** Spec 2 §7: updateMeta accepts isPublic, language and tags only; in a live session only the Storyteller. */
export const metaRules: RulesFor<'updateMeta' | 'updateServer'> = {
  updateMeta(draft, intent, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (intent.language !== undefined) {
      if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$/.test(intent.language)) {
        return refuse('bad_request', 'That is not a language code.');
      }
      draft.meta.language = intent.language;
    }
    if (intent.isPublic !== undefined) draft.meta.isPublic = intent.isPublic;
    if (intent.tags) draft.meta.tags = normalizeTags({ ...draft.meta.tags, ...intent.tags }, draft.edition);
  },
  /** Spec 2 §5: only a Storyteller; in a session the current chat server cannot be re-picked. */
  updateServer(draft, intent, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (intent.host === draft.meta.chatServer) {
      return refuse('chat_server_current', 'The session already uses that chat server.');
    }
    const unusable = chatServerRefusal(intent.users);
    if (unusable) return unusable;
    draft.meta.chatServer = intent.host;
  },
};
