import { lazy, Suspense } from 'react';
import { withLaterStrings } from '../../i18n';

const Wizard = lazy(async () => ({ default: (await withLaterStrings(() => import('./VoiceSetup'))).VoiceSetup }));

/** The setup wizard, loaded when first opened: it is not part of any screen's first load. */
export function LazyVoiceSetup({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Wizard onClose={onClose} />
    </Suspense>
  );
}
