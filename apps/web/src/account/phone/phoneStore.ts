import { create } from 'zustand';

interface PhoneDialogState {
  open: boolean;
  /** Resolves the promise openPhoneVerification returned: true when the number was verified. */
  settle: ((verified: boolean) => void) | null;
}

export const usePhoneDialogStore = create<PhoneDialogState>(() => ({ open: false, settle: null }));

/**
 * Opens the phone verification modal (spec 2 §2 "Modals: Verification (phone)"), from the Lobby's
 * button or, later, from the join flow (public sessions need a verified phone). Resolves when it
 * closes: true if the number was verified.
 */
export const openPhoneVerification = (): Promise<boolean> => {
  usePhoneDialogStore.getState().settle?.(false);
  return new Promise((resolve) => usePhoneDialogStore.setState({ open: true, settle: resolve }));
};

export const closePhoneVerification = (verified = false): void => {
  const { settle } = usePhoneDialogStore.getState();
  usePhoneDialogStore.setState({ open: false, settle: null });
  settle?.(verified);
};
