import { useTranslation } from 'react-i18next';
import type { DeviceProblem } from './deviceErrors';

interface StepStatusProps {
  device: 'mic' | 'cam';
  /** The device runs (the meter or the picture has something to show). */
  working: boolean;
  problem: DeviceProblem | 'missing' | null;
  onRetry: () => void;
}

/**
 * Spec 2 §8: one line per step saying whether the device works, and if not, what happened and what to do.
 * `data-state` is pending, ok or the problem.
 */
export function StepStatus({ device, working, problem, onRetry }: StepStatusProps) {
  const { t } = useTranslation();
  const state = problem ?? (working ? 'ok' : 'pending');
  return (
    <div
      className={`setup-status setup-status--${problem ? 'error' : state}`}
      role={problem ? 'alert' : 'status'}
      data-testid={`setup-${device}-status`}
      data-state={state}
    >
      <span className="setup-status__mark" aria-hidden="true">
        {problem ? '!' : working ? '✓' : '…'}
      </span>
      <p className="setup-status__text">
        {problem ? (
          <>
            <strong>{t(`voice.setup.${device}_${problem}`)}</strong> {t(`voice.setup.${device}_${problem}_help`)}
          </>
        ) : (
          t(`voice.setup.${device}_${state}`)
        )}
      </p>
      {problem && problem !== 'unsupported' && (
        <button type="button" className="button button--small button--secondary" onClick={onRetry}>
          {t('voice.setup.retry')}
        </button>
      )}
    </div>
  );
}
