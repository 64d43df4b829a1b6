import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Built files whose names carry a content hash: a changed file gets a new name, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, the icon, logos, theme pictures) is asked for again each time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the web build, by its path inside the build folder ('/assets/x.js'). */
export const cacheControlOf = (file: string): string => (file.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);

/**
 * Compresses the API's answers (JSON above 1 KB) as they go out, brotli at a quality that costs little
 * CPU, or gzip. The web build's files come already compressed (see registerWebApp) and pass through,
 * as does anything else that carries a Content-Encoding. Request bodies are never decompressed: what
 * a client may send stays exactly what the routes' size limits describe.
 */
export const registerCompression = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
};

/**
 * Serves the built web app from `webDist` (when it has been built): each file as its brotli or gzip
 * twin that the build wrote beside it (apps/web/vite.config.ts) when the browser accepts one, else as
 * it is; client-side routes (/play, /join/abc) get index.html. Files are looked up per request, so a
 * rebuilt app is served without a restart; whether there is an app at all is decided at start.
 * Returns false when there is none, and then only the API is served.
 */
export const registerWebApp = async (app: FastifyInstance, webDist: string | undefined): Promise<boolean> => {
  const hasWeb = !!webDist && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    const root = path.resolve(webDist);
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      preCompressed: true,
      // The twins are sent for their plain names only, never asked for by their own.
      allowedPath: (pathName) => !/\.(?:br|gz)$/.test(pathName),
      // Set below per file: @fastify/send would give every file the same max-age.
      cacheControl: false,
      setHeaders: (res, sent) => {
        const file = `/${path.relative(root, sent).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
        res.setHeader('cache-control', cacheControlOf(file));
        // The same address answers in brotli, gzip or plain by the request's Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn('web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing file (a stale chunk name) is a 404, never the app's HTML.
    const isFile = /\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (req.url.startsWith('/backend/') || !hasWeb || req.method !== 'GET' || isFile) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    }
    // Client-side routes (/play, /join/abc, ...) all load the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });
  return hasWeb;
};
