import type { SessionUser, SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { groupUsers, onlineCount } from './sessionRules';

/** Spec 2 §2 "Users list": who is here, grouped storyteller / players / spectators. */
export function UsersPanel({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const groups = groupUsers(view);
  const me = view.viewer.id;

  return (
    <section className="card users" aria-labelledby="users-title" data-testid="users-panel">
      <h2 id="users-title" className="card__title">
        {t('grimoire.users.title')}
        <span className="card__badge" title={t('grimoire.users.online_count', { count: onlineCount(view) })}>
          {onlineCount(view)}
        </span>
      </h2>
      <UserGroup title={t('grimoire.users.storytellers')} empty={t('grimoire.users.no_storyteller')}>
        {groups.storytellers.map(({ id, user }) => (
          <UserRow key={id} id={id} user={user} isMe={id === me} />
        ))}
      </UserGroup>
      <UserGroup title={t('grimoire.users.players')} empty={t('grimoire.users.no_players')}>
        {groups.players.map(({ index, id, user }) => (
          <UserRow key={id} id={id} user={user} isMe={id === me} seat={index + 1} />
        ))}
      </UserGroup>
      <UserGroup title={t('grimoire.users.spectators')} empty={t('grimoire.users.no_spectators')}>
        {groups.spectators.map((user) => (
          <UserRow key={user.id} id={user.id} user={user} isMe={user.id === me} />
        ))}
      </UserGroup>
    </section>
  );
}

function UserGroup({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <div className="users__group">
      <h3 className="users__heading">{title}</h3>
      {children.length > 0 ? <ul className="users__list">{children}</ul> : <p className="users__empty">{empty}</p>}
    </div>
  );
}

function UserRow({
  id,
  user,
  isMe,
  seat,
}: {
  id: string;
  user: SessionUser | undefined;
  isMe: boolean;
  seat?: number;
}) {
  const { t } = useTranslation();
  const online = user?.isOnline ?? false;
  return (
    <li
      className={`users__row ${online ? '' : 'users__row--offline'}`}
      data-testid={`user-${id}`}
      data-online={String(online)}
    >
      <span className={`status-dot ${online ? 'status-dot--online' : ''}`} aria-hidden="true" />
      <span className="users__name">{user?.username ?? t('grimoire.seat.unknown_user')}</span>
      {isMe && <span className="seat__tag seat__tag--you">{t('grimoire.seat.you')}</span>}
      <span className="visually-hidden">{t(online ? 'grimoire.users.online' : 'grimoire.users.offline')}</span>
      {seat !== undefined && <span className="users__seat">{t('grimoire.users.seat', { number: seat })}</span>}
    </li>
  );
}
