/**
 * The production server: one ES module bundling this app and the workspace packages it uses
 * (engine, protocol, content), so that a (re)start runs plain JavaScript instead of compiling
 * TypeScript first. Packages from the npm registry stay outside the bundle (native modules among them).
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
