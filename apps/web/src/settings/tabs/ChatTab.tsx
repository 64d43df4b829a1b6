import { useTranslation } from 'react-i18next';
import { useVoiceStore } from '../../voice';

/**
 * Spec 3 §3 chat settings: the audio and video preferences. They are edited in the audio and video
 * setup (one device open at a time, with a live test); this tab says what is chosen and opens it.
 */
export function ChatTab({ onVoiceSetup }: { onVoiceSetup: () => void }) {
  const { t } = useTranslation();
  const voice = useVoiceStore();
  const onOff = (on: boolean) => t(on ? 'settings.on' : 'settings.off');
  const rows: [string, string][] = [
    [
      t('settings.chat.microphone'),
      voice.audioDevice ? t('settings.chat.device_chosen') : t('settings.chat.device_default'),
    ],
    [
      t('settings.chat.camera'),
      voice.videoDevice ? t('settings.chat.device_chosen') : t('settings.chat.device_default'),
    ],
    [t('settings.chat.push_to_talk'), onOff(voice.pushToTalk)],
    [t('settings.chat.echo_cancellation'), onOff(voice.echoCancellation)],
    [t('settings.chat.noise_suppression'), onOff(voice.noiseSuppression)],
    [t('settings.chat.auto_gain'), onOff(voice.autoGainControl)],
    [t('settings.chat.mic_gain'), `${Math.round(voice.micGain * 100)}%`],
    [t('settings.chat.unmirrored'), onOff(voice.unmirrored)],
    [t('settings.chat.volume_overrides'), String(Object.keys(voice.volumes).length)],
  ];
  return (
    <div className="settings-tab" data-testid="settings-tab-chat">
      <dl className="settings-facts" data-testid="settings-chat-prefs">
        {rows.map(([label, value]) => (
          <div key={label} className="settings-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button" onClick={onVoiceSetup} data-testid="settings-voice-setup">
        {t('settings.chat.open_setup')}
      </button>
    </div>
  );
}
