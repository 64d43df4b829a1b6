import type { SignalPart } from '@belfry/engine';
import { showActionError } from '../dialogs/dialogs';
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
