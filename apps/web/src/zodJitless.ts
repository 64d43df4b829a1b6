import { config } from 'zod/v4';

/**
 * The Content-Security-Policy forbids eval, and zod decides when a schema is built whether to compile
 * parsers with it, probing once (a refused probe is still reported as a violation). vite.config.ts
 * resolves every `import … from 'zod'` of the app and the workspace packages to this module, so
 * zod is configured before any module builds a schema, and only the routes that build schemas
 * (forms, local play, loading a script) load zod at all.
 */
config({ jitless: true });

export * from 'zod/v4';
