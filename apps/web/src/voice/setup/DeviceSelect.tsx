import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { choosable } from './useDevices';

interface DeviceSelectProps {
  device: 'mic' | 'cam';
  devices: MediaDeviceInfo[];
  /** The chosen deviceId, or null for the browser's default. */
  value: string | null;
  onChange: (deviceId: string | null) => void;
}

/** A list of microphones or cameras; "Default" follows the browser's (and the system's) choice. */
export function DeviceSelect({ device, devices, value, onChange }: DeviceSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = choosable(devices);
  // A chosen device that is unplugged stays chosen (it may come back), shown as missing.
  const missing = value !== null && !options.some((option) => option.deviceId === value);
  return (
    <div className="field setup-field">
      <label className="field__label" htmlFor={id}>
        {t(`voice.setup.${device}_device`)}
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        data-testid={`setup-${device}-device`}
      >
        <option value="">{t('voice.setup.default_device')}</option>
        {options.map((option, index) => (
          <option key={option.deviceId} value={option.deviceId}>
            {/* Labels stay empty until the user allows the device once. */}
            {option.label || t(`voice.setup.${device}_n`, { n: index + 1 })}
          </option>
        ))}
        {missing && <option value={value}>{t(`voice.setup.${device}_unplugged`)}</option>}
      </select>
    </div>
  );
}
