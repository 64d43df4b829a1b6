import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputAsset, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { AUTH_STORAGE_KEY } from './src/auth/tokenStorage.ts';
import { splitStrings } from './src/i18n/laterStrings.ts';
import { ICON_SET_NAMES, iconSetIcons, INTERFACE_ICON_NAMES } from './src/ui/icons/iconNames.ts';
import { roundPath } from './src/ui/icons/svgPath.ts';
import { PATHS, PUBLIC_PATHS } from './src/routing/paths.ts';

// Resolved from this file so the build works from any working directory (npm -w, npx vite, CI).
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

// The build's own version; the route guard compares it with the released versions the server lists.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const ICONS_ID = 'virtual:game-icons';
/**
 * Decimals kept in the icons' coordinates. The set draws in a 512 × 512 box; whole units move no point
 * by more than half a unit, a tenth of a pixel on the largest token, and halve the icons' size.
 */
const ICON_DECIMALS = 0;

/**
 * `virtual:game-icons`: the SVG bodies of the interface's Game Icons (src/ui/icons/iconNames.ts) and
 * a loader for each character set, whose bodies (`virtual:game-icons/<set>`) become chunks of their
 * own that a game fetches when it shows those characters. Only the icons named there are bundled (the
 * whole collection is 6 MB), their coordinates rounded (ICON_DECIMALS, src/ui/icons/svgPath.ts). Each
 * body draws in a 512 × 512 box with currentColor.
 */
const gameIcons = (): Plugin => {
  let set: Record<string, { body: string }> | undefined;
  const bodiesOf = (names: readonly string[]) => {
    if (!set) {
      const file = createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json');
      set = (JSON.parse(readFileSync(file, 'utf8')) as { icons: Record<string, { body: string }> }).icons;
    }
    const icons = set;
    return Object.fromEntries(
      names.map((name) => {
        const icon = icons[name];
        if (!icon) throw new Error(`Game icon "${name}" is not in @iconify-json/game-icons`);
        return [
          name,
          icon.body.replace(
            /(\sd=")([^"]*)"/g,
            (_, attribute: string, d: string) => `${attribute}${roundPath(d, ICON_DECIMALS)}"`,
          ),
        ];
      }),
    );
  };
  return {
    name: 'belfry-game-icons',
    resolveId: (source) => (source === ICONS_ID || source.startsWith(`${ICONS_ID}/`) ? `\0${source}` : null),
    load(id) {
      if (id === `\0${ICONS_ID}`) {
        const loaders = ICON_SET_NAMES.map((name) => `${JSON.stringify(name)}: () => import('${ICONS_ID}/${name}')`);
        return [
          `export const interfaceIcons = ${JSON.stringify(bodiesOf(INTERFACE_ICON_NAMES))};`,
          `export const iconSets = { ${loaders.join(', ')} };`,
        ].join('\n');
      }
      const name = id.startsWith(`\0${ICONS_ID}/`) ? id.slice(ICONS_ID.length + 2) : null;
      if (name === null) return null;
      if (!(ICON_SET_NAMES as string[]).includes(name)) throw new Error(`No icon set "${name}" in iconNames.ts`);
      return `export default ${JSON.stringify(bodiesOf(iconSetIcons(name as (typeof ICON_SET_NAMES)[number])))};`;
    },
  };
};

const STRINGS_ID = 'virtual:english-strings';
const ENGLISH = path.join(root, 'src/i18n/en.json');

/**
 * `virtual:english-strings/core` and `/later`: en.json split along src/i18n/laterStrings.ts, so the
 * app ships the strings its first screens show and the rest loads with the screens that need them.
 * en.json stays the one file translators and the locale tests read.
 */
const englishStrings = (): Plugin => ({
  name: 'belfry-english-strings',
  resolveId: (source) => (source.startsWith(`${STRINGS_ID}/`) ? `\0${source}` : null),
  load(id) {
    const part = id.startsWith(`\0${STRINGS_ID}/`) ? id.slice(STRINGS_ID.length + 2) : null;
    if (part !== 'core' && part !== 'later') return null;
    this.addWatchFile(ENGLISH);
    const strings = splitStrings(JSON.parse(readFileSync(ENGLISH, 'utf8')) as Parameters<typeof splitStrings>[0]);
    // JSON.parse of a string literal is parsed faster than the same object written as code.
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(strings[part]))});`;
  },
});

/** Modules only the game screen uses: its features, and the parts of ui/ that only it draws. */
const GAME_MODULES =
  /apps[\\/]web[\\/]src[\\/](?:(?:table|script|vote|chat|local|characters|sound)[\\/]|ui[\\/](?:tokens[\\/]|icons[\\/](?:GameIcon|iconStore|iconNames)\.|PickerParts\.|FloatingPanel\.|useDraggablePanel\.|seatLayout\.|swipe\.))/;
/** The game screen's dialogues, loaded when first opened (React.lazy where they are mounted). */
const LAZY_DIALOGS =
  /[\\/](?:RulesOverlay|RulesText|RolePicker|ReminderPicker|TimerDialog|EndGameDialog|HandOutRoles|PointingDialog|RulesDialog|EditionPicker|FabledDialogs|TextPanel|SignalDialog)\.tsx$/;

/** What a screen loads by itself as soon as it shows, worth naming with it: the Login screen's captcha. */
const ROUTE_EXTRAS: Record<string, RegExp> = { [PATHS.login]: /node_modules[\\/]altcha[\\/]/ };

/** The screens loaded lazily (src/app/router.tsx), by route. */
const ROUTE_PAGES: Record<string, string> = {
  [PATHS.lobby]: 'LobbyPage',
  [PATHS.login]: 'LoginPage',
  [PATHS.play]: 'GrimoirePage',
  [PATHS.local]: 'LocalPage',
  [PATHS.verification]: 'VerificationPage',
  [PATHS.join]: 'JoinPage',
  [PATHS.tournament]: 'TournamentPage',
  // Also the group, knockout and leaderboard aliases: one screen for them all.
  [PATHS.tournamentMatch]: 'TournamentPage',
};

/**
 * A lazily loaded screen is asked for only once the app's own code has arrived and run, a second
 * round of requests before anything shows. This writes a small script into index.html, ahead of the
 * app, that names to the browser at once the files the opened address will need (as modulepreload
 * and style preloads, fetched in parallel with the app, run only by the app): the route's screen, or
 * the Login screen where the route guard will send a browser without a login.
 */
const routePreload = (): Plugin => ({
  name: 'belfry-route-preload',
  apply: 'build',
  enforce: 'post',
  generateBundle(_, bundle) {
    const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const closure = (start: string): Set<string> => {
      const found = new Set<string>();
      const stack = [start];
      while (stack.length > 0) {
        const file = stack.pop()!;
        if (found.has(file)) continue;
        found.add(file);
        stack.push(...(byName.get(file)?.imports ?? []));
      }
      return found;
    };
    const entry = chunks.find((chunk) => chunk.isEntry);
    const html = bundle['index.html'] as OutputAsset | undefined;
    if (!entry || !html) return;
    const initial = closure(entry.fileName);
    const routes = Object.entries(ROUTE_PAGES).map(([route, page]) => {
      const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(`/src/pages/${page}.tsx`)));
      if (!chunk) throw new Error(`No chunk for ${page}: is it still loaded lazily in src/app/router.tsx?`);
      const extras = chunks.filter((candidate) => candidate.moduleIds.some((id) => ROUTE_EXTRAS[route]?.test(id)));
      const reached = [chunk, ...extras].flatMap((start) => [...closure(start.fileName)]);
      const scripts = [...new Set(reached)].filter((file) => !initial.has(file));
      const styles = scripts.flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]);
      const pattern = `^${route.replace(/:[^/]+/g, '[^/]+')}$`;
      return [pattern, [...scripts, ...styles]] as const;
    });
    const source = `// Generated by vite.config.ts (routePreload).
const routes = ${JSON.stringify(routes)};
const open = ${JSON.stringify(PUBLIC_PATHS)};
let path = location.pathname.length > 1 ? location.pathname.replace(/\\/$/, '') : location.pathname;
let signedIn = false;
try {
  signedIn = !!localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)});
} catch {}
const tournament = ${JSON.stringify(PATHS.tournament)};
const isPublic = open.includes(path) || path === tournament || path.startsWith(tournament + '/');
if (!signedIn && !isPublic) path = ${JSON.stringify(PATHS.login)};
const found = routes.find(([pattern]) => new RegExp(pattern).test(path));
for (const file of found ? found[1] : []) {
  const link = document.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = '/' + file;
  document.head.append(link);
}
`;
    const script = this.getFileName(this.emitFile({ type: 'asset', name: 'routes.js', source }));
    const app = '<script type="module" crossorigin';
    if (!String(html.source).includes(app)) throw new Error('index.html: the app script was not found');
    html.source = String(html.source).replace(
      app,
      `<script type="module" async src="/${script}"></script>\n    ${app}`,
    );
  },
});

/** What is worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) twin beside every compressible file of the build (public/'s
 * copies included), at the strongest settings, once per build: the server sends them as they are
 * (@fastify/static's preCompressed) and never compresses a file per request. A twin that would not
 * be smaller is left out, and the plain file goes instead.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'belfry-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const file = path.join(dir, entry);
          if (statSync(file).isDirectory()) walk(file);
          else if (COMPRESSIBLE.test(file)) files.push(file);
        }
      };
      walk(outDir);
      const brotli = promisify(brotliCompress);
      const gzipped = promisify(gzip);
      await Promise.all(
        files.map(async (file) => {
          const plain = readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(plain, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length,
              },
            }),
            gzipped(plain, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < plain.length) await writeFile(`${file}.br`, br);
          if (gz.length < plain.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
};

/**
 * The installable app: the web app manifest (with the icons scripts/make-icons.mjs draws) and the
 * service worker src/app/sw.js, into which the plugin writes the build's file list. The app registers
 * the worker itself (src/app/serviceWorker.ts). Only the shell, the built files and the app's icons are
 * listed: logos and theme pictures are kept as they are first shown.
 */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/app',
    filename: 'sw.js',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: true,
    manifest: {
      id: '/',
      name: 'Belfry',
      short_name: 'Belfry',
      description: 'Play Blood on the Clocktower online with your group, or run a game at one table.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#0d111c',
      theme_color: '#0d111c',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css,svg,png,webp,woff2}'],
      // The game screen's chunk is the largest; every file must be listed for a local game offline.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    },
  });

export default defineConfig({
  root,
  plugins: [react(), gameIcons(), englishStrings(), routePreload(), installableApp(), precompress()],
  // zod through the module that configures it first (see src/zodJitless.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: path.join(root, 'src/zodJitless.ts') }] },
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          // The workspace packages are data and pure functions (DESIGN.md): a module nothing takes from
          // may be left out, so that importing one helper does not drag zod schemas or the catalogue in.
          { test: /packages[\\/](engine|protocol|content)[\\/]/, sideEffects: false },
          // These features' public faces only re-export. Declared so, a route that takes one helper from
          // one (the Lobby its level names from people/) does not also run, and so load, the rest of the
          // feature and what that needs (the people list needs the session layer). A public face that
          // imports a stylesheet (account, lobby, table) has a side effect and is not listed.
          {
            test: /apps[\\/]web[\\/]src[\\/](chat|local|people|records|script|vote)[\\/]index\.ts$/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys. Those
        // only some routes use (zod, socket.io, the captcha) get chunks of their own, so that the routes
        // that do not use them never load them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // zodLocale (script/) goes with zod too: in the game chunk it would pull zod into every grimoire.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]zodJitless|edition[\\/]zodLocale\.ts$/,
              // Its dynamic imports need Vite's preload helper, which stays in vendor with every route.
              includeDependenciesRecursively: false,
            },
            // The protocol's schemas go with zod, never into a chunk of shared helpers a route needs anyway.
            {
              name: 'schemas',
              test: /packages[\\/]protocol[\\/]src[\\/](role|socket|rest|media|ack|intent)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'socket.io',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/,
            },
            { name: 'captcha', test: /node_modules[\\/]altcha[\\/]/ },
            // What every route needs: i18next, zustand, Vite's chunk preloader, the rules' error codes and
            // levels. A library only some routes load falls to their chunks.
            {
              name: 'vendor',
              test: /node_modules[\\/]|vite[\\/]preload-helper|packages[\\/]engine[\\/]/,
              tags: ['$initial'],
            },
            // The app's own modules every route needs, in one file rather than one per module shared
            // with a lazy route.
            {
              name: 'app',
              test: /apps[\\/]web[\\/]src[\\/](?!main\.tsx)|english-strings[\\/]core/,
              tags: ['$initial'],
              includeDependenciesRecursively: false,
            },
            // The game screen's own code in one file, rather than one per set of screens and dialogues
            // that share a module. Its dialogues (LAZY_DIALOGS) stay apart: they load when first opened.
            {
              name: 'game',
              test: (id: string) => GAME_MODULES.test(id) && !LAZY_DIALOGS.test(id),
              includeDependenciesRecursively: false,
            },
            // The catalogue is large and changes rarely: a chunk of its own, without the rules and
            // schemas it uses, which routes without the catalogue (the Lobby, Login) share. The script
            // schema stays out: it loads (with zod) only when a Storyteller loads a script. So do the
            // other languages' texts: each loads when its language is chosen (characters/contentTexts).
            {
              name: 'content',
              test: /packages[\\/]content[\\/](?!src[\\/]script\.ts$|locales[\\/](?!en[\\/]))/,
              includeDependenciesRecursively: false,
            },
            // The icons: the interface's, and each character set apart (see gameIcons above).
            { name: 'icons', test: new RegExp(`^\\0${ICONS_ID}$`) },
            ...ICON_SET_NAMES.map((set) => ({ name: `icons-${set}`, test: new RegExp(`^\\0${ICONS_ID}/${set}$`) })),
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
