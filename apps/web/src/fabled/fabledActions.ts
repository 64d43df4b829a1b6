import type { ClientEvent, ClientPayload } from '@belfry/protocol';
import type { Role } from '@belfry/engine';
import { openDialog } from '../dialogs/dialogStore';
import { AppError, cleanServerMessage } from '../errors/appError';
import { setSeatFlag } from '../game/actions';
import { sendRequest } from '../session/sessionController';
import { setPending } from '../session/sessionStore';
import { votelessSeats } from './fabledRules';

/**
 * Spec 1 §8: a failed request shows a dialogue keyed by its action (here `fabled` and `bluffs`),
 * with the error code's text and the server's reason.
 */
const send = async <E extends ClientEvent>(
  action: 'fabled' | 'bluffs',
  pendingKey: string,
  event: E,
  payload: ClientPayload<E>,
): Promise<boolean> => {
  setPending(pendingKey, true);
  try {
    await sendRequest(event, payload);
    return true;
  } catch (error) {
    const appError = error instanceof AppError ? error : new AppError('internal', '');
    void openDialog({
      titleKey: action === 'fabled' ? 'fabled.error.fabled' : 'fabled.error.bluffs',
      textKey: `errors.codes.${appError.code}`,
      detail: cleanServerMessage(appError.message),
      buttons: [{ labelKey: 'common.ok', value: 'ok', variant: 'primary' }],
      testId: 'error-dialog',
    });
    return false;
  } finally {
    setPending(pendingKey, false);
  }
};

export const addFabled = (role: Role): Promise<boolean> =>
  send('fabled', `fabled-${role.id}`, 'fabled', { action: 'add', role });

export const removeFabled = (id: string): Promise<boolean> =>
  send('fabled', `fabled-${id}`, 'fabled', { action: 'remove', id });

export const setBluffs = (bluffs: (Role | null)[]): Promise<boolean> => send('bluffs', 'bluffs', 'bluffs', { bluffs });

/** Spec 3 §4 Fabled abilities: clearing ghost votes gives every voteless player their vote back. */
export const clearGhostVotes = async (seats: Parameters<typeof votelessSeats>[0]): Promise<void> => {
  for (const index of votelessSeats(seats)) await setSeatFlag(index, 'isVoteless', false);
};
