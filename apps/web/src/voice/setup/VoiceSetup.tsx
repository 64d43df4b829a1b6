import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { useVoiceStore } from '../voiceStore';
import { CameraStep } from './CameraStep';
import { MicrophoneStep } from './MicrophoneStep';
import { ReceiveStep } from './ReceiveStep';
import './Setup.css';

export const SETUP_STEPS = ['mic', 'cam', 'receive'] as const;
type Step = (typeof SETUP_STEPS)[number];

/**
 * Spec 2 §2 setup wizard (audio and video devices). One step at a time, so only one device is open:
 * each step's test capture stops when the step or the dialogue closes. Choices are preferences; the
 * call takes them up only when the game lets this user publish (spec 2 §5).
 */
export function VoiceSetup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('mic');
  // Null outside a session, or before the chat server has answered: nothing to say then.
  const mayNotPublish = useVoiceStore((s) => s.grant?.publish === false);
  const index = SETUP_STEPS.indexOf(step);
  const last = index === SETUP_STEPS.length - 1;

  return (
    <Modal title={t('voice.setup.title')} onDismiss={onClose} testId="voice-setup-dialog" className="setup-dialog">
      <nav aria-label={t('voice.setup.steps')}>
        <ol className="setup-steps">
          {SETUP_STEPS.map((name, position) => (
            <li key={name}>
              <button
                type="button"
                className="setup-steps__step"
                aria-current={name === step ? 'step' : undefined}
                onClick={() => setStep(name)}
                data-testid={`setup-go-${name}`}
              >
                <span className="setup-steps__number" aria-hidden="true">
                  {position + 1}
                </span>
                {t(`voice.setup.step_${name}`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {mayNotPublish && (
        <p className="setup-note" data-testid="setup-seat-note">
          {t('voice.setup.seat_note')}
        </p>
      )}
      {step === 'mic' && <MicrophoneStep />}
      {step === 'cam' && <CameraStep />}
      {step === 'receive' && <ReceiveStep />}
      <div className="dialog__buttons">
        {index > 0 && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setStep(SETUP_STEPS[index - 1]!)}
            data-testid="setup-back"
          >
            {t('voice.setup.back')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => (last ? onClose() : setStep(SETUP_STEPS[index + 1]!))}
          data-testid={last ? 'setup-done' : 'setup-next'}
        >
          {last ? t('voice.setup.done') : t('voice.setup.next')}
        </button>
      </div>
    </Modal>
  );
}
