import { isLocalGame, type SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { type SeatVoiceState, seatVoiceStates } from './seatVoice';
import { CameraIcon, MicIcon } from './VoiceIcons';
import { useVoiceStore } from './voiceStore';

const base = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, className: 'icon' } as const;
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' } as const;

const EarIcon = () => (
  <svg {...base}>
    <path {...stroke} d="M7 10a5 5 0 0 1 10 0c0 3-3 4-3 7a3 3 0 0 1-6 0M10 10a2 2 0 0 1 4 0" />
  </svg>
);

const DotsIcon = () => (
  <svg {...base}>
    <path {...stroke} strokeWidth={3} d="M5 12h.01M12 12h.01M19 12h.01" />
  </svg>
);

const ICONS: Record<SeatVoiceState, () => React.JSX.Element> = {
  connecting: DotsIcon,
  listening: () => <MicIcon on={false} />,
  videoMuted: () => <CameraIcon on={false} />,
  following: EarIcon,
};

/** Spec 1 §2 nameplate status icons: video muted, following, listening, connecting (offline is a tag). */
export function SeatVoiceIcons({ view, index }: { view: SessionView; index: number }) {
  const { t } = useTranslation();
  const seat = view.seats[index];
  const userId = seat?.id ?? '';
  const mine = userId !== '' && userId === view.viewer.id;
  const status = useVoiceStore((s) => s.status);
  const inRoom = useVoiceStore((s) => (s.members[userId] ?? 0) > 0);
  const producer = useVoiceStore((s) => s.producers.find((p) => p.userId === userId));
  const tableHasVideo = useVoiceStore(
    (s) => s.localVideo !== null || s.producers.some((p) => p.video && !p.videoPaused),
  );
  const sendsAudio = useVoiceStore((s) => s.grant?.publish === true && (s.micOn || s.pushToTalk) && !s.audioDeafened);
  const sendsVideo = useVoiceStore((s) => s.grant?.publish === true && s.camOn && !s.videoDeafened);
  if (!seat || userId === '' || isLocalGame(view)) return null;
  const channels = view.chat.channels;
  const followed = view.chat.following?.[userId]?.target;
  const states = seatVoiceStates({
    status,
    mine,
    online: view.users[userId]?.isOnline === true,
    sameChannel: (channels[userId] ?? '') === (channels[view.viewer.id] ?? ''),
    inRoom,
    producer,
    tableHasVideo,
    sendsAudio,
    sendsVideo,
    following: !!followed,
  });
  if (states.length === 0) return null;
  const followedName = followed ? (view.users[followed]?.username ?? '') : '';
  return (
    <span className="seat__voice" data-testid={`seat-${index}-voice`} data-states={states.join(' ')}>
      {states.map((state) => {
        const label = t(`voice.seat.${state}`, { name: followedName });
        const Icon = ICONS[state];
        return (
          <span
            key={state}
            className={`seat__voice-icon seat__voice-icon--${state}`}
            title={label}
            role="img"
            aria-label={label}
          >
            <Icon />
          </span>
        );
      })}
    </span>
  );
}
