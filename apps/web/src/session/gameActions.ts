import type { Alignment, Role, Team } from '@belfry/engine';
import { confirmDialog } from '../ui/dialogs';
import { openDialog } from '../ui/dialogStore';
import { sendAction } from './sessionController';
import { useSessionStore } from './sessionStore';
import { closeGameDialog } from './gameUiStore';

/**
 * The game's requests (spec 1 §7), each with the action name its failure dialogue carries
 * (spec 1 §8) and the pending key its button waits on.
 */
const view = () => useSessionStore.getState().view;

export const startGame = async (): Promise<void> => {
  // Starting again clears the game's history: ask first when one is running.
  if (
    view()?.game.isRunning &&
    !(await confirmDialog('game.start_again.title', 'game.start_again.text', 'game.start_again.confirm', {
      variant: 'primary',
    }))
  ) {
    return;
  }
  await sendAction('start', 'start-game', 'startGame', {});
};

export const endGame = async (isEvilWin: boolean, slow: boolean): Promise<void> => {
  closeGameDialog();
  await sendAction('end', 'end-game', 'endGame', slow ? { isEvilWin, slow } : { isEvilWin });
};

export const toggleNight = (): Promise<boolean> => sendAction('running', 'toggle-night', 'toggleNight', {});

export const soundGong = (): Promise<boolean> => sendAction('gong', 'gong', 'attention', {});

export const setTimer = (title: string, duration: number, isPausedDuringVotes: boolean): Promise<boolean> =>
  sendAction('timer', 'timer', 'timer', { title, duration, isPausedDuringVotes });

/** Spec 1 §5: any duration outside 3 to 7200 s clears the timer. */
export const clearTimer = (): Promise<boolean> =>
  sendAction('timer', 'timer', 'timer', { title: '', duration: 0, isPausedDuringVotes: false });

export const raiseHand = (icon: string | null): Promise<boolean> =>
  sendAction('raise_hand', 'raise-hand', 'raiseHand', { icon });

export const startPointing = (target: { team?: Team; dead?: boolean } = {}): Promise<boolean> => {
  closeGameDialog();
  return sendAction('pointing', 'pointing', 'pointing', { action: 'start', ...target });
};

export const stopPointing = (): Promise<boolean> => sendAction('pointing', 'pointing', 'pointing', { action: 'stop' });

export const pointAt = (index: number): Promise<boolean> => sendAction('pointing', 'point', 'point', { index });

export const distributeRoles = async (roles: { role: Role | null; alignment: Alignment }[]): Promise<void> => {
  if (await sendAction('sending_roles', 'hand-out', 'distributeRoles', { roles })) closeGameDialog();
};

export const setSeatRole = (index: number, role: Role | null): Promise<boolean> =>
  sendAction('update_player', `seat-${index}`, 'updatePlayer', { index, property: 'role', value: role });

export const setSeatAlignment = (index: number, alignment: Alignment): Promise<boolean> =>
  sendAction('update_player', `seat-${index}`, 'updatePlayer', { index, property: 'alignment', value: alignment });

export const setSeatFlag = (
  index: number,
  property: 'isDead' | 'isVoteless' | 'isMarkedForDeath',
  value: boolean,
): Promise<boolean> => sendAction('update_player', `seat-${index}`, 'updatePlayer', { index, property, value });

export const emptySeat = (index: number): Promise<boolean> =>
  sendAction('update_player', `seat-${index}`, 'updatePlayer', { index, property: 'id', value: '' });

export const cycleAlignment = (index: number): Promise<boolean> =>
  sendAction('update_player', `seat-${index}`, 'cycleAlignment', { index });

export const toggleLife = (index: number, townSquare: boolean): Promise<boolean> =>
  sendAction('update_player', `life-${index}`, 'toggleLife', { index, townSquare });

/** `allowDuplicates`: one more of a limited reminder does not take it from its oldest holder (spec 3 §4). */
export const addReminder = (index: number, role: string, name: string, allowDuplicates = false): Promise<boolean> =>
  sendAction('update_player', `reminder-${index}`, 'addReminder', {
    index,
    role,
    name,
    ...(allowDuplicates ? { allowDuplicates: true } : {}),
  });

export const removeReminder = (index: number, at: number): Promise<boolean> =>
  sendAction('update_player', `reminder-${index}`, 'removeReminder', { index, at });

export const flipReminder = (index: number, at: number): Promise<boolean> =>
  sendAction('update_player', `reminder-${index}`, 'flipReminder', { index, at });

export const setEyes = (index: number, value: 'open-eyes' | 'peek-eyes' | null): Promise<boolean> =>
  sendAction(value ? 'eyes_open' : 'eyes_close', `eyes-${index}`, 'openEyes', { index, value });

export const addSeat = (count: number): Promise<boolean> =>
  sendAction('add', 'add-seat', 'updateSeats', { op: 'add', count });

export const moveSeat = (from: number, to: number, count: number): Promise<boolean> =>
  sendAction('move', 'move-seat', 'updateSeats', { op: 'move', from, to, count });

/** Spec 1 §2: clearing the grimoire asks first: the characters only, or the players too. */
export const clearGrimoire = async (): Promise<void> => {
  const answer = await openDialog({
    titleKey: 'game.clear.title',
    textKey: 'game.clear.text',
    buttons: [
      { labelKey: 'common.cancel', value: 'cancel', variant: 'secondary' },
      { labelKey: 'game.clear.players', value: 'players', variant: 'danger' },
      { labelKey: 'game.clear.roles', value: 'roles', variant: 'danger' },
    ],
    testId: 'clear-dialog',
  });
  if (answer === 'players' || answer === 'roles') await sendAction('clear_grim', 'clear', 'clear', { what: answer });
};

/** Spec 1 §8: fullscreen errors are swallowed. */
export const toggleFullscreen = (): void => {
  try {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  } catch {
    // Not supported here: nothing to do.
  }
};

/** Grimoire holders: also hear the channel `userId` is in ('' stops following). */
export const follow = (userId: string): Promise<boolean> => sendAction('voice', 'follow', 'follow', { userId });

/** Storytellers: cameras inside private channels are shown only to their members, or to nobody. */
export const setPrivateCams = (hidden: boolean): Promise<boolean> =>
  sendAction('voice', 'private-cams', 'privateCams', { hidden });

/** Anyone: the cameras this user would rather not receive (spec 3 §3 hidden cams). */
export const hideCams = (hidden: { townSquare: boolean; private: boolean; reveal: boolean }): Promise<boolean> =>
  sendAction('voice', 'hide-cams', 'hideCams', hidden);
