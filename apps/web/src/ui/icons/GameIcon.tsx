import { useEffect, useSyncExternalStore } from 'react';
import { iconBody, isLazyIcon, preloadIcons, subscribeIcons } from './iconStore';

interface GameIconProps {
  /** A name from iconNames.ts. */
  name: string;
  className?: string;
  /** Read out when given; otherwise the icon is decorative. */
  label?: string;
}

/**
 * A Game Icon (game-icons.net, CC BY 3.0) drawn in the current text colour. A character's icon whose
 * set has not arrived yet shows a faint disc in the same box, so nothing moves when it comes.
 */
export function GameIcon({ name, className, label }: GameIconProps) {
  const body = useSyncExternalStore(subscribeIcons, () => iconBody(name));
  const waiting = body === undefined && isLazyIcon(name);
  useEffect(() => {
    if (waiting) preloadIcons([name]);
  }, [name, waiting]);
  const common = {
    className: `game-icon ${waiting ? 'game-icon--loading' : ''} ${className ?? ''}`,
    viewBox: '0 0 512 512',
    role: label ? 'img' : undefined,
    'aria-label': label,
    'aria-hidden': label ? undefined : true,
    focusable: false,
  } as const;
  if (waiting) {
    return (
      <svg {...common}>
        <circle cx="256" cy="256" r="168" fill="currentColor" opacity="0.2" />
      </svg>
    );
  }
  // The bodies come from the icon set at build time (vite.config.ts), never from users.
  return <svg {...common} dangerouslySetInnerHTML={{ __html: body ?? '' }} />;
}
