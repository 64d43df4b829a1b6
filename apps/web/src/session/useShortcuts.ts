import type { SessionView } from '@belfry/engine';
import { useEffect, useRef } from 'react';
import { useDialogStore } from '../ui/dialogStore';
import { currentBindings } from '../ui/keybindings';
import { keyInputOf, shortcutAllowed, shortcutsFor, type ShortcutAction } from '../ui/shortcuts';
import { useGameUi } from './gameUiStore';
import { isViewerStoryteller } from './sessionRules';
import { useSessionStore } from './sessionStore';

/**
 * The game screen's keyboard shortcuts (spec 3 §9): `run` gets each allowed action with the newest view
 * when its key arrives (not while typing, with a modifier or with a dialogue open; only for who may)
 * and answers whether it used the key, whose default is then prevented. Keys come from the user's
 * own bindings at the moment of the press; a key bound to several actions offers each of them.
 * Several parts of the screen each take the actions that are theirs.
 */
export const useShortcuts = (run: (action: ShortcutAction, view: SessionView) => boolean): void => {
  // The listener stays; the newest `run` is kept for it after each render.
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const current = useSessionStore.getState().view;
      if (!current) return;
      const actions = shortcutsFor(keyInputOf(event), currentBindings());
      if (actions.length === 0) return;
      const context = {
        isStoryteller: isViewerStoryteller(current),
        isSeated: current.viewer.seat >= 0,
        isRevealing: current.hook?.name === 'reveal-grimoire',
        isDialogOpen:
          useGameUi.getState().dialog !== null ||
          useDialogStore.getState().dialogs.length > 0 ||
          document.querySelector('dialog[open]') !== null,
      };
      let used = false;
      for (const action of actions) {
        if (shortcutAllowed(action, context) && latest.current(action, current)) used = true;
      }
      if (used) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
};
