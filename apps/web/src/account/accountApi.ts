import type { AuthTokens, Me, UpdateUserBody, VerifyBody } from '@belfry/protocol';
import { sendJson } from '../api/http';
import { acceptTokens, authorizedJson, fetchMe, refreshTokens } from '../auth/authService';
import { useAuthStore } from '../auth/authStore';

/** The answers of POST /backend/verify (API.md "Accounts"). */
export type VerifyAnswer =
  { status: 'sent' } | { status: 'pending' } | { status: 'verified'; user?: Me; tokens?: AuthTokens };

const verify = (body: VerifyBody) => authorizedJson<VerifyAnswer>('/verify', { method: 'POST', body });
const verifyPending = (body: VerifyBody) => sendJson<VerifyAnswer>('/verify', { method: 'POST', body });

/**
 * After a verification the account has a new flag: keep the account the server sent, renew the
 * access token (its claims may carry the flags) and load the account once more.
 */
const afterVerified = async (answer: VerifyAnswer): Promise<void> => {
  if (answer.status === 'verified' && answer.user) useAuthStore.getState().setMe(answer.user);
  await refreshTokens().catch(() => false);
  await fetchMe().catch(() => undefined);
};

/** Logged-in mode: asks for a new e-mail code. */
export const resendEmailCode = (): Promise<VerifyAnswer> => verify({ type: 'email' });

/** Logged-in mode: submits the e-mail code. */
export const submitEmailCode = async (code: string): Promise<VerifyAnswer> => {
  const answer = await verify({ type: 'email', code });
  await afterVerified(answer);
  return answer;
};

/** Pending mode (no token yet): asks for a new code for the registered address. */
export const resendPendingCode = (email: string): Promise<VerifyAnswer> => verifyPending({ type: 'email', email });

/** Pending mode: a right code answers with tokens, which log the user in. */
export const submitPendingCode = async (email: string, code: string): Promise<VerifyAnswer> => {
  const answer = await verifyPending({ type: 'email', email, code });
  if (answer.status === 'verified' && answer.tokens) {
    acceptTokens(answer.tokens);
    await fetchMe().catch(() => undefined);
  }
  return answer;
};

/** Phone step 1: an SMS code goes to the number (answer 'pending'). */
export const sendPhoneCode = (prefix: string, phone: string): Promise<VerifyAnswer> =>
  verify({ type: 'phone', prefix, phone });

/** Phone step 2: the SMS code; 'verified' adds the verified-phone flag. */
export const submitPhoneCode = async (prefix: string, phone: string, code: string): Promise<VerifyAnswer> => {
  const answer = await verify({ type: 'phone', prefix, phone, code });
  await afterVerified(answer);
  return answer;
};

/** POST /backend/user: changes the own account and answers with it. */
export const updateUser = async (body: UpdateUserBody): Promise<Me> => {
  const me = await authorizedJson<Me>('/user', { method: 'POST', body });
  useAuthStore.getState().setMe(me);
  return me;
};
