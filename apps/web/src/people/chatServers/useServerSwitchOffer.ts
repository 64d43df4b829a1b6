import type { SessionView } from '@belfry/engine';
import { useEffect, useRef } from 'react';
import { listChatServers } from '../../auth/backend';
import { sendAction } from '../../session/sessionController';
import { isViewerStoryteller } from '../../session/sessionRules';
import { confirmDialog } from '../../ui/dialogs';
import { useVoiceStore } from '../../voice';
import { nextChatServer } from './chatServerState';

/** Spec 2 §9 reconnect suggestion: 30–60 s, at random (so co-Storytellers are not asked all at once). */
export const OFFER_MIN_MS = 30_000;
export const OFFER_MAX_MS = 60_000;

const offer = async (currentHost: string): Promise<void> => {
  if (useVoiceStore.getState().status === 'connected') return;
  const next = nextChatServer(await listChatServers().catch(() => []), currentHost);
  if (!next || useVoiceStore.getState().status === 'connected') return;
  const move = await confirmDialog('voice.switch.title', 'voice.switch.text', 'voice.switch.confirm', {
    textParams: { name: next.name },
    variant: 'primary',
  });
  if (move) await sendAction('server_change', 'server', 'updateServer', { host: next.host });
};

/**
 * Spec 2 §4: after an unexpected disconnect from the chat server, a Storyteller is offered a move to
 * the next preferred server once 30–60 s have passed without it coming back.
 */
export const useServerSwitchOffer = (view: SessionView | null): void => {
  const status = useVoiceStore((s) => s.status);
  const wasConnected = useRef(false);
  const storyteller = view !== null && isViewerStoryteller(view);
  const host = view?.meta.chatServer ?? '';
  useEffect(() => {
    if (status === 'connected') wasConnected.current = true;
    if (status !== 'reconnecting' || !wasConnected.current || !storyteller || host === '') return;
    const timer = setTimeout(() => void offer(host), OFFER_MIN_MS + Math.random() * (OFFER_MAX_MS - OFFER_MIN_MS));
    return () => clearTimeout(timer);
  }, [status, storyteller, host]);
};
