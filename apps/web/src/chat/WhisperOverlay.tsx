import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { useDraggablePanel } from '../ui/useDraggablePanel';
import { RoleToken } from '../ui/tokens/RoleToken';
import { SeatVideo } from '../voice';
import { removeWhisper } from './chatActions';
import { nameOf } from './names';
import { useChannelLabel } from './WhisperPanel';
import { channelMembers, myChannel } from './whispers';

/**
 * Spec 2 §2 Whisper overlay: the online people in the viewer's channel, with name, pronouns, the
 * role token where the viewer may see it and their camera where it reaches the viewer; it can be minimised.
 */
export function WhisperOverlay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const label = useChannelLabel(view);
  // Spec 2 §2: minimised and dragged, its place remembered.
  const { position, isFree, setElement, style, handleProps, toggleMinimized } = useDraggablePanel('whisper');
  const minimised = position.minimized;
  const channel = myChannel(view);
  if (!channel) return null;
  const members = channelMembers(view);
  return (
    <aside
      ref={setElement}
      style={style}
      className={`whisper-overlay ${minimised ? 'whisper-overlay--min' : ''} ${isFree ? 'whisper-overlay--free' : ''}`}
      data-testid="whisper-overlay"
    >
      <header className="whisper-overlay__header">
        <span className="whisper-overlay__title chat-panel__handle" {...handleProps}>
          {label(channel)}
        </span>
        <span className="whisper-overlay__count">{members.length}</span>
        <button
          type="button"
          className="icon-button"
          aria-label={t(minimised ? 'whisper.expand' : 'whisper.minimise')}
          aria-expanded={!minimised}
          onClick={toggleMinimized}
        >
          {minimised ? '▴' : '▾'}
        </button>
      </header>
      {!minimised && (
        <>
          <ul className="whisper-overlay__people">
            {members.map((id) => {
              const seat = view.seats.findIndex((s) => s.id === id);
              const role = seat >= 0 ? view.seats[seat]!.role : null;
              const pronouns = view.users[id]?.pronouns;
              return (
                <li key={id} className="whisper-person">
                  <span className="whisper-person__face">
                    {role ? (
                      <RoleToken role={role} className="whisper-person__token" />
                    ) : (
                      <span className="whisper-person__blank" />
                    )}
                    <SeatVideo
                      userId={id}
                      mine={id === view.viewer.id}
                      className="whisper-person__video"
                      testId={`whisper-video-${id}`}
                    />
                  </span>
                  <span className="whisper-person__name">{nameOf(view, id)}</span>
                  {pronouns && <span className="whisper-person__pronouns">{pronouns}</span>}
                  {seat >= 0 && <span className="whisper-person__seat">{t('whisper.seat', { n: seat + 1 })}</span>}
                </li>
              );
            })}
          </ul>
          <button type="button" className="button button--ghost button--small" onClick={() => removeWhisper()}>
            {t('whisper.leave')}
          </button>
        </>
      )}
    </aside>
  );
}
