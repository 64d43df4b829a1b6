import type { SessionView } from '@belfry/engine';
import { useEffect } from 'react';
import { BluffsTab } from './BluffsTab';
import { FabledDialogs } from './FabledDialogs';
import { closeFabledDialog } from './fabledStore';
import { FabledTab } from './FabledTab';
import './Fabled.css';

/** The fabled tab, the bluffs tab and their pickers, mounted once on the game screen. */
export function FabledLayer({ view }: { view: SessionView }) {
  // Leaving the game leaves no picker behind for the next one.
  useEffect(() => closeFabledDialog, []);
  return (
    <>
      <FabledTab view={view} />
      <BluffsTab view={view} />
      <FabledDialogs view={view} />
    </>
  );
}
