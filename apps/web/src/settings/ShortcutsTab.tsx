import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../ui/shortcuts';

/** Spec 3 §2 shortcuts tab: the keys and what they do (recording comes with the keybindings). */
export function ShortcutsTab() {
  const { t } = useTranslation();
  return (
    <dl className="settings-shortcuts" data-testid="settings-shortcuts">
      {Object.entries(SHORTCUTS).map(([key, action]) => (
        <div key={key}>
          <dt>
            <kbd>{key === ' ' ? 'Space' : key}</kbd>
          </dt>
          <dd>{t(`shortcuts.action.${action}`, { defaultValue: action })}</dd>
        </div>
      ))}
    </dl>
  );
}
