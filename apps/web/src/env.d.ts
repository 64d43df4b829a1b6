/** Injected by Vite's `define` from apps/web/package.json (vite.config.ts). */
declare const __APP_VERSION__: string;

/** The Game Icons Belfry uses, by name: SVG bodies in a 512 × 512 box (vite.config.ts). */
declare module 'virtual:game-icons' {
  const bodies: Record<string, string>;
  export default bodies;
}
