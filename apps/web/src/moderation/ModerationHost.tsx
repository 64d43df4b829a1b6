import { lazy, Suspense } from 'react';
import { withLaterStrings } from '../i18n';
import { closeAnnouncement, useModerationStore } from './moderationStore';

// The console and the announcement form load only when opened: most users never see them.
const ModerationConsole = lazy(() => withLaterStrings(() => import('./ModerationConsole')));
const AnnouncementDialog = lazy(() =>
  withLaterStrings(() => import('./AnnouncementDialog')).then(({ AnnouncementDialog: Dialog }) => ({
    default: Dialog,
  })),
);

/** Where the moderation console and the announcement form show when opened (Lobby, game screen). */
export function ModerationHost() {
  const open = useModerationStore((state) => state.open);
  const announcing = useModerationStore((state) => state.announcing);
  return (
    <Suspense fallback={null}>
      {open && <ModerationConsole />}
      {announcing && <AnnouncementDialog onClose={closeAnnouncement} />}
    </Suspense>
  );
}
