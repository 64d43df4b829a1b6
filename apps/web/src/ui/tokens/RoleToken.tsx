import type { Alignment, Role } from '@belfry/engine';
import { GameIcon } from '../icons/GameIcon';
import { roleIconName } from '../icons/iconNames';
import { ArcText } from './ArcText';
import { shownAlignment, teamAlignment } from '../../characters/catalogue';
import { roleNameFontPercent } from './roleFontSize';
import { useRoleText } from '../../characters/contentTexts';
import { useState } from 'react';
import { shownImage, useImageOptIn } from '../imageOptIn';

/** The name's font size at 100 % (spec 1 §5 scales it by length), in the token's 100 × 100 box. */
const ROLE_NAME_SIZE = 13;

interface RoleTokenProps {
  role: Role;
  alignment?: Alignment;
  className?: string;
}

/**
 * A character token: the role's icon in its team colour, the name sized by its length (spec 1 §5),
 * and alignment styling when the seat's alignment is not the team's own (an evil townsfolk).
 */
export function RoleToken({ role: stored, alignment = null, className }: RoleTokenProps) {
  const role = useRoleText().role(stored);
  const optedIn = useImageOptIn();
  // An image that fails to load gives way to the icon (and is not asked for again by this token).
  const [broken, setBroken] = useState<string | null>(null);
  const image = shownImage(role.image, optedIn);
  const shown = shownAlignment(role, alignment);
  const turned = alignment !== null && alignment !== teamAlignment(role.team);
  const classes = [
    'role-token',
    `role-token--${role.team}`,
    shown ? `role-token--${shown === 'g' ? 'good' : 'evil'}` : '',
    turned ? 'role-token--turned' : '',
    role.setup ? 'role-token--setup' : '',
    className ?? '',
  ].join(' ');
  return (
    <span className={classes} data-alignment={shown ?? 'none'}>
      {image && image !== broken ? (
        <img
          className="role-token__icon role-token__image"
          src={image}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setBroken(image)}
          data-testid="role-token-image"
        />
      ) : (
        <GameIcon name={roleIconName(role)} className="role-token__icon" />
      )}
      <ArcText
        text={role.name}
        size={(ROLE_NAME_SIZE * roleNameFontPercent(role.name)) / 100}
        className="role-token__name"
      />
      <span className="visually-hidden">{role.name}</span>
    </span>
  );
}
