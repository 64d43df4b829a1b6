import { useId } from 'react';

interface ToggleProps {
  /** Already translated. */
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  /** The block's class; its hint takes `{className}__hint`. */
  className: string;
}

/** One preference as a checkbox, with an optional line under it saying what it does. */
export function Toggle({ label, hint, checked, onChange, testId, className }: ToggleProps) {
  const id = useId();
  return (
    <div className={className}>
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          data-testid={testId}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={`field__hint ${className}__hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
