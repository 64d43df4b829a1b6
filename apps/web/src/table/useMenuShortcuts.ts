import { isLocalGame, type SessionView } from '@belfry/engine';
import { bagSeats, MIN_DISTRIBUTION_PLAYERS } from '../characters/distributionPick';
import { hasWhisperQueue, openWhispers, useChatStore } from '../chat';
import { showUsersList } from '../people';
import { leaveSession } from '../session/sessionController';
import { openGameDialog, setMenuOpen } from '../session/gameUiStore';
import { isViewerStoryteller } from '../session/sessionRules';
import { useShortcuts } from '../session/useShortcuts';
import { openSettings } from '../settings';
import type { ShortcutAction } from '../ui/shortcuts';
import { openVoteHistory } from '../vote';

/**
 * The menu's items on keys (spec 3 §9): Enter whispers, n the night signals (not the Storyteller's:
 * theirs is the night), q settings, / the shortcuts tab, u users, v vote history, l leave, 5 roles.
 * Each does what its menu item does, and only where that item is offered.
 */
export const runMenuShortcut = (action: ShortcutAction, view: SessionView): boolean => {
  switch (action) {
    case 'whisper':
      if (!hasWhisperQueue(view)) return false;
      setMenuOpen(false);
      openWhispers();
      return true;
    case 'nightSignal':
      if (isViewerStoryteller(view)) return false;
      useChatStore.setState((state) => ({ nightInfoOpen: !state.nightInfoOpen }));
      return true;
    case 'settings':
      setMenuOpen(false);
      openSettings();
      return true;
    case 'shortcuts':
      setMenuOpen(false);
      openSettings('shortcuts');
      return true;
    case 'users':
      if (isLocalGame(view)) return false;
      setMenuOpen(false);
      showUsersList();
      return true;
    case 'voteHistory':
      if (!isViewerStoryteller(view) && !view.viewer.grimoireAccess) return false;
      setMenuOpen(false);
      openVoteHistory();
      return true;
    case 'leave':
      setMenuOpen(false);
      leaveSession();
      return true;
    case 'roles':
      if (bagSeats(view.seats).length < MIN_DISTRIBUTION_PLAYERS) return false;
      openGameDialog({ kind: 'hand-out' });
      return true;
    default:
      return false;
  }
};

export const useMenuShortcuts = (): void => useShortcuts(runMenuShortcut);
