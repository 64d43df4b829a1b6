import type { SessionView } from '@belfry/engine';
import { useEffect } from 'react';
import { useDialogStore } from '../dialogs/dialogStore';
import { useGameUi } from '../game/gameUiStore';
import { shortcutAllowed, shortcutFor } from '../game/shortcuts';
import { isViewerStoryteller } from '../grimoire/sessionRules';
import { useSessionStore } from '../session/sessionStore';
import { EditionAlerts } from './EditionAlerts';
import { EditionPicker } from './EditionPicker';
import { openEditionPicker, resetEditionUi, useEditionUi } from './editionStore';

/**
 * The edition picker and its alerts on the game screen, and the shortcut 2 that opens the picker
 * (spec 3 §9; Storyteller only, not while typing or while a dialogue is open).
 */
export function EditionHost({ view }: { view: SessionView }) {
  const open = useEditionUi((state) => state.open);
  const storyteller = isViewerStoryteller(view);

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
      if (action !== 'edition') return;
      const allowed = shortcutAllowed(action, {
        isStoryteller: isViewerStoryteller(current),
        isSeated: current.viewer.seat >= 0,
        isRevealing: current.hook?.name === 'reveal-grimoire',
        isDialogOpen:
          useGameUi.getState().dialog !== null ||
          useDialogStore.getState().dialogs.length > 0 ||
          document.querySelector('dialog[open]') !== null,
      });
      if (!allowed) return;
      event.preventDefault();
      openEditionPicker();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Leaving the game screen closes the picker and forgets its alerts.
  useEffect(() => () => resetEditionUi(), []);

  return (
    <>
      {open && storyteller && <EditionPicker view={view} />}
      <EditionAlerts />
    </>
  );
}
