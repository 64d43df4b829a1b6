import { WHISPER_ALONE_MS } from '../constants';
import { refuse } from '../errors';
import { hasGrimoireAccess } from '../permissions';
import { channelRefusal, isRequestLive, isWhisperChannel, whisperRefusal } from '../whispers';
import type { RulesFor } from './rule';

/** Spec 2 §4 Text chat and whispers: requests, the shared private channel, rooms and leaving. */
export const whisperRules: RulesFor<
  'whisperRequest' | 'whisperRemove' | 'channel' | 'whisperTimeout' | 'follow' | 'hideCams'
> = {
  /** Spec 3 §3 hidden cams: anyone in the session; all off removes the entry (nothing stored for the default). */
  hideCams(draft, { townSquare, private: inPrivate, reveal }, actor) {
    const me = actor.userId;
    if (!draft.users[me]) return refuse('forbidden', 'You are not in this session.');
    const hidden = draft.hiddenCams ?? {};
    const was = hidden[me];
    if (!townSquare && !inPrivate && !reveal) {
      if (!was) return;
      delete hidden[me];
    } else {
      if (was && was.townSquare === townSquare && was.private === inPrivate && was.reveal === reveal) return;
      hidden[me] = { townSquare, private: inPrivate, reveal };
    }
    if (Object.keys(hidden).length > 0) draft.hiddenCams = hidden;
    else delete draft.hiddenCams;
  },

  /** A grimoire holder also hears someone's channel, until either moves away from where they were ('' stops). */
  follow(draft, { userId }, actor) {
    const me = actor.userId;
    if (!hasGrimoireAccess(draft, me)) return refuse('forbidden', 'Following needs grimoire access.');
    const following = draft.chat.following ?? {};
    if (userId === '' || userId === me || following[me]?.target === userId) {
      if (following[me] === undefined) return;
      delete following[me];
    } else {
      if (!draft.users[userId]) return refuse('not_found', 'That person is not in this session.');
      following[me] = { target: userId, channel: draft.chat.channels[me] ?? '' };
    }
    draft.chat.following = following;
  },

  /** A request; when the other side has asked too (within 10 s) both move into a new private channel. */
  whisperRequest(draft, { to }, actor, now) {
    const from = actor.userId;
    const refused = whisperRefusal(draft, from, to);
    if (refused) return refused;
    const chat = draft.chat;
    const own = chat.channels[from];
    if (own && isWhisperChannel(own) && chat.channels[to] === own)
      return refuse('bad_request', 'You are already whispering together.');
    const mutual = chat.whisperRequests.some((r) => r.from === to && r.to === from && isRequestLive(r, now));
    const between = (r: { from: string; to: string }) =>
      (r.from === from && r.to === to) || (r.from === to && r.to === from);
    chat.whisperRequests = chat.whisperRequests.filter((r) => !between(r));
    if (!mutual) {
      chat.whisperRequests.push({ from, to, at: now });
      return;
    }
    let id = `whisper-${now.toString(36)}`;
    for (let n = 2; Object.values(chat.channels).includes(id); n++) id = `whisper-${now.toString(36)}-${n}`;
    chat.channels[from] = id;
    chat.channels[to] = id;
  },

  /** With `to`: withdraw one's request or turn down theirs. Without: leave the channel (back to the town square). */
  whisperRemove(draft, { to }, actor) {
    const me = actor.userId;
    if (!draft.users[me]) return refuse('forbidden', 'You are not in this session.');
    const chat = draft.chat;
    if (to !== undefined) {
      const kept = chat.whisperRequests.filter(
        (r) => !((r.from === me && r.to === to) || (r.from === to && r.to === me)),
      );
      if (kept.length !== chat.whisperRequests.length) chat.whisperRequests = kept;
      return;
    }
    if (chat.channels[me] !== undefined) delete chat.channels[me];
  },

  /** Joins a public room, the private channel or (grimoire holders) a whisper; the same one again leaves it. */
  channel(draft, { channel }, actor) {
    const me = actor.userId;
    const refused = channelRefusal(draft, me, channel);
    if (refused) return refused;
    const chat = draft.chat;
    if (channel === '' || chat.channels[me] === channel) {
      if (chat.channels[me] !== undefined) delete chat.channels[me];
      return;
    }
    chat.channels[me] = channel;
  },

  /** Requests lapse after 10 s; a whisper with one member left for 5 s ends. */
  whisperTimeout(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'Whispers time out by themselves.');
    const chat = draft.chat;
    if (chat.whisperRequests.some((r) => !isRequestLive(r, now)))
      chat.whisperRequests = chat.whisperRequests.filter((r) => isRequestLive(r, now));
    for (const [channel, since] of Object.entries(chat.aloneSince)) {
      if (since + WHISPER_ALONE_MS > now) continue;
      for (const [id, joined] of Object.entries(chat.channels)) if (joined === channel) delete chat.channels[id];
      delete chat.aloneSince[channel];
    }
  },
};
