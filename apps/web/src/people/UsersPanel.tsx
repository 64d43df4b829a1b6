import type { SessionUser, SessionView } from '@belfry/engine';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GrimoireIcon } from '../ui/icons/InlineIcons';
import { confirmDialog } from '../ui/dialogs';
import { sendAction } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { Avatar } from './avatars/Avatar';
import { ProfileCard } from './ProfileCard';
import {
  allStorytellersOffline,
  canKick,
  canManageStorytellers,
  grimoireActions,
  groupUsers,
  isViewerStoryteller,
  onlineCount,
} from '../session/sessionRules';
import { USERS_LIST_ID } from './usersListFocus';

/**
 * Spec 2 §2 "Users list" (only in a session): online users grouped Storyteller / players /
 * spectators; offline users without a seat are hidden, seated offline players show as offline.
 * The Storyteller grants or revokes grimoire access, adds or removes co-Storytellers and kicks;
 * everyone opens a user's profile card.
 */
export function UsersPanel({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<{ id: string; name: string } | null>(null);
  const groups = groupUsers(view);
  const me = view.viewer.id;
  // Closing the card returns to the list: focus goes back to the name it was opened from.
  const opener = useRef<HTMLElement | null>(null);
  const openProfile = (id: string, name: string, from: HTMLElement) => {
    opener.current = from;
    setProfile({ id, name });
  };
  const closeProfile = () => {
    setProfile(null);
    opener.current?.focus();
  };
  const stOffline = allStorytellersOffline(view);

  const row = (id: string, user: SessionUser | undefined, seat?: number) => (
    <UserRow key={id} view={view} id={id} user={user} isMe={id === me} seat={seat} onProfile={openProfile} />
  );

  return (
    <section
      className="card users"
      aria-labelledby="users-title"
      data-testid="users-panel"
      id={USERS_LIST_ID}
      tabIndex={-1}
    >
      <h2 id="users-title" className="card__title">
        {t('grimoire.users.title')}
        <span className="card__badge" title={t('grimoire.users.online_count', { count: onlineCount(view) })}>
          {onlineCount(view)}
        </span>
      </h2>
      <StorytellerRequests view={view} />
      <div data-testid="users-list">
        <UserGroup
          title={t('grimoire.users.storytellers')}
          empty={t(stOffline ? 'grimoire.users.storyteller_offline' : 'grimoire.users.no_storyteller')}
        >
          {groups.storytellers.map(({ id, user }) => row(id, user))}
        </UserGroup>
        <UserGroup title={t('grimoire.users.players')} empty={t('grimoire.users.no_players')}>
          {groups.players.map(({ index, id, user }) => row(id, user, index + 1))}
        </UserGroup>
        <UserGroup title={t('grimoire.users.spectators')} empty={t('grimoire.users.no_spectators')}>
          {groups.spectators.map((user) => row(user.id, user))}
        </UserGroup>
      </div>
      {profile && <ProfileCard userId={profile.id} fallbackName={profile.name} onClose={closeProfile} />}
    </section>
  );
}

function UserGroup({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <div className="users__group">
      <h3 className="users__heading">{title}</h3>
      {children.length > 0 ? <ul className="users__list">{children}</ul> : <p className="users__empty">{empty}</p>}
    </div>
  );
}

/** Spec 2 §4 Co-storyteller: the Storyteller confirms or declines pending requests. */
function StorytellerRequests({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const pending = useIsPending('respond-storyteller');
  if (!canManageStorytellers(view) || view.storytellerRequests.length === 0) return null;
  return (
    <div className="users__requests" role="region" aria-label={t('grimoire.users.st_requests')}>
      <h3 className="users__heading">{t('grimoire.users.st_requests')}</h3>
      <ul className="users__list">
        {view.storytellerRequests.map((id) => {
          const name = view.users[id]?.username ?? t('grimoire.seat.unknown_user');
          const respond = (accept: boolean) =>
            void sendAction('update_storyteller', 'respond-storyteller', 'respondStoryteller', { id, accept });
          return (
            <li key={id} className="users__request" data-testid={`st-request-${id}`}>
              <span className="users__name">{t('grimoire.users.st_request', { name })}</span>
              <span className="users__actions">
                <button
                  type="button"
                  className="button button--tiny button--primary"
                  onClick={() => respond(true)}
                  disabled={pending}
                  aria-label={t('app_info.accept_st_named', { name })}
                  data-testid={`accept-st-${id}`}
                >
                  {t('grimoire.users.accept_st')}
                </button>
                <button
                  type="button"
                  className="button button--tiny button--ghost"
                  onClick={() => respond(false)}
                  disabled={pending}
                  aria-label={t('grimoire.users.decline_st_named', { name })}
                  data-testid={`decline-st-${id}`}
                >
                  {t('grimoire.users.decline_st')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const ACCESS_KEYS = {
  0: null,
  1: 'grimoire.access.requested',
  2: 'grimoire.access.denied',
  3: 'grimoire.access.granted',
} as const;

function UserRow({
  view,
  id,
  user,
  isMe,
  seat,
  onProfile,
}: {
  view: SessionView;
  id: string;
  user: SessionUser | undefined;
  isMe: boolean;
  seat?: number;
  onProfile: (id: string, name: string, from: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const pendingAccess = useIsPending(`grimoire-${id}`);
  const pendingSt = useIsPending(`storyteller-${id}`);
  const pendingKick = useIsPending(`kick-${id}`);
  const online = user?.isOnline ?? false;
  const name = user?.username ?? t('grimoire.seat.unknown_user');
  const isSt = view.storytellers.some((st) => st.id === id);
  const manageSt = canManageStorytellers(view) && !isMe;
  const access = user ? grimoireActions(view, user) : [];
  const accessKey =
    user && isViewerStoryteller(view) && !isSt && seat === undefined ? ACCESS_KEYS[user.grimoireAccess] : null;
  const kickable = canKick(view, id);

  const setAccess = (status: 'receive' | 'deny') =>
    void sendAction('request_grim', `grimoire-${id}`, 'requestGrimoire', { id, status });

  const kick = async () => {
    const sure = await confirmDialog(
      'grimoire.kick_confirm.title',
      'grimoire.kick_confirm.text',
      'grimoire.users.kick',
      {
        textParams: { name },
      },
    );
    if (sure) await sendAction('kick', `kick-${id}`, 'kickUser', { id });
  };

  const hasActions = access.length > 0 || manageSt || kickable;

  return (
    <li
      className={`users__row ${online ? '' : 'users__row--offline'}`}
      data-testid={`user-row-${id}`}
      data-online={String(online)}
      data-grimoire={user?.grimoireAccess ?? 0}
    >
      <div className="users__line">
        <span className={`status-dot ${online ? 'status-dot--online' : ''}`} aria-hidden="true" />
        <Avatar userId={id} size="small" />
        <button
          type="button"
          className="users__name users__profile"
          onClick={(event) => onProfile(id, name, event.currentTarget)}
          title={t('grimoire.users.profile')}
          data-testid={`user-${id}`}
        >
          {name}
        </button>
        {isMe && <span className="seat__tag seat__tag--you">{t('grimoire.seat.you')}</span>}
        <span className="visually-hidden">{t(online ? 'grimoire.users.online' : 'grimoire.users.offline')}</span>
        {!online && <span className="seat__tag seat__tag--offline">{t('grimoire.seat.offline')}</span>}
        {accessKey && (
          <span
            className={`users__access users__access--${user?.grimoireAccess ?? 0}`}
            data-testid={`grimoire-state-${id}`}
          >
            <GrimoireIcon />
            {t(accessKey)}
          </span>
        )}
        {seat !== undefined && <span className="users__seat">{t('grimoire.users.seat', { number: seat })}</span>}
      </div>
      {hasActions && (
        <div className="users__actions" role="group" aria-label={t('grimoire.users.actions_for', { name })}>
          {access.includes('grant') && (
            <button
              type="button"
              className="button button--tiny button--primary"
              onClick={() => setAccess('receive')}
              disabled={pendingAccess}
              aria-label={t('app_info.grant_named', { name })}
              data-testid={`grant-${id}`}
            >
              {t('grimoire.users.grant')}
            </button>
          )}
          {access.includes('deny') && (
            <button
              type="button"
              className="button button--tiny button--secondary"
              onClick={() => setAccess('deny')}
              disabled={pendingAccess}
              aria-label={t(user?.grimoireAccess === 3 ? 'app_info.revoke_named' : 'grimoire.users.deny_named', {
                name,
              })}
              data-testid={`deny-${id}`}
            >
              {t(user?.grimoireAccess === 3 ? 'grimoire.users.revoke' : 'grimoire.users.deny')}
            </button>
          )}
          {manageSt && !isSt && (
            <button
              type="button"
              className="button button--tiny button--ghost"
              onClick={() => void sendAction('add_storyteller', `storyteller-${id}`, 'addStoryteller', { id })}
              disabled={pendingSt}
              aria-label={t('app_info.add_st_named', { name })}
              data-testid={`add-st-${id}`}
            >
              {t('grimoire.users.add_st')}
            </button>
          )}
          {manageSt && isSt && (
            <button
              type="button"
              className="button button--tiny button--ghost"
              onClick={() => void sendAction('remove_storyteller', `storyteller-${id}`, 'removeStoryteller', { id })}
              disabled={pendingSt}
              aria-label={t('app_info.remove_st_named', { name })}
              data-testid={`remove-st-${id}`}
            >
              {t('grimoire.users.remove_st')}
            </button>
          )}
          {kickable && (
            <button
              type="button"
              className="button button--tiny button--danger"
              onClick={() => void kick()}
              disabled={pendingKick}
              aria-label={t('app_info.kick_named', { name })}
              data-testid={`kick-${id}`}
            >
              {t('grimoire.users.kick')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
