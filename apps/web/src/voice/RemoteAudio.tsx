import { useEffect, useRef } from 'react';
import { useVoiceStore } from './voiceStore';

function PeerAudio({ stream, muted, userId }: { stream: MediaStream; muted: boolean; userId: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    // Autoplay may be blocked until the user has interacted with the page; the next click retries.
    void element.play().catch(() => {
      const retry = () => void element.play().catch(() => undefined);
      window.addEventListener('pointerdown', retry, { once: true });
    });
  }, [stream]);
  return <audio ref={ref} autoPlay muted={muted} data-testid={`voice-audio-${userId}`} />;
}

/** Every voice the game lets this user hear; deafened, none plays. */
export function RemoteAudio() {
  const remote = useVoiceStore((s) => s.remote);
  const deafened = useVoiceStore((s) => s.audioDeafened);
  return (
    <div className="voice-audio" hidden>
      {Object.entries(remote).map(([userId, media]) =>
        media.audio ? <PeerAudio key={userId} userId={userId} stream={media.audio} muted={deafened} /> : null,
      )}
    </div>
  );
}
