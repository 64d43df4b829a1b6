import { useKeybindings } from '../../ui/keybindings';
import { useKeyName } from '../../ui/KeyCap';
import type { ShortcutAction } from '../../ui/shortcuts';

/** The first key bound to an action, as the menus show it: the user's own binding, not the default. */
export const useShortcutHint = (): ((action: ShortcutAction) => string | undefined) => {
  const bindings = useKeybindings((state) => state.bindings);
  const keyName = useKeyName();
  return (action) => {
    const first = bindings[action][0];
    return first === undefined ? undefined : keyName(first);
  };
};
