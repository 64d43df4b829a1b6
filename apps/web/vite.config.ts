import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Resolved from this file so the build works from any working directory (npm -w, npx vite, CI).
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

// The build's own version; the route guard compares it with the released versions the server lists.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  root,
  plugins: [react()],
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
