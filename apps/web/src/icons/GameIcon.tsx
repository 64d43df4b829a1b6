import bodies from 'virtual:game-icons';

interface GameIconProps {
  /** A name from iconNames.ts. */
  name: string;
  className?: string;
  /** Read out when given; otherwise the icon is decorative. */
  label?: string;
}

/** A Game Icon (game-icons.net, CC BY 3.0) drawn in the current text colour. */
export function GameIcon({ name, className, label }: GameIconProps) {
  const body = bodies[name] ?? '';
  return (
    <svg
      className={`game-icon ${className ?? ''}`}
      viewBox="0 0 512 512"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable={false}
      // The bodies come from the icon set at build time (vite.config.ts), never from users.
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
