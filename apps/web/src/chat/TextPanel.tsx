import { isStoryteller, seatIndexOf, TEXT_MAX_CHARS, type SessionView, type TextMessage } from '@belfry/engine';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../people';
import { useDraggablePanel } from '../ui/useDraggablePanel';
import { sendIndicator, sendText, setWhispersDisabled } from './chatActions';
import { setChatPinned, useChatStore } from './chatStore';
import { nameOf } from './names';
import { canSend, cycleRecipient, isChannel, isInputDisabled, sendRefusal, threadOf } from './recipients';
import { playerSignalRecipients, signalTargets } from './signals';
import { envelopeText, systemMessageText } from './systemText';
import { shouldSendIndicator, typingIn } from './typing';
import { badgeText, shouldAutoScroll } from './unread';
import './Whisper.css';
import './Chat.css';

export interface TextPanelProps {
  view: SessionView;
  recipients: string[];
  recipient: string;
  unread: (id: string) => number;
  messages: TextMessage[];
}

export function TextPanel({ view, recipients, recipient, unread, messages }: TextPanelProps) {
  const { t } = useTranslation();
  const me = view.viewer.id;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const follow = useRef(true);
  const lastIndicator = useRef<number | null>(null);
  const indicators = useChatStore((s) => s.indicators);
  const pinned = useChatStore((s) => s.pinned);
  const storyteller = isStoryteller(view, me);
  const seated = seatIndexOf(view, me) >= 0;

  const thread = threadOf(messages, me, recipient);
  const disabled = isInputDisabled(view, recipient);
  const refusal = disabled ? null : sendRefusal(view, recipient);
  const sendable = !sending && canSend(view, recipient, text);
  const typing = typingIn(indicators, me, recipient, now);

  // Re-render while someone's indicator is showing so it ends after 4 s.
  useEffect(() => {
    if (indicators.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [indicators]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && follow.current) list.scrollTop = list.scrollHeight;
  }, [thread.length, recipient]);

  useEffect(() => {
    inputRef.current?.focus();
  }, [recipient]);

  const choose = (id: string) => {
    follow.current = true;
    useChatStore.setState({ recipient: id });
  };

  const submit = async () => {
    if (!sendable) return;
    setSending(true);
    const ok = await sendText(recipient, text.trim());
    setSending(false);
    if (ok) {
      setText('');
      lastIndicator.current = null;
      follow.current = true;
    }
    inputRef.current?.focus();
  };

  const onInput = (value: string) => {
    setText(value);
    const at = Date.now();
    if (!isChannel(recipient) || recipient === '' || recipient === 'spectator') {
      if (value.length > 0 && shouldSendIndicator(lastIndicator.current, at)) {
        lastIndicator.current = at;
        sendIndicator(recipient, value.length);
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !useChatStore.getState().pinned) {
      event.preventDefault();
      useChatStore.setState({ open: false });
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && event.target === inputRef.current) {
      event.preventDefault();
      choose(cycleRecipient(recipients, recipient, event.key === 'ArrowUp' ? -1 : 1));
    }
  };

  const label = (id: string) => {
    switch (id) {
      case '':
        return t('chat.recipient.public');
      case 'spectator':
        return t('chat.recipient.spectator');
      case 'private':
        return t('chat.recipient.private');
      case 'system':
        return t('chat.recipient.system');
      default:
        return nameOf(view, id);
    }
  };
  const name = (id: string) => nameOf(view, id);

  const note = disabled
    ? t('chat.note.readonly')
    : refusal
      ? view.isWhispersDisabled && seated && !isStoryteller(view, recipient)
        ? t('chat.note.whispers_off')
        : t('chat.note.refused')
      : null;

  // Spec 2 §2: the text tab is dragged by its title and resized from its corner; its place is remembered.
  const {
    isFree,
    setElement,
    style: panelStyle,
    handleProps,
    resizeHandleProps,
    update: movePanel,
  } = useDraggablePanel('chat', { minSize: { width: 280, height: 240 } });
  const panelElement = useRef<HTMLElement | null>(null);
  const setPanelElement = (element: HTMLElement | null) => {
    panelElement.current = element;
    setElement(element);
  };
  const resizeProps = {
    ...resizeHandleProps,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      // A docked panel is anchored bottom-right: free it where it is, so the grip pulls its own corner.
      const rect = panelElement.current?.getBoundingClientRect();
      if (!isFree && rect) movePanel({ x: rect.left, y: rect.top });
      resizeHandleProps.onPointerDown(event);
    },
  };

  const targets = storyteller ? signalTargets(view) : [];
  const stTargets = playerSignalRecipients(view);
  const playerCanSignal = !storyteller && seated && view.game.isNight && stTargets.length > 0;

  return (
    <section
      ref={setPanelElement}
      className={`chat-panel ${isFree ? 'chat-panel--free' : ''}`}
      style={panelStyle}
      data-testid="chat-panel"
      aria-label={t('chat.title')}
      onKeyDown={onKeyDown}
    >
      <header className="chat-panel__header">
        <h2 className="chat-panel__title chat-panel__handle" title={t('chat.drag_hint')} {...handleProps}>
          {t('chat.title')}
        </h2>
        {storyteller && (
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="whispers-toggle"
            aria-pressed={!view.isWhispersDisabled}
            onClick={() => void setWhispersDisabled(!view.isWhispersDisabled)}
          >
            {view.isWhispersDisabled ? t('chat.whispers_off') : t('chat.whispers_on')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('chat.close')}
          onClick={() => useChatStore.setState({ open: false })}
        >
          ×
        </button>
      </header>
      {(targets.length > 0 || playerCanSignal) && (
        <div className="chat-signals">
          <span className="chat-signals__label">{t('chat.signal.heading')}</span>
          {targets.map((id) => (
            <button
              key={id}
              type="button"
              className="button button--secondary button--small"
              data-testid={`signal-open-${id}`}
              onClick={() => useChatStore.setState({ signalTarget: id })}
            >
              {name(id)}
            </button>
          ))}
          {playerCanSignal && (
            <button
              type="button"
              className="button button--secondary button--small"
              data-testid={`signal-open-${stTargets[0]}`}
              onClick={() => useChatStore.setState({ signalTarget: 'storytellers' })}
            >
              {t('chat.signal.to_storyteller')}
            </button>
          )}
        </div>
      )}
      <div className="chat-tabs" role="tablist" aria-label={t('chat.recipients')}>
        {recipients.map((id) => {
          const count = id === recipient ? 0 : unread(id);
          return (
            <button
              key={id || 'public'}
              type="button"
              role="tab"
              aria-selected={id === recipient}
              className={`chat-tab ${id === recipient ? 'chat-tab--active' : ''}`}
              data-testid={`chat-recipient-${id}`}
              onClick={() => choose(id)}
            >
              {label(id)}
              {count > 0 && <span className="chat-badge chat-badge--small">{badgeText(count)}</span>}
            </button>
          );
        })}
      </div>
      <ol
        ref={listRef}
        className="chat-list"
        aria-live="polite"
        onScroll={(event) => {
          follow.current = shouldAutoScroll(event.currentTarget);
        }}
      >
        {thread.length === 0 && <li className="chat-empty">{t('chat.empty')}</li>}
        {thread.map((m) => (
          <MessageRow key={m.msgId} message={m} me={me} name={name} />
        ))}
      </ol>
      <div className="chat-typing" data-testid="chat-typing" aria-live="polite">
        {typing.length > 0 ? t('chat.typing', { name: typing.map(name).join(', ') }) : ''}
      </div>
      {note && <p className="chat-note">{note}</p>}
      <form
        className="chat-prompt"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input
          ref={inputRef}
          className="field__input chat-prompt__input"
          data-testid="chat-input"
          value={text}
          maxLength={TEXT_MAX_CHARS}
          disabled={disabled}
          placeholder={t('chat.placeholder', { name: label(recipient) })}
          aria-label={t('chat.placeholder', { name: label(recipient) })}
          onChange={(event) => onInput(event.target.value)}
        />
        <span className="chat-prompt__count" aria-label={t('chat.count_label')}>
          {t('chat.count', { count: text.length, max: TEXT_MAX_CHARS })}
        </span>
        <button
          type="button"
          className={`button button--ghost button--small chat-pin ${pinned ? 'chat-pin--on' : ''}`}
          data-testid="chat-pin"
          aria-pressed={pinned}
          title={t(pinned ? 'chat.unpin' : 'chat.pin')}
          aria-label={t(pinned ? 'chat.unpin' : 'chat.pin')}
          onClick={() => setChatPinned(!pinned)}
        >
          {/* Drawn, not an emoji: systems without a colour emoji font showed an empty box. */}
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8"
              fill={pinned ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <button
          type="submit"
          className="button button--primary button--small"
          data-testid="chat-send"
          disabled={!sendable}
        >
          {t('chat.send')}
        </button>
      </form>
      <span className="chat-panel__grip" aria-hidden="true" {...resizeProps} />
    </section>
  );
}

export function MessageRow({ message, me, name }: { message: TextMessage; me: string; name: (id: string) => string }) {
  const { t, i18n } = useTranslation();
  const time = new Date(message.time).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  if (message.isSystem) {
    const { key, params } = systemMessageText(message, name);
    return (
      <li className="chat-message chat-message--system" data-testid="chat-message" data-recipient={message.recipientId}>
        <time className="chat-message__time">{time}</time> {t(key, params)}
      </li>
    );
  }
  if (message.redacted) {
    const { key, params } = envelopeText(message, name);
    return (
      <li
        className="chat-message chat-message--envelope"
        data-testid="chat-message"
        data-recipient={message.recipientId}
      >
        <time className="chat-message__time">{time}</time> ✉ {t(key, params)}
      </li>
    );
  }
  return (
    <li
      className={`chat-message ${message.senderId === me ? 'chat-message--own' : ''}`}
      data-testid="chat-message"
      data-recipient={message.recipientId}
    >
      <time className="chat-message__time">{time}</time>{' '}
      <Avatar userId={message.senderId} size="small" className="chat-message__avatar" />{' '}
      <strong className="chat-message__sender">{name(message.senderId)}</strong>
      {message.isHidden ? (
        <em className="chat-message__hidden">{t('chat.blocked')}</em>
      ) : (
        <span>{message.message}</span>
      )}
    </li>
  );
}
