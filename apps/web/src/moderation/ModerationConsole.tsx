import { useTranslation } from 'react-i18next';
import { useCurrentUser, useMe } from '../auth/authStore';
import { Modal } from '../ui/Modal';
import { DefaultLevelSetting } from './DefaultLevelSetting';
import { closeModeration, openAnnouncement, useModerationStore } from './moderationStore';
import { SearchView } from './SearchView';
import { TournamentImport } from './TournamentImport';
import { UserEditView } from './UserEditView';

/**
 * Spec 2 §2 Moderation modal (moderators only): the search, or a user's edit view when a user id is
 * set. Staff (special-tpi) also find the level new accounts get and the announcement here.
 */
export default function ModerationConsole() {
  const { t } = useTranslation();
  const userId = useModerationStore((state) => state.userId);
  const me = useMe();
  const user = useCurrentUser();
  const viewer = { id: me?.id ?? user?.id ?? '', level: me?.level ?? user?.level ?? 'none' };
  const isStaff = viewer.level === 'special-tpi';
  return (
    <Modal
      title={t('moderation.title')}
      onDismiss={closeModeration}
      testId="moderation-dialog"
      className="dialog--wide moderation"
    >
      {userId ? (
        <UserEditView key={userId} userId={userId} viewer={viewer} />
      ) : (
        <>
          <SearchView />
          {isStaff && <DefaultLevelSetting />}
          {isStaff && <TournamentImport />}
        </>
      )}
      <div className="dialog__buttons">
        {isStaff && (
          <button
            type="button"
            className="button button--secondary"
            onClick={openAnnouncement}
            data-testid="moderation-announce"
          >
            {t('moderation.announcement.open')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={closeModeration} data-testid="moderation-close">
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
