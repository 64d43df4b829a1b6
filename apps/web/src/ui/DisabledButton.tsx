import { useId } from 'react';

interface DisabledButtonProps {
  label: string;
  /** Why it cannot be used (already translated): shown on hover and focus, and read out. */
  reason: string;
  testId?: string;
  className?: string;
  /** Where the tooltip shows: below (default), or to the left (e.g. in a table's last column). */
  tooltip?: 'below' | 'left';
}

/**
 * A button that cannot be used now but says why: it stays focusable and shows its reason as a
 * tooltip on hover and focus, instead of doing nothing silently or vanishing from the keyboard order.
 */
export function DisabledButton({
  label,
  reason,
  testId,
  className = 'button--ghost',
  tooltip = 'below',
}: DisabledButtonProps) {
  const hintId = useId();
  return (
    <span className={`tooltip-host tooltip-host--${tooltip}`}>
      <button
        type="button"
        className={`button button--small ${className}`}
        aria-disabled="true"
        aria-describedby={hintId}
        data-testid={testId}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </button>
      <span className="tooltip" role="tooltip" id={hintId}>
        {reason}
      </span>
    </span>
  );
}
