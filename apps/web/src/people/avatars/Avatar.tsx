import type { AvatarInfo } from '@belfry/protocol';
import { useState } from 'react';
import { interfaceIcons } from 'virtual:game-icons';
import { avatarArt, isUploadedAvatar, uploadedAvatarUrl } from './avatarSet';
import { DEFAULT_AVATAR, useAvatarInfo } from './avatarStore';
import './Avatar.css';

export type AvatarSize = 'small' | 'medium' | 'large' | 'fill';

interface AvatarProps {
  userId: string;
  size: AvatarSize;
  /** How the user looks when the caller knows it (the profile card's pending choice); else looked up. */
  info?: AvatarInfo;
  /** Read out when given; otherwise the avatar is decorative beside the name it goes with. */
  label?: string;
  className?: string;
}

/**
 * A user's avatar (spec 2 §3 cosmetics): their uploaded picture, or one of Belfry's drawn avatars, in
 * the border their level allows. Shown on the lobby, the users list, the profile card, chat messages
 * and seats without a visible role.
 */
export function Avatar({ userId, size, info, label, className }: AvatarProps) {
  const looked = useAvatarInfo(info ? undefined : userId);
  const shown = info ?? looked ?? DEFAULT_AVATAR;
  const border = shown.border ? `avatar--border avatar--border-${shown.border}` : '';
  return (
    <span
      className={`avatar avatar--${size} ${border} ${className ?? ''}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid={`avatar-${userId}`}
      data-avatar={String(shown.avatar)}
      data-border={shown.border}
    >
      <AvatarFace userId={userId} info={shown} />
    </span>
  );
}

/** The face alone: a picture, or an icon on its disc. Also the picker's options. */
export function AvatarFace({ userId, info }: { userId: string; info: AvatarInfo }) {
  const src = isUploadedAvatar(info.avatar) ? uploadedAvatarUrl(userId, info.version) : null;
  // A picture that fails to load (removed meanwhile, offline) gives way to avatar 0.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img className="avatar__image" src={src} alt="" draggable={false} onError={() => setFailed(src)} />;
  }
  return <AvatarArtFace avatar={src ? 0 : info.avatar} />;
}

export function AvatarArtFace({ avatar }: { avatar: number | string }) {
  const art = avatarArt(avatar);
  return (
    <svg className="avatar__art" viewBox="0 0 512 512" focusable={false} aria-hidden="true">
      <circle cx="256" cy="256" r="256" fill={art.colour} />
      {/* The bodies come from the icon set at build time (vite.config.ts), never from users. */}
      <g
        color="#fff"
        transform="translate(112 112) scale(0.5625)"
        dangerouslySetInnerHTML={{ __html: interfaceIcons[art.icon] ?? '' }}
      />
    </svg>
  );
}
