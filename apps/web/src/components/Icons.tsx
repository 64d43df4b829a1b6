/** Small inline icons (no image requests, no emoji font needed); decorative, so hidden from readers. */
import { type IconProps, iconBase as base } from './iconBase';

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
