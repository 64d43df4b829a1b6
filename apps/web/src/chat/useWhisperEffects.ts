import type { SessionView } from '@belfry/engine';
import { useEffect, useRef } from 'react';
import { currentBindings } from '../ui/keybindings';
import { isIgnoredKey, keyInputOf, normalizeKey } from '../ui/shortcuts';
import { useSessionStore } from '../session/sessionStore';
import { playChatSound } from './chatSounds';
import { removeWhisper, requestWhisper } from './chatActions';
import { isNightPingOn } from './nightPing';
import { channelMembers, incomingRequests, myChannel } from './whispers';

const ACCEPT_ACTIONS = ['acceptChat1', 'acceptChat2', 'acceptChat3'] as const;

/**
 * The whisper sounds (spec 1 §4 names: privateRequest for a request to me, privateJoin when my
 * whisper opens, chatJoin / chatLeave as people come and go in my channel), the night-request ping
 * for players who turned it on, and the whisper queue keys (spec 3 §9: 1/2/3 accept, Backspace leaves; or the keys the user bound).
 */
export function useWhisperEffects(view: SessionView) {
  const me = view.viewer.id;
  const requests = view.chat.whisperRequests;
  const channel = myChannel(view);
  const members = channelMembers(view).join(',');
  const known = useRef<{ requests: Set<string>; channel: string; members: string[] } | null>(null);

  useEffect(() => {
    const before = known.current;
    const keys = new Set(requests.filter((r) => r.to === me).map((r) => `${r.from}@${r.at}`));
    const people = members ? members.split(',') : [];
    known.current = { requests: keys, channel, members: people };
    if (!before) return;
    if ([...keys].some((k) => !before.requests.has(k))) playChatSound('privateRequest');
    if (channel && channel !== before.channel) {
      playChatSound(channel.startsWith('whisper-') ? 'privateJoin' : 'chatJoin');
    } else if (channel && channel === before.channel) {
      if (people.some((p) => !before.members.includes(p))) playChatSound('chatJoin');
      else if (before.members.some((p) => !people.includes(p))) playChatSound('chatLeave');
    } else if (!channel && before.channel) playChatSound('chatLeave');
  }, [requests, channel, members, me]);

  // The night-request ping: the Storyteller wakes me (open or peek eyes) or signals me at night.
  const seat = view.viewer.seat;
  const woken = seat >= 0 && view.game.isNight ? (view.seats[seat]?.status[0] ?? null) : null;
  const signalled = view.chat.signals.filter((s) => s.to.includes(me)).length;
  const lastNight = useRef({ woken, signalled });
  useEffect(() => {
    const before = lastNight.current;
    lastNight.current = { woken, signalled };
    if (!view.game.isNight || !isNightPingOn()) return;
    if ((woken && woken !== before.woken) || signalled > before.signalled) playChatSound('privateRequest');
  }, [woken, signalled, view.game.isNight]);

  // Capture phase: these keys are the queue's before the game's own shortcuts (1 is also "gather").
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ignored = isIgnoredKey(keyInputOf(event));
      if (ignored || document.querySelector('dialog[open]')) return;
      const current = useSessionStore.getState().view;
      if (!current) return;
      const bindings = currentBindings();
      const key = normalizeKey(event.key);
      const slot = ACCEPT_ACTIONS.findIndex((action) => bindings[action].includes(key));
      if (slot >= 0) {
        const request = incomingRequests(current, Date.now())[slot];
        if (!request) return;
        event.preventDefault();
        event.stopPropagation();
        void requestWhisper(request.from);
        return;
      }
      if (bindings.leaveChat.includes(key) && myChannel(current)) {
        event.preventDefault();
        event.stopPropagation();
        removeWhisper();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
