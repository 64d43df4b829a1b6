/**
 * Small signs drawn from the font. The character icons live in the game screen's chunk, which a
 * record page must not load just for them: these pages stand alone.
 */
const GLYPHS = {
  night: '\u263E',
  day: '\u2600',
  start: '\u2726',
  dead: '\u2620',
  alive: '\u2665',
  vote: '\u2696',
  good: '\u2726',
  evil: '\u2738',
} as const;

export type GlyphName = keyof typeof GLYPHS;

export function Glyph({ name, className, label }: { name: GlyphName; className?: string; label?: string }) {
  return (
    <span
      className={`record-glyph record-glyph--${name} ${className ?? ''}`}
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      {GLYPHS[name]}
    </span>
  );
}
