import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoudVoice } from './loudVoice';
import { useVoiceStore } from './voiceStore';

/** Firefox asks for a per-site setting; its help page says where (spec 2 §8). */
const FIREFOX_AUTOPLAY_HELP = 'https://support.mozilla.org/kb/block-autoplay';

/**
 * One voice. Up to 100 % it plays through its own audio element (which the browser's echo cancellation
 * knows about); above, through a Web Audio gain, since an element cannot play louder than 100 %.
 */
function PeerAudio({ stream, volume, userId }: { stream: MediaStream; volume: number; userId: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  const loud = volume > 1;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    void element.play().then(
      () => useVoiceStore.setState({ autoplayBlocked: false }),
      () => {
        // Autoplay may be blocked until the user interacts with the page; the next click retries.
        useVoiceStore.setState({ autoplayBlocked: true });
        const retry = () =>
          void element.play().then(
            () => useVoiceStore.setState({ autoplayBlocked: false }),
            () => undefined,
          );
        window.addEventListener('pointerdown', retry, { once: true });
        window.addEventListener('keydown', retry, { once: true });
      },
    );
  }, [stream]);
  useEffect(() => {
    if (ref.current) ref.current.volume = loud ? 1 : volume;
  }, [volume, loud]);
  const voice = useRef<LoudVoice | null>(null);
  useEffect(() => {
    if (!loud) return;
    voice.current = new LoudVoice(stream);
    return () => {
      voice.current?.close();
      voice.current = null;
    };
  }, [stream, loud]);
  useEffect(() => voice.current?.setLevel(volume), [volume, loud]);
  // The element keeps playing (muted) when Web Audio is louder: Chromium feeds a remote stream to Web
  // Audio only while a media element plays it.
  return <audio ref={ref} autoPlay muted={loud} data-testid={`voice-audio-${userId}`} data-volume={volume} />;
}

/** Every voice the game lets this user hear, each at its own volume (spec 2 §3); deafened, none plays. */
export function RemoteAudio() {
  const { t } = useTranslation();
  const remote = useVoiceStore((s) => s.remote);
  const deafened = useVoiceStore((s) => s.audioDeafened);
  const volumes = useVoiceStore((s) => s.volumes);
  const blocked = useVoiceStore((s) => s.autoplayBlocked);
  const firefox = /firefox/i.test(navigator.userAgent);
  return (
    <>
      <div className="voice-audio" hidden>
        {Object.entries(remote).map(([userId, media]) =>
          media.audio ? (
            <PeerAudio
              key={userId}
              userId={userId}
              stream={media.audio}
              volume={deafened ? 0 : (volumes[userId] ?? 1)}
            />
          ) : null,
        )}
      </div>
      {blocked && (
        <p className="voice-autoplay" role="alert" data-testid="voice-autoplay">
          {t('voice.autoplay_blocked')}{' '}
          {firefox && (
            <a href={FIREFOX_AUTOPLAY_HELP} target="_blank" rel="noreferrer">
              {t('voice.autoplay_help')}
            </a>
          )}
        </p>
      )}
    </>
  );
}
