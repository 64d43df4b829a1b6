import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoConstraints } from '../constraints';
import { setVoicePrefs, useVoiceStore } from '../voiceStore';
import { DeviceSelect } from './DeviceSelect';
import { StepStatus } from './StepStatus';
import { Toggle } from './Toggle';
import { useDevices } from './useDevices';
import { useTestStream } from './useTestStream';

/** The camera: which one, a live square preview (mirrored unless the user says not to, spec 3 §3). */
export function CameraStep() {
  const { t } = useTranslation();
  const videoDevice = useVoiceStore((s) => s.videoDevice);
  const unmirrored = useVoiceStore((s) => s.unmirrored);
  const { devices, loaded, relist } = useDevices('videoinput');
  const none = loaded && devices.length === 0;
  const test = useTestStream(none ? null : { audio: false, video: videoConstraints({ videoDevice }) });
  const video = useRef<HTMLVideoElement>(null);
  // The camera works once a frame shows, not when the stream merely opens.
  const [playing, setPlaying] = useState<MediaStream | null>(null);

  useEffect(() => {
    if (test.stream) relist();
    const element = video.current;
    if (!element) return;
    element.srcObject = test.stream;
    return () => {
      element.srcObject = null;
    };
  }, [test.stream, relist]);

  const problem = none ? 'no_device' : test.problem === 'no_device' && videoDevice ? 'missing' : test.problem;
  const working = !!test.stream && playing === test.stream;

  return (
    <section className="setup-step" aria-label={t('voice.setup.step_cam')} data-testid="setup-step-cam">
      <DeviceSelect
        device="cam"
        devices={devices}
        value={videoDevice}
        onChange={(deviceId) => setVoicePrefs({ videoDevice: deviceId })}
      />
      <div className="setup-preview">
        <video
          ref={video}
          className={`setup-preview__video ${unmirrored ? '' : 'is-mirrored'}`}
          autoPlay
          muted
          playsInline
          aria-label={t('voice.setup.cam_preview')}
          onPlaying={() => setPlaying(test.stream)}
          data-testid="setup-cam-preview"
        />
        {!working && (
          <span className="setup-preview__empty" aria-hidden="true">
            {t('voice.setup.cam_no_picture')}
          </span>
        )}
      </div>
      <StepStatus
        device="cam"
        working={working}
        problem={problem}
        onRetry={() => {
          relist();
          test.retry();
        }}
      />
      <Toggle
        label={t('voice.setup.unmirrored')}
        hint={t('voice.setup.unmirrored_hint')}
        checked={unmirrored}
        onChange={(on) => setVoicePrefs({ unmirrored: on })}
        testId="setup-unmirrored"
      />
    </section>
  );
}
