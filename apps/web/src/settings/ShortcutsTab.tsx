import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyCap, useKeyName } from '../ui/KeyCap';
import {
  isDefault,
  MAX_KEYS_PER_ACTION,
  recordKey,
  restoreDefault,
  setBindings,
  useKeybindings,
  type RecordMode,
} from '../ui/keybindings';
import {
  actionsForKey,
  DEFAULT_BINDINGS,
  isRecordableKey,
  normalizeKey,
  SHORTCUT_ACTIONS,
  type ShortcutAction,
} from '../ui/shortcuts';
import './ShortcutsTab.css';

interface Recording {
  action: ShortcutAction;
  mode: RecordMode;
}

/**
 * Spec 3 §2 shortcuts tab and §4 "Recording a shortcut": a key replaces the binding, the add button
 * appends, Escape restores the default, adding a duplicate cancels. Bindings are kept in this browser.
 */
export function ShortcutsTab() {
  const { t } = useTranslation();
  const keyName = useKeyName();
  const bindings = useKeybindings((state) => state.bindings);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [status, setStatus] = useState('');
  const actionName = (action: ShortcutAction) => t(`shortcuts.action.${action}`);
  const keyList = (keys: readonly string[]) => keys.map(keyName).join(', ');

  // While recording, the next key is the binding's: nothing else (the dialogue's Escape, the game's
  // shortcuts, the menu) may see it. A key with a modifier held can never fire, so it is not taken.
  useEffect(() => {
    if (!recording) return;
    const onKey = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.repeat || !isRecordableKey(event)) return;
      const { action, mode } = recording;
      const current = useKeybindings.getState().bindings;
      const key = normalizeKey(event.key);
      const next = recordKey(current, action, event.key, mode);
      setRecording(null);
      if (event.key === 'Escape') {
        setStatus(t('shortcuts.restored', { action: actionName(action), keys: keyList(next[action]) }));
      } else if (next === current) {
        setStatus(
          current[action].includes(key)
            ? t('shortcuts.duplicate', { key: keyName(key), action: actionName(action) })
            : t('shortcuts.full', { action: actionName(action), count: MAX_KEYS_PER_ACTION }),
        );
        return;
      } else {
        setStatus(t('shortcuts.recorded', { action: actionName(action), keys: keyList(next[action]) }));
      }
      setBindings(next);
    };
    // Clicking anywhere else ends the recording with nothing changed.
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-recording]')) setRecording(null);
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
    // The texts are read when a key arrives; the listener follows only the recording.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording]);

  const start = (action: ShortcutAction, mode: RecordMode) => {
    setStatus('');
    setRecording(recording?.action === action && recording.mode === mode ? null : { action, mode });
  };

  const allDefault = SHORTCUT_ACTIONS.every((action) => isDefault(bindings, action));

  return (
    <div className="shortcuts-tab" data-testid="settings-shortcuts">
      <p className="shortcuts-tab__intro">{t('shortcuts.intro')}</p>
      <p className="shortcuts-tab__status" role="status" aria-live="polite" data-testid="shortcuts-status">
        {recording
          ? t(recording.mode === 'add' ? 'shortcuts.recording_add' : 'shortcuts.recording', {
              action: actionName(recording.action),
            })
          : status}
      </p>
      <ul className="shortcuts-tab__list">
        {SHORTCUT_ACTIONS.map((action) => {
          const keys = bindings[action];
          const replacing = recording?.action === action && recording.mode === 'replace';
          const adding = recording?.action === action && recording.mode === 'add';
          const shared = [
            ...new Set(keys.flatMap((key) => actionsForKey(bindings, key)).filter((other) => other !== action)),
          ];
          return (
            <li key={action} className="shortcuts-tab__row" data-testid={`shortcut-${action}`}>
              <span className="shortcuts-tab__action">
                {actionName(action)}
                {shared.length > 0 && (
                  <span className="shortcuts-tab__shared">
                    {t('shortcuts.shared', { actions: shared.map(actionName).join(', ') })}
                  </span>
                )}
              </span>
              <span className="shortcuts-tab__keys">
                <button
                  type="button"
                  className={`shortcuts-tab__record ${replacing ? 'shortcuts-tab__record--on' : ''}`}
                  onClick={() => start(action, 'replace')}
                  aria-pressed={replacing}
                  aria-label={t('shortcuts.record_replace', { action: actionName(action), keys: keyList(keys) })}
                  data-recording={replacing || undefined}
                  data-testid={`shortcut-${action}-record`}
                >
                  {replacing ? (
                    <span className="shortcuts-tab__press">{t('shortcuts.press_key')}</span>
                  ) : (
                    keys.map((key) => <KeyCap key={key} keyName={key} />)
                  )}
                </button>
                <button
                  type="button"
                  className={`shortcuts-tab__add ${adding ? 'shortcuts-tab__record--on' : ''}`}
                  onClick={() => start(action, 'add')}
                  aria-pressed={adding}
                  aria-label={t('shortcuts.record_add', { action: actionName(action) })}
                  title={t('shortcuts.record_add', { action: actionName(action) })}
                  disabled={keys.length >= MAX_KEYS_PER_ACTION}
                  data-recording={adding || undefined}
                  data-testid={`shortcut-${action}-add`}
                >
                  {adding ? t('shortcuts.press_key') : '+'}
                </button>
                <button
                  type="button"
                  className="shortcuts-tab__reset"
                  onClick={() => {
                    setRecording(null);
                    setBindings(restoreDefault(bindings, action));
                    setStatus(
                      t('shortcuts.restored', { action: actionName(action), keys: keyList(DEFAULT_BINDINGS[action]) }),
                    );
                  }}
                  aria-label={t('shortcuts.reset', { action: actionName(action) })}
                  title={t('shortcuts.reset', { action: actionName(action) })}
                  hidden={isDefault(bindings, action)}
                  data-testid={`shortcut-${action}-reset`}
                >
                  ↺
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="shortcuts-tab__footer">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={allDefault}
          onClick={() => {
            setRecording(null);
            setBindings(DEFAULT_BINDINGS);
            setStatus(t('shortcuts.reset_all_done'));
          }}
          data-testid="shortcuts-reset-all"
        >
          {t('shortcuts.reset_all')}
        </button>
      </div>
    </div>
  );
}
