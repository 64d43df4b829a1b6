import { AppError, cleanServerMessage } from '../api/appError';
import { openDialog, useDialogStore } from './dialogStore';
import { translateServerMessage } from '../i18n/serverMessages';

/** Spec 1 §8: failures of session actions show a dialogue keyed by the action that failed. */
export const ACTIONS = [
  'claiming',
  'vacating',
  'add',
  'remove',
  'move',
  'add_storyteller',
  'remove_storyteller',
  'update_storyteller',
  'request_storyteller',
  'kick',
  'request_grim',
  'update',
  'server_change',
  // The game (spec 1 §8 names start, end, running, update_game, sending_roles, clear_grim, update_player, eyes_*).
  'start',
  'end',
  'running',
  'update_game',
  'sending_roles',
  'clear_grim',
  'update_player',
  'eyes_open',
  'eyes_close',
  'timer',
  'gong',
  'pointing',
  'raise_hand',
  'fabled',
  'bluffs',
  // Not in the spec's list: a session that cannot be joined (unknown code, refused handshake), a vote control.
  'join',
  'vote',
  // Voice: following someone's channel, the private cameras (issue 17).
  'voice',
] as const;
export type ActionName = (typeof ACTIONS)[number];

export const ERROR_DIALOG_TEST_ID = 'error-dialog';
export const SERVER_DIALOG_TEST_ID = 'server-error-dialog';

const OK_BUTTON = { labelKey: 'common.ok', value: 'ok', variant: 'primary' } as const;

export const showActionError = (action: ActionName | 'generic', error: unknown): Promise<string | null> => {
  const appError = error instanceof AppError ? error : new AppError('internal', '');
  if (appError.code === 'grimoire_not_allowed') {
    // Spec 2 §4: a new user in a public game gets this alert instead of a request.
    return openDialog({
      titleKey: 'storyteller.prompt_grim_title',
      textKey: 'storyteller.prompt_grim_text',
      buttons: [OK_BUTTON],
      testId: ERROR_DIALOG_TEST_ID,
    });
  }
  return openDialog({
    titleKey: `error.${action}`,
    textKey: `errors.codes.${appError.code}`,
    detail: translateServerMessage(cleanServerMessage(appError.message)),
    buttons: [OK_BUTTON],
    testId: ERROR_DIALOG_TEST_ID,
  });
};

export const showNotice = (titleKey: string, textKey: string, detail?: string): Promise<string | null> =>
  openDialog({ titleKey, textKey, detail, buttons: [OK_BUTTON] });

export const confirmDialog = async (
  titleKey: string,
  textKey: string,
  confirmKey: string,
  options: { variant?: 'primary' | 'danger'; textParams?: Record<string, string | number> } = {},
): Promise<boolean> => {
  const answer = await openDialog({
    titleKey,
    textKey,
    textParams: options.textParams,
    buttons: [
      { labelKey: 'common.cancel', value: 'cancel', variant: 'secondary' },
      { labelKey: confirmKey, value: 'confirm', variant: options.variant ?? 'danger' },
    ],
    testId: 'confirm-dialog',
  });
  return answer === 'confirm';
};

/** Spec 1 §4: no game state within 10 s shows the server error (server_title, server_text). */
export const showServerError = async (): Promise<'leave' | 'wait'> => {
  useDialogStore.getState().dismissByTestId(SERVER_DIALOG_TEST_ID);
  const answer = await openDialog({
    titleKey: 'error.server_title',
    textKey: 'error.server_text',
    buttons: [
      { labelKey: 'grimoire.keep_waiting', value: 'wait', variant: 'secondary' },
      { labelKey: 'grimoire.back_to_lobby', value: 'leave', variant: 'primary' },
    ],
    testId: SERVER_DIALOG_TEST_ID,
  });
  return answer === 'leave' ? 'leave' : 'wait';
};

export const dismissServerError = (): void => useDialogStore.getState().dismissByTestId(SERVER_DIALOG_TEST_ID);
