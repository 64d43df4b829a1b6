/** Shared by the small inline SVG icons: decorative, so hidden from screen readers. */
export interface IconProps {
  className?: string;
}

export const iconBase = (className?: string) => ({
  className: `icon ${className ?? ''}`,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
});
