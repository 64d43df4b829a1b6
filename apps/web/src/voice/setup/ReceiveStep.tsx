import { useTranslation } from 'react-i18next';
import { setVoicePrefs, useVoiceStore } from '../voiceStore';
import { Toggle } from './Toggle';

/** Spec 3 §3 advanced: cameras this user would rather not receive (fewer pictures, less bandwidth). */
export function ReceiveStep() {
  const { t } = useTranslation();
  const townSquare = useVoiceStore((s) => s.hideTownSquareCams);
  const privateChats = useVoiceStore((s) => s.hidePrivateCams);
  const reveal = useVoiceStore((s) => s.hideRevealCams);
  return (
    <section className="setup-step" aria-label={t('voice.setup.step_receive')} data-testid="setup-step-receive">
      <p className="setup-step__intro">{t('voice.setup.receive_intro')}</p>
      <Toggle
        label={t('voice.setup.hide_town_square_cams')}
        checked={townSquare}
        onChange={(on) => setVoicePrefs({ hideTownSquareCams: on })}
        testId="setup-hide-town-square-cams"
      />
      <Toggle
        label={t('voice.setup.hide_private_cams')}
        checked={privateChats}
        onChange={(on) => setVoicePrefs({ hidePrivateCams: on })}
        testId="setup-hide-private-cams"
      />
      <Toggle
        label={t('voice.setup.hide_reveal_cams')}
        checked={reveal}
        onChange={(on) => setVoicePrefs({ hideRevealCams: on })}
        testId="setup-hide-reveal-cams"
      />
      <p className="field__hint">{t('voice.setup.receive_note')}</p>
    </section>
  );
}
