import { useEffect, useRef } from 'react';
import { showNotice } from '../ui/dialogs';
import { useVoiceStore } from './voiceStore';

/** Spec 2 §8: the video autoplay alert is shown once until dismissed, however many tiles fail. */
let videoAlertOpen = false;
const alertVideoBlocked = () => {
  if (videoAlertOpen) return;
  videoAlertOpen = true;
  void showNotice('voice.video_blocked.title', 'voice.video_blocked.text').finally(() => (videoAlertOpen = false));
};

interface SeatVideoProps {
  userId: string;
  mine: boolean;
  className?: string;
  testId?: string;
}

/**
 * Spec 1 §2: a player's camera on their token (their own preview on their own seat, mirrored unless
 * they chose otherwise); also the faces in the whisper overlay.
 */
export function SeatVideo({
  userId,
  mine,
  className = 'seat__video',
  testId = `seat-video-${userId}`,
}: SeatVideoProps) {
  const stream = useVoiceStore((s) => (mine ? s.localVideo : s.remote[userId]?.video) ?? null);
  const hidden = useVoiceStore((s) => s.videoDeafened && !mine);
  const mirrored = useVoiceStore((s) => mine && !s.unmirrored);
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream)
      void video.play().catch((error: unknown) => {
        if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
        alertVideoBlocked();
        window.addEventListener('pointerdown', () => void video.play().catch(() => undefined), { once: true });
      });
  }, [stream, hidden]);
  if (!stream || hidden) return null;
  return (
    <video
      ref={ref}
      className={`${className} ${mirrored ? 'is-mirrored' : ''}`}
      autoPlay
      muted
      playsInline
      data-testid={testId}
    />
  );
}
