import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/authStore';
import { Avatar } from '../avatars/Avatar';
import { ProfileCard } from '../ProfileCard';

/** The Lobby header's own name and avatar: it opens one's own profile card to edit it. */
export function OwnProfileButton() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <button
        type="button"
        className="topbar__user own-profile-button"
        onClick={() => setOpen(true)}
        title={t('avatar.edit.open_own')}
        data-testid="open-own-profile"
      >
        <Avatar userId={user.id} size="medium" />
        <span data-testid="current-user">{user.username}</span>
      </button>
      {open && <ProfileCard userId={user.id} fallbackName={user.username} onClose={() => setOpen(false)} />}
    </>
  );
}
