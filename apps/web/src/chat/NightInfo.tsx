import type { SessionView } from '@belfry/engine';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from './chatStore';
import { nameOf, partDataText } from './names';
import { roleById } from '@belfry/content';
import { useRoleText } from '../characters/contentTexts';
import { signalLog, unseenSignals } from './signals';
import { badgeText } from './unread';

/** The night info: received (and, for the Storyteller, sent) signals, the last 10 or 3. */
export function NightInfo({ view }: { view: SessionView }) {
  const { t, i18n } = useTranslation();
  const roleText = useRoleText();
  const open = useChatStore((s) => s.nightInfoOpen);
  const button = useRef<HTMLButtonElement>(null);
  // Escape closes the popover (and gives focus back to its button), as it does every other one.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      useChatStore.setState({ nightInfoOpen: false });
      button.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const log = signalLog(view);
  const unseen = unseenSignals(view).length;
  if (log.length === 0 && !open) return null;
  const me = view.viewer.id;

  return (
    <div className="night-info">
      <button
        type="button"
        className={`button button--secondary night-info__button ${unseen > 0 ? 'night-info__button--new' : ''}`}
        data-testid="night-info"
        ref={button}
        aria-expanded={open}
        onClick={() => useChatStore.setState({ nightInfoOpen: !open })}
      >
        ☾ {t('chat.night_info.title')}
        {unseen > 0 && <span className="chat-badge">{badgeText(unseen)}</span>}
      </button>
      {open && (
        <section className="night-info__panel" aria-label={t('chat.night_info.title')}>
          {log.length === 0 && <p className="chat-empty">{t('chat.night_info.empty')}</p>}
          <ol className="night-info__list">
            {log.map((signal) => {
              const time = new Date(signal.time).toLocaleTimeString(i18n.language, {
                hour: '2-digit',
                minute: '2-digit',
              });
              const inbound = signal.to.includes(me);
              const seen = signal.to.every((id) => signal.seenBy.includes(id));
              return (
                <li key={signal.id} className="night-info__signal" data-testid="signal-received">
                  <div className="night-info__meta">
                    <time>{time}</time>{' '}
                    {inbound
                      ? t('chat.night_info.from', { name: nameOf(view, signal.from) })
                      : t('chat.night_info.to', { name: signal.to.map((id) => nameOf(view, id)).join(', ') })}
                    {!inbound && (
                      <span className="night-info__seen">
                        {' '}
                        · {seen ? t('chat.night_info.seen') : t('chat.night_info.unseen')}
                      </span>
                    )}
                  </div>
                  <ul className="night-info__cards">
                    {signal.message.map((part, i) => (
                      <li key={i} className={`signal-card signal-card--${part.id} signal-card--static`}>
                        <strong>{t(`chat.cards.${part.id}`)}</strong>
                        {part.data !== undefined && (
                          <span className="signal-card__data">
                            {partDataText(view, part, (id) => roleText.role(roleById(id))?.name)}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </div>
  );
}
