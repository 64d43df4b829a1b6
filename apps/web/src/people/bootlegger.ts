import type { SessionView } from '@belfry/engine';
import { isViewerStoryteller } from '../session/sessionRules';

/** Whether a new user (newuser flag) meets a session with the Bootlegger's homebrew rules for the first time. */
export const needsBootleggerWarning = (view: SessionView, alreadyWarned: boolean): boolean => {
  const me = view.users[view.viewer.id];
  return (
    !alreadyWarned &&
    !isViewerStoryteller(view) &&
    view.fabled.some((f) => f.id === 'bootlegger') &&
    (me?.flags.includes('newuser') ?? false)
  );
};
