/** Injected by Vite's `define` from apps/web/package.json (vite.config.ts). */
declare const __APP_VERSION__: string;

/** SVG bodies of Game Icons by name, each drawing in a 512 × 512 box (vite.config.ts). */
type GameIconBodies = Readonly<Record<string, string>>;

/** The interface's Game Icons, and a loader per character set (src/ui/icons/iconNames.ts). */
declare module 'virtual:game-icons' {
  export const interfaceIcons: GameIconBodies;
  export const iconSets: Readonly<Record<string, () => Promise<{ default: GameIconBodies }>>>;
}

/** en.json split along src/i18n/laterStrings.ts (vite.config.ts): what ships with the app, and the rest. */
declare module 'virtual:english-strings/core' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module 'virtual:english-strings/later' {
  const strings: Record<string, unknown>;
  export default strings;
}
