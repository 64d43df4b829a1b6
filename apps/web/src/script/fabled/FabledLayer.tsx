import type { SessionView } from '@belfry/engine';
import { lazy, Suspense, useEffect } from 'react';
import { BluffsTab } from './BluffsTab';
import { closeFabledDialog, useFabledStore } from './fabledStore';
import { FabledTab } from './FabledTab';
import './Fabled.css';

// The pickers' code arrives the first time one opens.
const FabledDialogs = lazy(async () => ({ default: (await import('./FabledDialogs')).FabledDialogs }));

/**
 * The fabled tab, the bluffs tab and their pickers, mounted once on the game screen. `hideBluffs`:
 * the public town-square view (Settings → advanced) leaves the bluffs out.
 */
export function FabledLayer({ view, hideBluffs = false }: { view: SessionView; hideBluffs?: boolean }) {
  // Leaving the game leaves no picker behind for the next one.
  useEffect(() => closeFabledDialog, []);
  const dialogOpen = useFabledStore((state) => state.dialog !== null);
  return (
    <>
      <FabledTab view={view} />
      {!hideBluffs && <BluffsTab view={view} />}
      {dialogOpen && (
        <Suspense fallback={null}>
          <FabledDialogs view={view} />
        </Suspense>
      )}
    </>
  );
}
