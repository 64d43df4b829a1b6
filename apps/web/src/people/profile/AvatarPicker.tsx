import { UPLOADED_AVATAR, type AvatarInfo, type Me } from '@belfry/protocol';
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../ui/dialogStore';
import { AvatarFace } from '../avatars/Avatar';
import { AvatarUploadError, uploadAvatar, type UploadFailure } from '../avatars/avatarApi';
import { FREE_AVATAR_IDS, LEVEL_AVATAR_IDS } from '../avatars/avatarSet';
import { putAvatar } from '../avatars/avatarStore';

/** What the file picker offers; the server judges the content whatever the name says. */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp';

export const showUploadFailure = (failure: UploadFailure) =>
  openDialog({
    titleKey: failure.key === 'avatar_size' ? 'avatar.error_avatar_title' : 'avatar.error_title',
    textKey: failure.retryAfter ? 'avatar.avatar_wait' : `avatar.${failure.key}`,
    textParams: failure.retryAfter ? { seconds: failure.retryAfter } : undefined,
    buttons: [{ labelKey: 'common.ok', value: 'ok', variant: 'primary' }],
    testId: 'avatar-error',
  });

/**
 * Spec 2 §2: the profile card's avatar selection sub-view. The free set for everyone, the level set
 * and an own picture for subscribers (spec 2 §9); the choice is sent when the card closes.
 */
export function AvatarPicker({
  me,
  chosen,
  version,
  onChoose,
  onUploaded,
  onBack,
}: {
  me: Me;
  chosen: number | string;
  version: number | null;
  onChoose: (avatar: number | string) => void;
  onUploaded: (version: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const hasUpload = me.cosmetics.avatars.includes(UPLOADED_AVATAR);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setUploading(true);
    try {
      const answer = await uploadAvatar(picked);
      const version = answer.avatar.version ?? Date.now();
      // Others see the new picture once the card closes with it chosen; a picture already chosen changes now.
      if (me.cosmetics.avatar === UPLOADED_AVATAR) putAvatar(me.id, { ...answer.avatar, version });
      onUploaded(version);
      onChoose(UPLOADED_AVATAR);
    } catch (error) {
      void showUploadFailure(error instanceof AvatarUploadError ? error.failure : { key: 'avatar_generic' });
    } finally {
      setUploading(false);
    }
  };

  const option = (avatar: number | string, label: string, disabled = false) => {
    const info: AvatarInfo = { avatar, border: '', version };
    return (
      <button
        key={String(avatar)}
        type="button"
        role="radio"
        aria-checked={chosen === avatar}
        aria-label={label}
        className={`avatar-picker__option ${chosen === avatar ? 'avatar-picker__option--chosen' : ''}`}
        disabled={disabled}
        onClick={() => onChoose(avatar)}
        data-testid={`avatar-option-${avatar}`}
      >
        <span className="avatar avatar--fill">
          <AvatarFace userId={me.id} info={info} />
        </span>
      </button>
    );
  };

  return (
    <div className="avatar-picker" data-testid="avatar-picker">
      <h3 className="profile-card__heading">{t('avatar.free_heading')}</h3>
      <RadioGrid label={t('avatar.free_heading')}>
        {FREE_AVATAR_IDS.map((id) => option(id, t('avatar.choose_label', { number: id + 1 })))}
      </RadioGrid>

      <h3 className="profile-card__heading">{t('avatar.level_heading')}</h3>
      {!me.isSubscribed && <p className="muted profile-card__note">{t('avatar.level_locked')}</p>}
      <RadioGrid label={t('avatar.level_heading')}>
        {LEVEL_AVATAR_IDS.map((id) => option(id, t('avatar.level_label', { number: -id }), !me.isSubscribed))}
      </RadioGrid>

      <h3 className="profile-card__heading">{t('avatar.upload_heading')}</h3>
      <div className="avatar-picker__upload">
        {hasUpload && (
          <RadioGrid label={t('avatar.upload_heading')}>
            {option(UPLOADED_AVATAR, t('avatar.uploaded'), !me.isSubscribed)}
          </RadioGrid>
        )}
        <div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => file.current?.click()}
            disabled={!me.isSubscribed || uploading}
            aria-busy={uploading || undefined}
            data-testid="avatar-upload"
          >
            {uploading ? t('avatar.uploading') : t('avatar.upload')}
          </button>
          <p className="muted profile-card__note">
            {me.isSubscribed ? t('avatar.upload_hint') : t('avatar.upload_locked')}
          </p>
          <input
            ref={file}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void upload(event)}
            data-testid="avatar-file"
          />
        </div>
      </div>

      <div className="dialog__buttons">
        <button type="button" className="button button--primary" onClick={onBack} data-testid="avatar-back">
          {t('avatar.back')}
        </button>
      </div>
    </div>
  );
}

/** A grid of radio buttons: arrow keys move between them, as in a radio group. */
function RadioGrid({ label, children }: { label: string; children: React.ReactNode }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    const options = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
    const at = options.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    options[(at + step + options.length) % options.length]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} className="avatar-picker__grid" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
