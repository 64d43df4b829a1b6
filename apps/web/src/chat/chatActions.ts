import type { SignalPart } from '@belfry/engine';
import { showActionError } from '../ui/dialogs';
import { sendRequest } from '../session/sessionController';

/** Sends a text; a refusal shows the generic error dialogue with the server's reason. */
export const sendText = async (recipientId: string, message: string): Promise<boolean> => {
  try {
    await sendRequest('textMessage', { recipientId, message });
    return true;
  } catch (error) {
    void showActionError('generic', error);
    return false;
  }
};

/** "Typing…": best effort, never an error dialogue. */
export const sendIndicator = (recipientId: string, length: number): void => {
  void sendRequest('textMessageIndicator', { recipientId, length }).catch(() => undefined);
};

export const setWhispersDisabled = async (disabled: boolean): Promise<void> => {
  try {
    await sendRequest('whispers', { disabled });
  } catch (error) {
    void showActionError('generic', error);
  }
};

export const sendSignal = async (recipients: string[], message: SignalPart[]): Promise<boolean> => {
  try {
    await sendRequest('signal', {
      recipients,
      message: message as Parameters<typeof sendRequest<'signal'>>[1]['message'],
    });
    return true;
  } catch (error) {
    void showActionError('generic', error);
    return false;
  }
};

export const markSignalSeen = (id: string): void => {
  void sendRequest('signalSeen', { id }).catch(() => undefined);
};

/** Spec 2 §4 whispers: ask (or answer) someone; a mutual request opens the private channel. */
export const requestWhisper = async (to: string): Promise<boolean> => {
  try {
    await sendRequest('whisperRequest', { to });
    return true;
  } catch (error) {
    void showActionError('generic', error);
    return false;
  }
};

/** Withdraw or decline the request between us and `to`; without `to`, leave the current channel. */
export const removeWhisper = (to?: string): void => {
  void sendRequest('whisperRemove', to === undefined ? {} : { to }).catch((error: unknown) =>
    showActionError('generic', error),
  );
};

/** Join a public room (the same one again leaves it), or '' for the town square. */
export const joinChannel = (channel: string): void => {
  void sendRequest('channel', { channel }).catch((error: unknown) => showActionError('generic', error));
};
