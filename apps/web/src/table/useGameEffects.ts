import type { SessionView } from '@belfry/engine';
import { useEffect, useRef } from 'react';
import { isViewerStoryteller } from '../session/sessionRules';
import { playSound } from '../sound/synth';
import { unlockAudioOnGesture } from '../sound/audioContext';
import { raiseHand, soundGong, toggleFullscreen, toggleNight } from '../session/gameActions';
import {
  openGameDialog,
  resetGameUi,
  setMenuOpen,
  showRules,
  toggleMode,
  toggleTownSquare,
  useGameUi,
} from '../session/gameUiStore';
import { serverNow } from '../time/serverTime';
import type { ShortcutAction } from '../ui/shortcuts';
import { useShortcuts } from '../session/useShortcuts';
import { swipeDirection, type Point } from '../ui/swipe';
import { timerJustExpired } from './timerDisplay';
import { useMenuShortcuts } from './useMenuShortcuts';
import { STORED_SETTING_KEYS } from '../ui/storedSettingKeys';

/** A hook's gong is still worth sounding this long after it began (e.g. just after a reconnect). */
const GONG_LATE_MS = 3_000;
const TOUCH_KEY = STORED_SETTING_KEYS.isTouchSupport;

/** Spec 3 §3 game setting isTouchSupport: on by default where the device has a touch screen. */
const touchSupport = (): boolean => {
  try {
    const stored = localStorage.getItem(TOUCH_KEY);
    if (stored !== null) return stored === 'true';
  } catch {
    // Fall through to the device's own answer.
  }
  return typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0;
};

const runShortcut = (action: ShortcutAction, view: SessionView): boolean => {
  switch (action) {
    case 'townSquare':
      if (view.seats.length > 0) toggleTownSquare();
      return true;
    // The server says why when it refuses (a nomination, pointing, another announcement).
    case 'night':
      void toggleNight();
      return true;
    case 'reveal':
      openGameDialog({ kind: 'end-game' });
      return true;
    case 'fullscreen':
      toggleFullscreen();
      return true;
    case 'timer':
      openGameDialog({ kind: 'timer' });
      return true;
    case 'gong':
      void soundGong();
      return true;
    case 'raiseHand': {
      if (view.vote.nomination) return true;
      // Spec 1 §4: the hand cycles on repeat (the server lowers a hand raised again with the same icon).
      const raised = view.raisedHands[view.viewer.id];
      void raiseHand(raised ? null : useGameUi.getState().handIcon);
      return true;
    }
    case 'gather':
      toggleMode('gather');
      return true;
    case 'rules':
      showRules(isViewerStoryteller(view));
      return true;
    default:
      return false;
  }
};

/**
 * The game screen's side effects: the attention gong and the timer gong (spec 1 §4 sounds), the
 * keyboard shortcuts (spec 3 §9), touch swipes (spec 1 §9) and unlocking audio on the first gesture.
 */
export const useGameEffects = (view: SessionView | null): void => {
  const playedHook = useRef<number | null>(null);
  const hook = view?.hook ?? null;
  const timer = view?.timer ?? null;

  // The attention gong rings once per attention-gong hook.
  useEffect(() => {
    if (hook?.name !== 'attention-gong' || playedHook.current === hook.since) return;
    playedHook.current = hook.since;
    if (serverNow() - hook.since < GONG_LATE_MS) playSound('attentionGong');
  }, [hook]);

  // The timer gong rings once, when a running timer reaches its expiry.
  useEffect(() => {
    if (!timer || timer.paused !== null) return;
    let before = serverNow();
    const tick = setInterval(() => {
      const now = serverNow();
      if (timerJustExpired(timer, before, now)) playSound('timerGong');
      before = now;
    }, 200);
    return () => clearInterval(tick);
  }, [timer]);

  // Shortcuts read the newest view when a key arrives.
  useShortcuts(runShortcut);
  useMenuShortcuts();

  // Swipes: left opens the menu, right closes it.
  useEffect(() => {
    let start: Point | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const direction = swipeDirection(start, { x: touch.clientX, y: touch.clientY }, touchSupport());
      start = null;
      if (direction === 'left') setMenuOpen(true);
      else if (direction === 'right') setMenuOpen(false);
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, []);

  // Browsers only let audio start after a gesture: the first click or key unlocks it.
  useEffect(() => unlockAudioOnGesture(), []);

  // Leaving the game screen forgets its modes.
  useEffect(() => () => resetGameUi(), []);
};
