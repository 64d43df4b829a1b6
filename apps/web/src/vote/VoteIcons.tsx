/** The vote overlay's small inline icons (our own drawings); decorative, hidden from readers. */
import { type IconProps, iconBase as base } from '../components/iconBase';

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

export function LockSmallIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path
        fill="currentColor"
        d="M12 2.5a5 5 0 0 0-5 5V10H6a2 2 0 0 0-2 2v7.5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V12a2 2 0 0 0-2-2h-1V7.5a5 5 0 0 0-5-5zm-3 7.5V7.5a3 3 0 1 1 6 0V10z"
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
