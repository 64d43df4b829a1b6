import { useId } from 'react';

interface ArcTextProps {
  text: string;
  /** Font size in the token's 100 × 100 box. */
  size: number;
  className?: string;
}

/**
 * A token's name along the lower rim, as printed tokens have it: drawn in a 100 × 100 box, so it
 * scales with the token and long names use the width of the arc rather than a straight line.
 */
export function ArcText({ text, size, className }: ArcTextProps) {
  const id = useId();
  return (
    <svg className={`arc-text ${className ?? ''}`} viewBox="0 0 100 100" aria-hidden="true" focusable={false}>
      <path id={id} d="M 14 54 A 36 36 0 0 0 86 54" fill="none" />
      <text fontSize={size} textAnchor="middle">
        <textPath href={`#${id}`} startOffset="50%">
          {text}
        </textPath>
      </text>
    </svg>
  );
}
