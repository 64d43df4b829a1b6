/**
 * Draws the installable app's icons (the web app manifest, vite.config.ts) from favicon.svg: 192 and
 * 512 px PNGs, as browsers require for installation, and a maskable 512 px one whose bell keeps inside
 * the safe zone (the inner 80 %) that launchers crop to a circle or squircle. The PNGs are kept in the
 * repository; run this again after changing the favicon: node apps/web/scripts/make-icons.mjs
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', publicDir));
// The favicon's own background colour fills the maskable icon's margin.
const BACKGROUND = '#0d111c';

for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(new URL(`icons/icon-${size}.png`, publicDir).pathname);
}

const inner = Math.round(512 * 0.8);
const bell = await sharp(svg, { density: (72 * inner) / 64 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
  .composite([{ input: bell, gravity: 'centre' }])
  .png()
  .toFile(new URL('icons/maskable-512.png', publicDir).pathname);
