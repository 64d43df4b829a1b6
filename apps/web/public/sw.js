/* global self, caches */
/*
 * Belfry's service worker: keeps the app shell (index.html) and the built assets in the Cache API so
 * that the app opens without a network, above all for a local game (spec 1 §1). Hand-written and
 * small on purpose; see apps/web/src/local/README.md.
 *
 * - install, and every page load of a production build (message "refresh"): fetch index.html, then
 *   follow every asset it names, and every asset those name (JS imports, the preload list, CSS
 *   urls), caching what is not cached yet; assets of older builds are dropped.
 * - fetch: /backend/ (the API and Socket.IO) and other origins are never touched. Page loads go to
 *   the network first (a new deploy shows at once) and fall back to the cached shell after 4 s or
 *   on failure; /assets/ files (their names carry a content hash) come from the cache first; other
 *   files (icon, logos, theme pictures) from the network, kept for when it is gone.
 */
const CACHE = 'belfry-app-v1';
const SHELL = '/';
const EXTRA = ['/favicon.svg'];
const NAVIGATION_TIMEOUT_MS = 4000;
const ASSET_TYPES = 'js|css|svg|png|webp|jpg|jpeg|gif|woff2?|ttf|mp3|ogg|wav|mp4|webm|json';
/** "/assets/name.js" or "assets/name.js" anywhere (index.html, the preload list of the entry chunk). */
const ASSET_PATH = new RegExp(`assets/[\\w.-]+\\.(?:${ASSET_TYPES})\\b`, 'g');
/** "./name.js" inside an asset: a sibling in /assets/ (dynamic imports, CSS urls). */
const SIBLING = new RegExp(`["'(]\\./([\\w.-]+\\.(?:${ASSET_TYPES}))["')]`, 'g');

const isBackend = (url) => url.pathname === '/backend' || url.pathname.startsWith('/backend/');

const referencedAssets = (text, fromAssets) => {
  const found = new Set();
  for (const match of text.matchAll(ASSET_PATH)) found.add(`/${match[0]}`);
  if (fromAssets) for (const match of text.matchAll(SIBLING)) found.add(`/assets/${match[1]}`);
  return [...found];
};

let refreshing = null;

/** Caches the shell and everything it needs; returns when done (failures leave the cache as it was). */
const refresh = () => {
  refreshing ??= (async () => {
    const cache = await caches.open(CACHE);
    const shell = await fetch(SHELL, { cache: 'no-cache' });
    if (!shell.ok || !(shell.headers.get('content-type') ?? '').includes('text/html')) return;
    await cache.put(SHELL, shell.clone());
    const keep = new Set([SHELL]);
    const queue = [...EXTRA, ...referencedAssets(await shell.text(), false)];
    while (queue.length > 0) {
      const path = queue.shift();
      if (keep.has(path)) continue;
      let response = await cache.match(path);
      if (!response) {
        try {
          response = await fetch(path);
        } catch {
          continue;
        }
        if (!response.ok) continue;
        await cache.put(path, response.clone());
      }
      keep.add(path);
      if (/\.(?:js|css)$/.test(path)) queue.push(...referencedAssets(await response.text(), true));
    }
    // Hashed files of older builds are never asked for again.
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/assets/') && !keep.has(path)) await cache.delete(request);
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

/** Other files of the app (icon, logos, theme pictures): the network, kept for later; else the cache. */
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
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request));
});
