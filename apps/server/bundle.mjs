/**
 * How the server is bundled: one ES module holding this app and the workspace packages it uses
 * (engine, protocol, content), so that a (re)start runs plain JavaScript instead of compiling
 * TypeScript first. Packages from the npm registry stay outside the bundle (native modules among them).
 * Used by `npm run build` (build.mjs) and by the benchmark, which measures the same code as production.
 */
import { build } from 'esbuild';

export const bundleServer = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'registry-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@belfry/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
