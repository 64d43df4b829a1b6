import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { audioConstraints } from '../constraints';
import { MAX_LEVEL } from '../voicePrefs';
import { setPushToTalk, setVoicePrefs, useVoiceStore } from '../voiceStore';
import { DeviceSelect } from './DeviceSelect';
import { LevelMeter } from './LevelMeter';
import { StepStatus } from './StepStatus';
import { Toggle } from './Toggle';
import { useDevices } from './useDevices';
import { useTestStream } from './useTestStream';

/**
 * The microphone: which one, a live meter of it with the user's processing and gain, the processing
 * itself (spec 2 §9: all on by default), the gain (spec 3 §5: 0–200 %, steps of 10 %) and push-to-talk.
 */
export function MicrophoneStep() {
  const { t } = useTranslation();
  const gainId = useId();
  const audioDevice = useVoiceStore((s) => s.audioDevice);
  const echoCancellation = useVoiceStore((s) => s.echoCancellation);
  const noiseSuppression = useVoiceStore((s) => s.noiseSuppression);
  const autoGainControl = useVoiceStore((s) => s.autoGainControl);
  const micGain = useVoiceStore((s) => s.micGain);
  const pushToTalk = useVoiceStore((s) => s.pushToTalk);
  const { devices, loaded, relist } = useDevices('audioinput');
  const none = loaded && devices.length === 0;
  // The same processing the call asks for, so what the meter shows is what would be sent.
  const test = useTestStream(
    none
      ? null
      : {
          audio: audioConstraints({ echoCancellation, noiseSuppression, autoGainControl, audioDevice }),
          video: false,
        },
  );
  useEffect(() => {
    if (test.stream) relist();
  }, [test.stream, relist]);
  const problem = none ? 'no_device' : test.problem === 'no_device' && audioDevice ? 'missing' : test.problem;
  const percent = Math.round(micGain * 100);

  return (
    <section className="setup-step" aria-label={t('voice.setup.step_mic')} data-testid="setup-step-mic">
      <DeviceSelect
        device="mic"
        devices={devices}
        value={audioDevice}
        onChange={(deviceId) => setVoicePrefs({ audioDevice: deviceId })}
      />
      <LevelMeter stream={test.stream} gain={micGain} />
      <StepStatus
        device="mic"
        working={!!test.stream}
        problem={problem}
        onRetry={() => {
          relist();
          test.retry();
        }}
      />
      <div className="setup-gain">
        <label htmlFor={gainId} className="field__label">
          {t('voice.setup.mic_gain')}
        </label>
        <input
          id={gainId}
          type="range"
          min={0}
          max={MAX_LEVEL}
          step={0.1}
          value={micGain}
          aria-valuetext={`${percent} %`}
          onChange={(event) => setVoicePrefs({ micGain: Number(event.target.value) })}
          data-testid="setup-mic-gain"
        />
        <output htmlFor={gainId}>{percent} %</output>
        {micGain !== 1 && (
          <button type="button" className="button button--link" onClick={() => setVoicePrefs({ micGain: 1 })}>
            {t('voice.setup.mic_gain_reset')}
          </button>
        )}
      </div>
      <fieldset className="setup-group">
        <legend className="field__label">{t('voice.setup.processing')}</legend>
        <Toggle
          label={t('voice.setup.echo_cancellation')}
          checked={echoCancellation}
          onChange={(on) => setVoicePrefs({ echoCancellation: on })}
          testId="setup-echo-cancellation"
        />
        <Toggle
          label={t('voice.setup.noise_suppression')}
          checked={noiseSuppression}
          onChange={(on) => setVoicePrefs({ noiseSuppression: on })}
          testId="setup-noise-suppression"
        />
        <Toggle
          label={t('voice.setup.auto_gain')}
          checked={autoGainControl}
          onChange={(on) => setVoicePrefs({ autoGainControl: on })}
          testId="setup-auto-gain"
        />
      </fieldset>
      <Toggle
        label={t('voice.setup.push_to_talk')}
        hint={t('voice.setup.push_to_talk_hint')}
        checked={pushToTalk}
        onChange={setPushToTalk}
        testId="setup-push-to-talk"
      />
    </section>
  );
}
