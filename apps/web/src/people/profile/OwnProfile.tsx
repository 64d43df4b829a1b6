import { PROFILE_TEXT_MAX, type Me, type Stats } from '@belfry/protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError, type AppError } from '../../api/appError';
import { authorizedJson } from '../../auth/authService';
import { useAuthStore } from '../../auth/authStore';
import { sendRequest } from '../../session/sessionController';
import { FormField } from '../../ui/FormField';
import { Modal } from '../../ui/Modal';
import { Avatar } from '../avatars/Avatar';
import { putAvatar, useAvatarInfo } from '../avatars/avatarStore';
import { AvatarPicker } from './AvatarPicker';
import { changesOf, cutInput, draftOf, STATS_VISIBILITIES, usernameProblem, type ProfileDraft } from './profileForm';
import { ProfileStats } from './ProfileStats';

/**
 * The own profile card: username, pronouns, avatar (its selection sub-view), border and who sees the
 * statistics. Closing it sends what changed (spec 2 §7); a refused change keeps it open with the reason.
 */
export function OwnProfile({ me, stats, onClose }: { me: Me; stats: Stats | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(me));
  const [view, setView] = useState<'profile' | 'avatars'>('profile');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<AppError | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const known = useAvatarInfo(me.id);
  const [uploadedVersion, setUploadedVersion] = useState<number | null>(null);
  const version = uploadedVersion ?? known?.version ?? null;
  const usernameRef = useRef<HTMLInputElement>(null);
  const change = (patch: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const problem = usernameProblem(draft);
  const forced = (flag: string) => me.flags.includes(flag);

  const close = async () => {
    if (saving) return;
    if (view === 'avatars') return setView('profile');
    if (problem && !forced('forced-username')) {
      setShowProblem(true);
      usernameRef.current?.focus();
      return;
    }
    const changes = changesOf(me, draft);
    if (Object.keys(changes).length === 0) return onClose();
    setSaving(true);
    setFailure(null);
    try {
      const updated = await authorizedJson<Me>('/user', { method: 'POST', body: changes });
      useAuthStore.getState().setMe(updated);
      // Spec 2 §7 updateUser: a game open now shows the new name at once (without one, nothing to tell).
      if (changes.username !== undefined || changes.pronouns !== undefined)
        void sendRequest('updateUser', {}).catch(() => undefined);
      putAvatar(me.id, { avatar: updated.cosmetics.avatar, border: updated.cosmetics.border, version });
      onClose();
    } catch (error) {
      setFailure(toAppError(error));
      setSaving(false);
    }
  };

  return (
    <Modal
      title={view === 'avatars' ? t('avatar.choose_title') : t('avatar.edit.title')}
      onDismiss={() => void close()}
      testId="profile-card"
      className="profile-card"
    >
      {view === 'avatars' ? (
        <AvatarPicker
          me={me}
          chosen={draft.avatar}
          version={version}
          onChoose={(avatar) => change({ avatar })}
          onUploaded={setUploadedVersion}
          onBack={() => setView('profile')}
        />
      ) : (
        <form
          className="profile-card__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void close();
          }}
          aria-busy={saving || undefined}
        >
          <div className="profile-card__top">
            <div className="profile-card__portrait">
              <Avatar
                userId={me.id}
                size="large"
                info={{ avatar: draft.avatar, border: draft.border, version }}
                label={t('avatar.of', { name: draft.username })}
              />
              <div className="profile-card__identity-actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setView('avatars')}
                  disabled={forced('forced-avatar') || saving}
                  data-testid="profile-change-avatar"
                >
                  {t('avatar.change')}
                </button>
                {forced('forced-avatar') && <p className="muted profile-card__note">{t('avatar.locked')}</p>}
              </div>
            </div>

            <div className="profile-card__fields">
              <FormField
                ref={usernameRef}
                label={t('avatar.edit.username')}
                value={draft.username}
                onChange={(event) => change({ username: cutInput(event.target.value) })}
                onBlur={() => setShowProblem(problem !== null)}
                maxLength={PROFILE_TEXT_MAX}
                minLength={3}
                required
                autoComplete="nickname"
                disabled={forced('forced-username') || saving}
                error={showProblem && problem ? t('avatar.edit.username_short') : undefined}
                hint={forced('forced-username') ? t('avatar.locked') : counter(t, draft.username)}
                testId="profile-username"
              />
              <FormField
                label={t('avatar.edit.pronouns')}
                value={draft.pronouns}
                onChange={(event) => change({ pronouns: cutInput(event.target.value) })}
                maxLength={PROFILE_TEXT_MAX}
                placeholder={t('avatar.edit.pronouns_placeholder')}
                disabled={forced('forced-pronouns') || saving}
                hint={forced('forced-pronouns') ? t('avatar.locked') : counter(t, draft.pronouns)}
                testId="profile-pronouns"
              />
            </div>
          </div>

          <fieldset className="profile-card__choices" disabled={saving}>
            <legend className="field__label">{t('avatar.edit.border')}</legend>
            <div className="profile-card__chips">
              {['', ...me.cosmetics.borders].map((border) => (
                <label key={border || 'none'} className="profile-card__chip">
                  <input
                    type="radio"
                    name="border"
                    checked={draft.border === border}
                    onChange={() => change({ border })}
                    data-testid={`profile-border-${border || 'none'}`}
                  />
                  {border ? t(`avatar.borders.${border}`, { defaultValue: border }) : t('avatar.edit.border_none')}
                </label>
              ))}
            </div>
            {me.cosmetics.borders.length === 0 && (
              <p className="muted profile-card__note">{t('avatar.edit.borders_hint')}</p>
            )}
          </fieldset>

          <fieldset className="profile-card__choices" disabled={saving}>
            <legend className="field__label">{t('avatar.edit.stats')}</legend>
            <div className="profile-card__chips">
              {STATS_VISIBILITIES.map((visibility) => (
                <label key={visibility} className="profile-card__chip">
                  <input
                    type="radio"
                    name="stats"
                    checked={draft.stats === visibility}
                    onChange={() => change({ stats: visibility })}
                    data-testid={`profile-stats-${visibility}`}
                  />
                  {t(`avatar.edit.stats_${visibility}`)}
                </label>
              ))}
            </div>
            <p className="muted profile-card__note">{t(`avatar.edit.stats_${draft.stats}_hint`)}</p>
          </fieldset>

          <ProfileStats stats={stats} hiddenOwn={draft.stats === 'hidden'} />

          {failure && (
            <p className="form-error" role="alert" data-testid="profile-save-error">
              {t('avatar.edit.save_failed')} {t(`errors.codes.${failure.code}`)}
            </p>
          )}
          <div className="dialog__buttons">
            <button type="submit" className="button button--primary" disabled={saving} data-testid="profile-close">
              {saving ? t('avatar.edit.saving') : t('avatar.edit.done')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

const counter = (t: (key: string, params: Record<string, number>) => string, text: string) =>
  t('avatar.edit.counter', { count: text.length, max: PROFILE_TEXT_MAX });
