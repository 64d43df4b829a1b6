import { useEffect, useRef } from 'react';
import { useVoiceStore } from './voiceStore';

/** Spec 1 §2: a player's camera on their token (their own preview on their own seat). */
export function SeatVideo({ userId, mine }: { userId: string; mine: boolean }) {
  const stream = useVoiceStore((s) => (mine ? s.localVideo : s.remote[userId]?.video) ?? null);
  const hidden = useVoiceStore((s) => s.videoDeafened && !mine);
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  if (!stream || hidden) return null;
  return <video ref={ref} className="seat__video" autoPlay muted playsInline data-testid={`seat-video-${userId}`} />;
}
