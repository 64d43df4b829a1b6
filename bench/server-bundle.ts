import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleServer } from '@belfry/server/bundle';

/**
 * The server under test runs as it does in production: its source bundled by the server's own
 * `bundleServer`, as `npm run build` does, not compiled file by file by tsx, whose output
 * differs (names kept with helper calls, per-module wrappers). The bundle is written beside the
 * server's own build output (apps/server/dist/, which git ignores) so that it finds the same npm
 * packages. BENCH_SERVER=source runs the TypeScript through tsx instead.
 */
let built: Promise<string> | null = null;

export const serverModule = (): Promise<string> => {
  if (process.env.BENCH_SERVER === 'source') return Promise.resolve('@belfry/server');
  built ??= (async () => {
    const entry = fileURLToPath(import.meta.resolve('@belfry/server'));
    const outfile = path.join(path.dirname(entry), '..', 'dist', 'bench', 'server.mjs');
    await bundleServer(entry, outfile);
    return pathToFileURL(outfile).href;
  })();
  return built;
};
