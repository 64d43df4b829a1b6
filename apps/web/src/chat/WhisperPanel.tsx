import { isWhisperChannel, PUBLIC_ROOM_IDS, WHISPER_REQUEST_MS, type SessionView } from '@belfry/engine';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinChannel, removeWhisper, requestWhisper } from './chatActions';
import { useChatStore } from './chatStore';
import { nameOf } from './names';
import {
  channelMembers,
  hasWhisperQueue,
  incomingRequests,
  myChannel,
  outgoingRequests,
  roomMembers,
  roomsHidden,
  secondsLeft,
  whisperTargets,
} from './whispers';
import { useKeybindings } from '../ui/keybindings';
import { useKeyName } from '../ui/KeyCap';

/** The display name of a channel: the edition's own room names, the private channel, or a whisper. */
export const useChannelLabel = (view: SessionView) => {
  const { t } = useTranslation();
  const edition = ['tb', 'bmr', 'snv'].includes(view.edition.id) ? view.edition.id : 'other';
  return (channel: string): string => {
    if (isWhisperChannel(channel) || channel === 'whisper') return t('whisper.private_chat');
    if (channel === 'private') return t('whisper.private_channel');
    const number = PUBLIC_ROOM_IDS.indexOf(channel) + 1;
    return number > 0 ? t(`whisper.rooms.${edition}.${number}`) : t('whisper.town_square');
  };
};

/** Re-renders every half second while something counts down. */
export const useNow = (active: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [active]);
  return now;
};

/**
 * Spec 2 §2 Chat tab: requests (the whisper queue), private chats, the five public rooms and leave.
 * Everything here is asked of the server, which decides; the tab only offers what the rules allow.
 */
export function WhisperPanel({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  // The first key bound to each "accept chat" action (1, 2, 3 unless the user rebound them).
  const bindings = useKeybindings((state) => state.bindings);
  const keyName = useKeyName();
  const acceptKeys = (['acceptChat1', 'acceptChat2', 'acceptChat3'] as const).map((action) =>
    bindings[action][0] === undefined ? undefined : keyName(bindings[action][0]),
  );
  const label = useChannelLabel(view);
  const pending = view.chat.whisperRequests.length > 0;
  const now = useNow(pending);
  const me = view.viewer.id;
  const channel = myChannel(view);
  const incoming = incomingRequests(view, now);
  const outgoing = outgoingRequests(view, now);
  const asked = new Set(outgoing.map((r) => r.to));
  const targets = whisperTargets(view).filter((id) => view.chat.channels[id] !== channel || !channel);
  const hidden = roomsHidden(view);
  const rooms = roomMembers(view);
  const members = channelMembers(view);
  const privateChats = view.viewer.grimoireAccess
    ? [...new Set(Object.values(view.chat.channels).filter((c) => isWhisperChannel(c) && c !== channel))]
    : [];
  const close = () => useChatStore.setState({ whisperOpen: false });

  return (
    <section
      className="chat-panel whisper-panel"
      data-testid="whisper-panel"
      aria-label={t('whisper.title')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <header className="chat-panel__header">
        <h2 className="chat-panel__title">{t('whisper.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={close}>
          ×
        </button>
      </header>
      <div className="whisper-panel__body">
        <p className="whisper-where" data-testid="whisper-where">
          {t('whisper.you_are_in', { place: channel ? label(channel) : t('whisper.town_square') })}
        </p>
        {channel && (
          <div className="whisper-current">
            <ul className="whisper-names" data-testid="whisper-members">
              {members.map((id) => (
                <li key={id}>{id === me ? t('whisper.you') : nameOf(view, id)}</li>
              ))}
            </ul>
            <button
              type="button"
              className="button button--secondary"
              data-testid="whisper-leave"
              onClick={() => removeWhisper()}
            >
              {t('whisper.leave')} <kbd>⌫</kbd>
            </button>
          </div>
        )}

        {hidden && (
          <p className="whisper-notice" role="status" data-testid="whisper-closed">
            {t(view.game.isNight ? 'whisper.closed_night' : 'whisper.closed_nomination')}
          </p>
        )}

        {hasWhisperQueue(view) && incoming.length > 0 && (
          <section aria-labelledby="whisper-incoming">
            <h3 id="whisper-incoming" className="whisper-heading">
              {t('whisper.incoming')}
            </h3>
            <ul className="whisper-list" data-testid="whisper-queue">
              {incoming.map((request, i) => (
                <li key={request.from} className="whisper-row">
                  <span className="whisper-row__name">{nameOf(view, request.from)}</span>
                  <span className="whisper-row__time">
                    {t('whisper.seconds', { count: secondsLeft(request, now, WHISPER_REQUEST_MS) })}
                  </span>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    data-testid={`whisper-accept-${request.from}`}
                    onClick={() => void requestWhisper(request.from)}
                  >
                    {t('whisper.accept')}
                    {acceptKeys[i] && <kbd>{acceptKeys[i]}</kbd>}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => removeWhisper(request.from)}
                  >
                    {t('whisper.decline')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}

        {!hidden && hasWhisperQueue(view) && (
          <section aria-labelledby="whisper-ask">
            <h3 id="whisper-ask" className="whisper-heading">
              {t('whisper.ask')}
            </h3>
            {targets.length === 0 ? (
              <p className="whisper-empty">{t(view.isWhispersDisabled ? 'whisper.disabled' : 'whisper.nobody')}</p>
            ) : (
              <ul className="whisper-list" data-testid="whisper-targets">
                {targets.map((id) => (
                  <li key={id} className="whisper-row">
                    <span className="whisper-row__name">{nameOf(view, id)}</span>
                    {asked.has(id) ? (
                      <>
                        <span className="whisper-row__time">
                          {t('whisper.waiting', {
                            count: secondsLeft(
                              outgoing.find((r) => r.to === id)!,
                              now,
                              WHISPER_REQUEST_MS,
                            ),
                          })}
                        </span>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          onClick={() => removeWhisper(id)}
                        >
                          {t('whisper.cancel')}
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        data-testid={`whisper-ask-${id}`}
                        onClick={() => void requestWhisper(id)}
                      >
                        {t('whisper.request')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {!hidden && privateChats.length > 0 && (
          <section aria-labelledby="whisper-private">
            <h3 id="whisper-private" className="whisper-heading">
              {t('whisper.private_chats')}
            </h3>
            <ul className="whisper-list">
              {privateChats.map((id) => (
                <li key={id} className="whisper-row">
                  <span className="whisper-row__name">
                    {Object.entries(view.chat.channels)
                      .filter(([, c]) => c === id)
                      .map(([user]) => nameOf(view, user))
                      .join(', ')}
                  </span>
                  <button type="button" className="button button--ghost button--small" onClick={() => joinChannel(id)}>
                    {t('whisper.listen')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}

        {!hidden && hasWhisperQueue(view) && (
          <section aria-labelledby="whisper-rooms">
            <h3 id="whisper-rooms" className="whisper-heading">
              {t('whisper.rooms_title')}
            </h3>
            <ul className="whisper-list" data-testid="whisper-rooms">
              {PUBLIC_ROOM_IDS.map((room) => (
                <li key={room} className={`whisper-row ${channel === room ? 'whisper-row--here' : ''}`}>
                  <span className="whisper-row__name">{label(room)}</span>
                  <span className="whisper-row__people">
                    {rooms[room]!.map((id) => (id === me ? t('whisper.you') : nameOf(view, id))).join(', ')}
                  </span>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    data-testid={`whisper-room-${room}`}
                    aria-pressed={channel === room}
                    onClick={() => joinChannel(room)}
                  >
                    {t(channel === room ? 'whisper.leave' : 'whisper.join')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </section>
  );
}
