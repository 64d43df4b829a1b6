import type { SessionView } from '@belfry/engine';
import { lazy, Suspense, useEffect } from 'react';
import { isViewerStoryteller } from '../../session/sessionRules';
import { useShortcuts } from '../../session/useShortcuts';
import { EditionAlerts } from './EditionAlerts';
import { openEditionPicker, resetEditionUi, useEditionUi } from './editionStore';

// The picker's code arrives the first time it opens.
const EditionPicker = lazy(async () => ({ default: (await import('./EditionPicker')).EditionPicker }));

/**
 * The edition picker and its alerts on the game screen, and the shortcut 2 that opens the picker
 * (spec 3 §9; Storyteller only, not while typing or while a dialogue is open).
 */
export function EditionHost({ view }: { view: SessionView }) {
  const open = useEditionUi((state) => state.open);
  const storyteller = isViewerStoryteller(view);

  useShortcuts((action) => {
    if (action !== 'edition') return false;
    openEditionPicker();
    return true;
  });

  // Leaving the game screen closes the picker and forgets its alerts.
  useEffect(() => () => resetEditionUi(), []);

  return (
    <>
      {open && storyteller && (
        <Suspense fallback={null}>
          <EditionPicker view={view} />
        </Suspense>
      )}
      <EditionAlerts />
    </>
  );
}
