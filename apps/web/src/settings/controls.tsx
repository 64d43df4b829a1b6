import { type ComponentProps, useId } from 'react';
import { Toggle } from '../ui/Toggle';

/** One on/off setting as a checkbox, with an optional line saying what it does. */
export const SettingToggle = (props: Omit<ComponentProps<typeof Toggle>, 'className'>) => (
  <Toggle {...props} className="settings-row" />
);

/** A slider with its value shown as the user reads it (a percentage, a factor, a level). */
export function SettingSlider({
  label,
  value,
  min,
  max,
  step,
  shown,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** The value as displayed, already formatted. */
  shown: string;
  onChange: (value: number) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="settings-slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid={testId}
      />
      <output htmlFor={id} data-testid={`${testId}-value`}>
        {shown}
      </output>
    </div>
  );
}
