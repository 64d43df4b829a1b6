import type { SessionView } from '@belfry/engine';
import { useEffect, useRef } from 'react';
import { useDialogStore } from '../ui/dialogStore';
import { shortcutAllowed, shortcutFor, type ShortcutAction } from '../ui/shortcuts';
import { useGameUi } from './gameUiStore';
import { isViewerStoryteller } from './sessionRules';
import { useSessionStore } from './sessionStore';

/**
 * The game screen's keyboard shortcuts (spec 3 §9): `run` gets each allowed action with the newest view
 * when its key arrives (not while typing, with a modifier or with a dialogue open; only for who may)
 * and answers whether it used the key, whose default is then prevented. Several parts of the screen
 * each take the actions that are theirs.
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
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        targetTag: target?.tagName ?? null,
        targetEditable: target?.isContentEditable ?? false,
      });
      if (!action) return;
      const allowed = shortcutAllowed(action, {
        isStoryteller: isViewerStoryteller(current),
        isSeated: current.viewer.seat >= 0,
        isRevealing: current.hook?.name === 'reveal-grimoire',
        isDialogOpen:
          useGameUi.getState().dialog !== null ||
          useDialogStore.getState().dialogs.length > 0 ||
          document.querySelector('dialog[open]') !== null,
      });
      if (allowed && latest.current(action, current)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
};
