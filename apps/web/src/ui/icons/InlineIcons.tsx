/**
 * Belfry's small inline icons (our own drawings: no image requests, no emoji font needed); decorative,
 * so hidden from screen readers. Character and interface artwork comes from Game Icons (GameIcon.tsx).
 */
export interface IconProps {
  className?: string;
}

const base = (className?: string) => ({
  className: `icon ${className ?? ''}`,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
});

export function LockIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9z"
      />
    </svg>
  );
}

export function StreamIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <circle cx="12" cy="12" r="2.5" fill="currentColor" />
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4M4.9 4.9a10 10 0 0 0 0 14.2M19.1 4.9a10 10 0 0 1 0 14.2"
      />
    </svg>
  );
}

/** An open book: the Grimoire. */
export function GrimoireIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M12 6.5C9.8 5 6.5 4.5 3 5.5v13c3.5-1 6.8-.5 9 1 2.2-1.5 5.5-2 9-1v-13c-3.5-1-6.8-.5-9 1zM12 6.5v13"
      />
    </svg>
  );
}

export function ChevronIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" d="M9 6l6 6-6 6" />
    </svg>
  );
}

/** An open, raised hand. */
export function HandIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path
        fill="currentColor"
        d="M10.2 2.6c.9 0 1.6.7 1.6 1.6v6.3h.6V3.3c0-.9.7-1.6 1.6-1.6s1.6.7 1.6 1.6v7.2h.6V5.2c0-.9.7-1.6 1.6-1.6s1.6.7 1.6 1.6v9.2c0 4.3-3.1 7.6-7.3 7.6-2.6 0-4.5-1.1-6-3.3l-3-4.5c-.5-.8-.3-1.8.4-2.3.8-.5 1.8-.3 2.3.4l1.5 2.1V5c0-.9.7-1.6 1.6-1.6.4 0 .7.1 1 .3v-.1c0-.9.7-1 1.5-1z"
      />
    </svg>
  );
}

/** A hand lowered (fingers down), for "hand down". */
export function HandDownIcon({ className }: IconProps) {
  return (
    <svg {...base(className)} style={{ transform: 'rotate(180deg)' }}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
        d="M10.2 2.6c.9 0 1.6.7 1.6 1.6v6.3h.6V3.3c0-.9.7-1.6 1.6-1.6s1.6.7 1.6 1.6v7.2h.6V5.2c0-.9.7-1.6 1.6-1.6s1.6.7 1.6 1.6v9.2c0 4.3-3.1 7.6-7.3 7.6-2.6 0-4.5-1.1-6-3.3l-3-4.5c-.5-.8-.3-1.8.4-2.3.8-.5 1.8-.3 2.3.4l1.5 2.1V5c0-.9.7-1.6 1.6-1.6.4 0 .7.1 1 .3v-.1c0-.9.7-1 1.5-1z"
      />
    </svg>
  );
}

export function SkullIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M12 2.5c-4.6 0-8 3.2-8 7.5 0 2.4 1.1 4.3 3 5.5V19c0 .6.4 1 1 1h1.6v-2.2h1.6V20h1.6v-2.2h1.6V20H16c.6 0 1-.4 1-1v-3.5c1.9-1.2 3-3.1 3-5.5 0-4.3-3.4-7.5-8-7.5zM6.9 11.2a2.1 2.1 0 1 0 4.2 0 2.1 2.1 0 1 0-4.2 0zm6 0a2.1 2.1 0 1 0 4.2 0 2.1 2.1 0 1 0-4.2 0zM12 13.6l-1.1 2.2h2.2z"
      />
    </svg>
  );
}

/** A scroll with lines: the vote history. */
export function LedgerIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M6 3.5h11a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H7a3 3 0 0 1-3-3v-12a2 2 0 0 1 2-2zM8 8h7M8 11.5h7M8 15h4.5"
      />
    </svg>
  );
}

/** A pointing arrow: nominate. */
export function NominateIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M4 19.5 17.5 6M10 6h7.5v7.5"
      />
      <circle cx="4.5" cy="19" r="2" fill="currentColor" />
    </svg>
  );
}
