import { LEVELS, USER_FLAGS, type ModeratorSaveBody, type ModeratorUserAnswer } from '@belfry/protocol';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBanExpiry } from '../account';
import { levelKey } from '../people';
import { FormField } from '../ui/FormField';
import { BanFields } from './BanFields';
import { loadModeratedUser, saveModeratedUser } from './moderationApi';
import { moderationFailure, type ModerationFailure } from './moderationErrors';
import { showUser } from './moderationStore';
import { UserRecord } from './UserRecord';
import {
  changesOf,
  draftErrors,
  draftOf,
  needsBan,
  unbanBody,
  USERNAME_MAX,
  type DraftError,
  type UserDraft,
} from './userDraft';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; failure: ModerationFailure };

/**
 * Spec 2 §2 Moderation, user edit view: username, pronouns, e-mail and level (special-tpi only),
 * flags with the ban they need, unban, then the user's record. Only changed fields are sent.
 */
export function UserEditView({ userId, viewer }: { userId: string; viewer: { id: string; level: string } }) {
  const { t, i18n } = useTranslation();
  const levelId = useId();
  const [answer, setAnswer] = useState<ModeratorUserAnswer | null>(null);
  const [loadFailure, setLoadFailure] = useState<ModerationFailure | null>(null);
  const [draft, setDraft] = useState<UserDraft | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [touched, setTouched] = useState(false);
  // When the answer came: which bans are still running is judged against it, not during render.
  const [loadedAt, setLoadedAt] = useState(0);

  useEffect(() => {
    let live = true;
    loadModeratedUser(userId).then(
      (loaded) => {
        if (!live) return;
        setAnswer(loaded);
        setLoadedAt(Date.now());
        setDraft(draftOf(loaded.user));
      },
      (error: unknown) => live && setLoadFailure(moderationFailure(error)),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const back = (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={() => showUser(null)}
      data-testid="moderation-back"
    >
      {t('moderation.user.back')}
    </button>
  );
  if (loadFailure) {
    return (
      <div className="moderation__user">
        {back}
        <p className="form-error" role="alert" data-testid="moderation-message">
          {t(loadFailure.key)} {loadFailure.detail}
        </p>
      </div>
    );
  }
  if (!answer || !draft) {
    return (
      <div className="moderation__user" aria-busy="true">
        {back}
        <p className="muted">{t('moderation.user.loading')}</p>
      </div>
    );
  }

  const { user } = answer;
  const isStaff = viewer.level === 'special-tpi';
  const isSelf = viewer.id === user.id;
  // Spec 2 §6 and the server's rules: staff accounts are changed by staff; nobody bans themselves.
  const locked = !isStaff && user.level === 'special-tpi';
  const errors = draftErrors(user, draft);
  const changes = changesOf(user, draft, isStaff);
  const saving = status.kind === 'saving';
  const ban = user.flags.includes('banned')
    ? answer.bans.find((entry) => entry.expires === null || entry.expires > loadedAt)
    : undefined;
  const change = (part: Partial<UserDraft>) => {
    setDraft({ ...draft, ...part });
    if (status.kind !== 'saving') setStatus({ kind: 'idle' });
  };

  const send = (body: ModeratorSaveBody) => {
    setStatus({ kind: 'saving' });
    saveModeratedUser(user.id, body).then(
      (saved) => {
        setAnswer(saved);
        setLoadedAt(Date.now());
        setDraft(draftOf(saved.user));
        setTouched(false);
        setStatus({ kind: 'saved' });
      },
      (error: unknown) => setStatus({ kind: 'error', failure: moderationFailure(error) }),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.length === 0 && changes) send(changes);
  };
  const toggleFlag = (flag: string, on: boolean) =>
    change({ flags: on ? [...draft.flags, flag] : draft.flags.filter((item) => item !== flag) });
  const shown = (field: DraftError) => (touched || field !== 'ban_reason') && errors.includes(field);

  return (
    <div className="moderation__user" data-testid="moderation-user" data-user={user.id}>
      <div className="moderation__user-head">
        {back}
        <p className="muted">
          {t('moderation.user.since', {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(user.createdAt)),
          })}
        </p>
      </div>
      {locked && (
        <p className="banner banner--warn" role="note">
          {t('moderation.user.staff_locked')}
        </p>
      )}
      {ban && (
        <div className="banner banner--warn moderation__banned" data-testid="moderation-banned">
          <p>
            {t('moderation.user.banned_now', { reason: ban.reason })}{' '}
            {ban.expires === null
              ? t('moderation.ban.permanent')
              : t('moderation.ban.until', { date: formatBanExpiry(ban.expires, i18n.language) })}
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={saving || locked}
            onClick={() => send(unbanBody(user))}
            data-testid="moderation-unban"
          >
            {t('moderation.user.unban')}
          </button>
        </div>
      )}
      <form className="moderation__form" onSubmit={submit} noValidate>
        <fieldset className="moderation__fields" disabled={locked || saving}>
          <FormField
            label={t('moderation.user.username')}
            value={draft.username}
            maxLength={USERNAME_MAX}
            onChange={(event) => change({ username: event.target.value })}
            error={shown('username') ? t('moderation.errors.username') : undefined}
            testId="moderation-username"
          />
          <FormField
            label={t('moderation.user.pronouns')}
            value={draft.pronouns}
            maxLength={50}
            onChange={(event) => change({ pronouns: event.target.value })}
            testId="moderation-pronouns"
          />
          <FormField
            label={t('moderation.user.email')}
            type="email"
            value={draft.email}
            maxLength={254}
            disabled={!isStaff}
            onChange={(event) => change({ email: event.target.value })}
            error={shown('email') ? t('moderation.errors.email') : undefined}
            hint={isStaff ? undefined : t('moderation.user.staff_only')}
            testId="moderation-email"
          />
          <div className="field">
            <label className="field__label" htmlFor={levelId}>
              {t('moderation.user.level')}
            </label>
            <select
              id={levelId}
              className="field__input"
              value={draft.level}
              disabled={!isStaff || isSelf}
              onChange={(event) => change({ level: event.target.value })}
              data-testid="moderation-level"
            >
              {(LEVELS as readonly string[]).includes(user.level) ? null : (
                <option value={user.level}>{user.level}</option>
              )}
              {LEVELS.map((level) => {
                const key = levelKey(level);
                return (
                  <option key={level} value={level}>
                    {key ? t(key) : level}
                  </option>
                );
              })}
            </select>
            {(!isStaff || isSelf) && (
              <p className="field__hint">
                {t(isSelf && isStaff ? 'moderation.user.own_level' : 'moderation.user.staff_only')}
              </p>
            )}
          </div>
          <fieldset className="moderation__flags">
            <legend className="field__label">{t('moderation.user.flags')}</legend>
            {USER_FLAGS.map((flag) => (
              <label key={flag} className="checkbox">
                <input
                  type="checkbox"
                  checked={draft.flags.includes(flag)}
                  disabled={flag === 'banned' && isSelf}
                  onChange={(event) => toggleFlag(flag, event.target.checked)}
                  data-testid={`moderation-flag-${flag}`}
                />
                <span>{t(`moderation.flags.${flag.replace(/-/g, '_')}`)}</span>
              </label>
            ))}
          </fieldset>
          {needsBan(user, draft) && (
            <BanFields
              draft={draft}
              existing={answer.existingBans}
              errors={errors.filter((error) => touched || error !== 'ban_reason')}
              onChange={change}
            />
          )}
        </fieldset>
        <div className="moderation__actions">
          <p className="moderation__status" aria-live="polite" data-testid="moderation-message" data-kind={status.kind}>
            {status.kind === 'saved' && t('moderation.user.saved')}
            {status.kind === 'error' && (
              <span className="form-error">
                {t(status.failure.key)} {status.failure.detail}
              </span>
            )}
            {status.kind === 'idle' && !changes && t('moderation.user.nothing_changed')}
          </p>
          <button
            type="submit"
            className="button button--primary"
            disabled={!changes || saving || locked}
            data-testid="moderation-save"
          >
            {saving ? t('moderation.user.saving') : t('moderation.user.save')}
          </button>
        </div>
      </form>
      <UserRecord answer={answer} now={loadedAt} />
    </div>
  );
}
