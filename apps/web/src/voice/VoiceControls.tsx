import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyVoiceSetup as VoiceSetup } from './setup/LazyVoiceSetup';
import { useDevices } from './setup/useDevices';
import { useVoiceKeys } from './useVoiceKeys';
import { CameraIcon, MicIcon, SetupIcon, SpeakerIcon } from './VoiceIcons';
import { setPushToTalk, setVoicePrefs, talk, toggleDeafen, useVoiceStore } from './voiceStore';

/** Spec 1 §2 top bar: microphone, camera and deafen toggles, and the chat connection with its count. */
export function VoiceControls() {
  const { t } = useTranslation();
  const status = useVoiceStore((s) => s.status);
  const problem = useVoiceStore((s) => s.problem);
  const micOn = useVoiceStore((s) => s.micOn);
  const camOn = useVoiceStore((s) => s.camOn);
  const deafened = useVoiceStore((s) => s.audioDeafened);
  const online = useVoiceStore((s) => Object.keys(s.members).length);
  // Deafened, nothing is sent either (spec 2 §4): the icons say so.
  const mayPublish = useVoiceStore((s) => s.grant?.publish === true && !s.audioDeafened);
  const pushToTalk = useVoiceStore((s) => s.pushToTalk);
  const talking = useVoiceStore((s) => s.talking);
  const [setupOpen, setSetupOpen] = useState(false);
  useVoiceKeys();
  const mics = useDevices('audioinput');
  const cams = useDevices('videoinput');
  const noMic = mics.loaded && mics.devices.length === 0;
  const noCam = cams.loaded && cams.devices.length === 0;
  if (status === 'off' && problem === 'no_chat_server') return null;
  return (
    <div className="voice-controls" role="group" aria-label={t('voice.controls')} data-testid="voice-controls">
      {pushToTalk ? (
        // Spec 2 §4: the mute is inert with push-to-talk; the button is held to talk instead.
        <button
          type="button"
          className={`icon-button voice-controls__toggle voice-controls__talk ${talking ? 'is-on' : ''}`}
          aria-pressed={talking}
          title={t('voice.hold_to_talk')}
          aria-label={t('voice.hold_to_talk')}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            talk.press();
          }}
          onPointerUp={() => talk.release()}
          onPointerCancel={() => talk.release()}
          onKeyDown={(event) => {
            if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) talk.press();
          }}
          onKeyUp={(event) => {
            if (event.key === ' ' || event.key === 'Enter') talk.release();
          }}
          data-testid="voice-talk"
          data-talking={talking}
        >
          <MicIcon on={talking && mayPublish} />
        </button>
      ) : (
        <button
          type="button"
          className={`icon-button voice-controls__toggle ${micOn ? 'is-on' : ''}`}
          aria-pressed={micOn}
          // Spec 2 §4: inert while no device is set (nothing to mute); the title says why.
          aria-disabled={noMic}
          title={noMic ? t('voice.no_mic') : micOn ? t('voice.mic_off') : t('voice.mic_on')}
          aria-label={noMic ? t('voice.no_mic') : micOn ? t('voice.mic_off') : t('voice.mic_on')}
          onClick={() => !noMic && setVoicePrefs({ micOn: !micOn })}
          data-testid="voice-mic"
        >
          <MicIcon on={micOn && mayPublish} />
        </button>
      )}
      <button
        type="button"
        className={`voice-controls__ptt ${pushToTalk ? 'is-on' : ''}`}
        aria-pressed={pushToTalk}
        title={t('voice.push_to_talk_hint')}
        onClick={() => setPushToTalk(!pushToTalk)}
        data-testid="voice-ptt"
      >
        {t('voice.push_to_talk')}
      </button>
      <button
        type="button"
        className={`icon-button voice-controls__toggle ${camOn ? 'is-on' : ''}`}
        aria-pressed={camOn}
        aria-disabled={noCam}
        title={noCam ? t('voice.no_cam') : camOn ? t('voice.cam_off') : t('voice.cam_on')}
        aria-label={noCam ? t('voice.no_cam') : camOn ? t('voice.cam_off') : t('voice.cam_on')}
        onClick={() => !noCam && setVoicePrefs({ camOn: !camOn })}
        data-testid="voice-cam"
      >
        <CameraIcon on={camOn && mayPublish} />
      </button>
      <button
        type="button"
        className={`icon-button voice-controls__toggle ${deafened ? '' : 'is-on'}`}
        aria-pressed={deafened}
        title={deafened ? t('voice.undeafen') : t('voice.deafen')}
        aria-label={deafened ? t('voice.undeafen') : t('voice.deafen')}
        onClick={toggleDeafen}
        data-testid="voice-deafen"
      >
        <SpeakerIcon on={!deafened} />
      </button>
      <button
        type="button"
        className="icon-button voice-controls__toggle is-on"
        title={t('voice.setup.open')}
        aria-label={t('voice.setup.open')}
        aria-haspopup="dialog"
        onClick={() => setSetupOpen(true)}
        data-testid="voice-setup"
      >
        <SetupIcon />
      </button>
      {setupOpen && <VoiceSetup onClose={() => setSetupOpen(false)} />}
      <span
        className={`voice-status voice-status--${status}`}
        role="status"
        data-testid="voice-status"
        data-state={status}
        title={
          status === 'unsupported'
            ? t('voice.unsupported')
            : problem
              ? t(`error.${problem}`, { defaultValue: t('voice.status.disconnected') })
              : status === 'connected'
                ? t('voice.online', { count: online })
                : t(`voice.status.${status}`)
        }
      >
        <span className="status-dot" aria-hidden="true" />
        <span className="voice-status__long">
          {status === 'connected' ? t('voice.online', { count: online }) : t(`voice.status.${status}`)}
        </span>
        {/* Narrow screens: the count alone (the full text is the title). */}
        <span className="voice-status__short" aria-hidden="true">
          {status === 'connected' ? online : '…'}
        </span>
      </span>
    </div>
  );
}
