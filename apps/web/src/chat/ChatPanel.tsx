import type { SessionView } from '@belfry/engine';
import { lazy, Suspense, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../session/sessionStore';
import { openWhispers, useChatStore } from './chatStore';
import { NightInfo } from './NightInfo';
import { chatRecipients } from './recipients';
import { badgeText, unreadCount } from './unread';
import { useChatEffects } from './useChatEffects';
import { useWhisperEffects } from './useWhisperEffects';
import { WhisperOverlay } from './WhisperOverlay';
import { useNow, WhisperPanel } from './WhisperPanel';
import { hasWhisperQueue, incomingRequests } from './whispers';
import './Whisper.css';
import './Chat.css';

// The text panel and the signal dialogue arrive the first time they open, not with the table.
const TextPanel = lazy(async () => ({ default: (await import('./TextPanel')).TextPanel }));
const SignalDialog = lazy(async () => ({ default: (await import('./SignalDialog')).SignalDialog }));

/** Spec 2 §2 Chat panels: the text tab, night signals and the night info, mounted on the game screen. */
export function ChatPanel() {
  const view = useSessionStore((s) => s.view);
  if (!view) return null;
  return <ChatPanelFor view={view} />;
}

function ChatPanelFor({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  useChatEffects(view);
  useWhisperEffects(view);
  const open = useChatStore((s) => s.open);
  const whisperOpen = useChatStore((s) => s.whisperOpen);
  const stored = useChatStore((s) => s.recipient);
  const marks = useChatStore((s) => s.marks);
  const baseline = useChatStore((s) => s.baseline) ?? Number.MAX_SAFE_INTEGER;
  const signalTarget = useChatStore((s) => s.signalTarget);
  const me = view.viewer.id;
  const recipients = useMemo(() => chatRecipients(view), [view]);
  // A recipient who went away falls back to public.
  const recipient = recipients.includes(stored) ? stored : '';
  const messages = view.chat.messages;

  const unread = (id: string) => unreadCount(messages, me, id, marks, baseline);
  // The game log counts on its own tab only, not on the toggle's label.
  const totalUnread = recipients.reduce(
    (sum, id) => sum + (id === 'system' || (open && id === recipient) ? 0 : unread(id)),
    0,
  );

  // On the body: the game page is its own stacking context, and the chat floats above everything.
  return createPortal(
    <>
      <div className="chat-dock">
        <NightInfo view={view} />
        {hasWhisperQueue(view) && <WhisperToggle view={view} open={whisperOpen} />}
        <button
          type="button"
          className={`button button--secondary chat-toggle ${open ? 'chat-toggle--open' : ''}`}
          data-testid="chat-toggle"
          aria-expanded={open}
          onClick={() => useChatStore.setState({ open: !open, whisperOpen: false })}
        >
          {t('chat.toggle')}
          {totalUnread > 0 && (
            <span
              className="chat-badge"
              data-testid="chat-unread"
              aria-label={t('chat.unread', { count: totalUnread })}
            >
              {badgeText(totalUnread)}
            </span>
          )}
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <TextPanel view={view} recipients={recipients} recipient={recipient} unread={unread} messages={messages} />
        </Suspense>
      )}
      {whisperOpen && <WhisperPanel view={view} />}
      <WhisperOverlay view={view} />
      {signalTarget !== null && (
        <Suspense fallback={null}>
          <SignalDialog
            view={view}
            target={signalTarget}
            onClose={() => useChatStore.setState({ signalTarget: null })}
          />
        </Suspense>
      )}
    </>,
    document.body,
  );
}

/** Opens the Chat tab; its badge counts whisper requests waiting for an answer. */
function WhisperToggle({ view, open }: { view: SessionView; open: boolean }) {
  const { t } = useTranslation();
  const now = useNow(view.chat.whisperRequests.length > 0);
  const waiting = incomingRequests(view, now).length;
  return (
    <button
      type="button"
      className={`button button--secondary chat-toggle ${open ? 'chat-toggle--open' : ''}`}
      data-testid="whisper-toggle"
      aria-expanded={open}
      onClick={() => (open ? useChatStore.setState({ whisperOpen: false }) : openWhispers())}
    >
      {t('whisper.toggle')}
      {waiting > 0 && (
        <span className="chat-badge chat-badge--pulse" aria-label={t('whisper.waiting_count', { count: waiting })}>
          {badgeText(waiting)}
        </span>
      )}
    </button>
  );
}
