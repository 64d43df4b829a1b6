import { openPhoneVerification } from '../account';
import { setSessionHooks } from '../session/sessionHooks';

/**
 * Connects the session layer to the features that answer it (the session imports no feature). The
 * chat is part of the game screen's code: typing indicators only come while a game is shown, when
 * it has been loaded already, and every other route stays without it.
 */
export const wireFeatures = (): void => {
  setSessionHooks({
    verifyPhone: openPhoneVerification,
    textIndicator: (payload) => void import('../chat').then(({ receiveIndicator }) => receiveIndicator(payload)),
  });
};
