import { lazy, Suspense } from 'react';
import { withLaterStrings } from '../../i18n';
import { usePhoneDialogStore } from './phoneStore';

// The dialog (its country list and the phone number rules) loads the first time it opens.
const PhoneVerificationDialog = lazy(async () => ({
  default: (await withLaterStrings(() => import('./PhoneVerificationDialog'))).PhoneVerificationDialog,
}));

/** Renders the phone verification modal while it is open. */
export function PhoneVerificationHost() {
  const open = usePhoneDialogStore((state) => state.open);
  return open ? (
    <Suspense fallback={null}>
      <PhoneVerificationDialog />
    </Suspense>
  ) : null;
}
