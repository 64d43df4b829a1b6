import type { SessionView } from '@belfry/engine';
import { useEffect, useRef } from 'react';
import { playChatSound, soundForMessage } from './chatSounds';
import { useChatStore } from './chatStore';
import { markSignalSeen } from './chatActions';
import { threadOf } from './recipients';
import { markRead } from './unread';

/**
 * Keeps the chat store in step with the view: the read baseline per session, the open tab marked
 * read, indicators dropped once their message arrived, sounds for incoming messages and signals.
 */
export function useChatEffects(view: SessionView) {
  const seenMessages = useRef<Set<string> | null>(null);
  const seenSignals = useRef<Set<string> | null>(null);
  const sessionId = useChatStore((s) => s.sessionId);
  const open = useChatStore((s) => s.open);
  const recipient = useChatStore((s) => s.recipient);
  const nightInfoOpen = useChatStore((s) => s.nightInfoOpen);
  const messages = view.chat.messages;
  const signals = view.chat.signals;
  const me = view.viewer.id;

  // A new session: its history counts as read.
  useEffect(() => {
    if (sessionId === view.sessionId) return;
    const newest = messages.reduce((max, m) => Math.max(max, m.time), 0);
    useChatStore.setState({ sessionId: view.sessionId, baseline: newest, marks: {}, recipient: '', indicators: [] });
    seenMessages.current = null;
    seenSignals.current = null;
  }, [sessionId, view.sessionId, messages]);

  // The open tab is read.
  useEffect(() => {
    if (!open) return;
    useChatStore.setState((s) => ({ marks: markRead(s.marks, messages, me, recipient) }));
  }, [open, recipient, messages, me]);

  // Sounds, and a sender's indicator ends with their message.
  useEffect(() => {
    const known = seenMessages.current;
    seenMessages.current = new Set(messages.map((m) => m.msgId));
    if (!known) return;
    const fresh = messages.filter((m) => !known.has(m.msgId));
    if (fresh.length === 0) return;
    const senders = new Set(fresh.map((m) => m.senderId));
    useChatStore.setState((s) => ({ indicators: s.indicators.filter((i) => !senders.has(i.senderId)) }));
    const { open: isOpen, recipient: current } = useChatStore.getState();
    const unseen = fresh.filter((m) => !(isOpen && threadOf([m], me, current).length > 0));
    const sound = unseen.map((m) => soundForMessage(m, me)).find((s) => s !== null);
    if (sound) playChatSound(sound);
  }, [messages, me]);

  useEffect(() => {
    const known = seenSignals.current;
    seenSignals.current = new Set(signals.map((s) => s.id));
    if (!known) return;
    if (signals.some((s) => !known.has(s.id) && s.to.includes(me))) playChatSound('privateJoin');
  }, [signals, me]);

  // Spec: the receiver replies "seen" once the night info is open.
  useEffect(() => {
    if (!nightInfoOpen) return;
    for (const s of signals) if (s.to.includes(me) && !s.seenBy.includes(me)) markSignalSeen(s.id);
  }, [nightInfoOpen, signals, me]);
}
