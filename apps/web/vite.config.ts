import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ALL_GAME_ICON_NAMES } from './src/icons/iconNames.ts';

// Resolved from this file so the build works from any working directory (npm -w, npx vite, CI).
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

// The build's own version; the route guard compares it with the released versions the server lists.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * `virtual:game-icons`: the SVG bodies of the Game Icons Belfry names in src/icons/iconNames.ts, and
 * only those (the whole set is 6 MB). Each body draws in a 512 × 512 box with currentColor.
 */
const gameIcons = (): Plugin => {
  const id = 'virtual:game-icons';
  const resolved = `\0${id}`;
  return {
    name: 'belfry-game-icons',
    resolveId: (source) => (source === id ? resolved : null),
    load(loading) {
      if (loading !== resolved) return null;
      const file = createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json');
      const set = JSON.parse(readFileSync(file, 'utf8')) as { icons: Record<string, { body: string }> };
      const bodies = Object.fromEntries(
        ALL_GAME_ICON_NAMES.map((name) => {
          const icon = set.icons[name];
          if (!icon) throw new Error(`Game icon "${name}" is not in @iconify-json/game-icons`);
          return [name, icon.body];
        }),
      );
      return `export default ${JSON.stringify(bodies)};`;
    },
  };
};

export default defineConfig({
  root,
  plugins: [react(), gameIcons()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
            // The icons and the character catalogue are large and change rarely: chunks of their own.
            { name: 'game-icons', test: /virtual:game-icons/ },
            { name: 'content', test: /packages[\\/]content[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The API and the Socket.IO endpoint live under /backend on the server (apps/server/API.md).
      '/backend': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
});
