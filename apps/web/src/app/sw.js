/* global self, caches */
/*
 * Belfry's service worker: keeps the app shell (index.html) and the built files in the Cache API so
 * that the app opens without a network, above all for a local game (spec 1 §1), and so that browsers
 * can install it as an app (they want a worker with a fetch handler). vite-plugin-pwa builds it
 * (vite.config.ts) and writes the build's file list into `self.__WB_MANIFEST`; a new build changes
 * that list, so this file changes too and the browser installs the new worker.
 *
 * - install, and every page load (message "refresh"): cache each listed file not cached yet; the shell
 *   is asked for again each time and kept under "/"; hashed files of older builds are dropped.
 * - fetch: /backend/ (the API and Socket.IO) and other origins are never touched. Page loads go to
 *   the network first (a new deploy shows at once) and fall back to the cached shell after 4 s or
 *   on failure; /assets/ files (their names carry a content hash) come from the cache first; other
 *   files (icons, logos, theme pictures) from the network, kept for when it is gone.
 */
const CACHE = 'belfry-app-v1';
const SHELL = '/';
const NAVIGATION_TIMEOUT_MS = 4000;
/** [{ url: 'assets/x.js', revision: null }, { url: 'index.html', revision: '…' }, …], relative to the root. */
const LISTED = self.__WB_MANIFEST.map((entry) => `/${typeof entry === 'string' ? entry : entry.url}`);

const isBackend = (url) => url.pathname === '/backend' || url.pathname.startsWith('/backend/');
const isHashed = (path) => path.startsWith('/assets/');

let refreshing = null;

/** Caches the shell and every listed file; returns when done (a failed file is tried again next time). */
const refresh = () => {
  refreshing ??= (async () => {
    const cache = await caches.open(CACHE);
    const keep = new Set([SHELL]);
    for (const listed of LISTED) {
      const path = listed === '/index.html' ? SHELL : listed;
      keep.add(path);
      // Unhashed files keep their names across builds: ask again (the server answers 304 when unchanged).
      if (isHashed(path) && (await cache.match(path))) continue;
      try {
        const response = await fetch(path, { cache: 'no-cache' });
        if (response.ok) await cache.put(path, response);
      } catch {
        // Offline or the server is going away: what is cached stays.
      }
    }
    // Hashed files of older builds are never asked for again.
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (isHashed(path) && !keep.has(path)) await cache.delete(request);
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
};

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(refresh());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('belfry-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'refresh') event.waitUntil(refresh());
});

/** The network, unless it fails or takes longer than 4 s: then the cached shell (every route is the app). */
const pageLoad = async (request) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch {
    const cached = await caches.match(SHELL, { cacheName: CACHE });
    return cached ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
};

const cacheFirst = async (request) => {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
};

/** Other files of the app (icons, logos, theme pictures): the network, kept for later; else the cache. */
const networkFirst = async (request) => {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch {
    return (await caches.match(request, { cacheName: CACHE })) ?? Response.error();
  }
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isBackend(url)) return;
  if (request.mode === 'navigate') event.respondWith(pageLoad(request));
  else if (isHashed(url.pathname)) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request));
});
