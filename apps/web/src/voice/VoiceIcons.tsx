/** The voice controls' icons (our own drawings); decorative: the buttons carry the labels. */
const base = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, className: 'icon' } as const;
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const Slash = ({ on }: { on: boolean }) => (on ? null : <path {...stroke} d="M4 4l16 16" />);

export const MicIcon = ({ on }: { on: boolean }) => (
  <svg {...base}>
    <path {...stroke} d="M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM6 11a6 6 0 0 0 12 0M12 17v4M9 21h6" />
    <Slash on={on} />
  </svg>
);

export const CameraIcon = ({ on }: { on: boolean }) => (
  <svg {...base}>
    <path {...stroke} d="M4 7h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2zM16 11l5-3v8l-5-3" />
    <Slash on={on} />
  </svg>
);

export const SpeakerIcon = ({ on }: { on: boolean }) => (
  <svg {...base}>
    <path {...stroke} d="M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
    <Slash on={on} />
  </svg>
);

/** Settings for voice and video; sliders rather than a cog, which the game menu beside it already is. */
export const SetupIcon = () => (
  <svg {...base}>
    <path {...stroke} d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle {...stroke} cx="15" cy="6" r="2" />
    <circle {...stroke} cx="9" cy="12" r="2" />
    <circle {...stroke} cx="17" cy="18" r="2" />
  </svg>
);
