import { config } from 'zod';

/**
 * The Content-Security-Policy forbids eval, and zod decides when a schema is built whether to compile
 * parsers with it, probing once (a refused probe is still reported as a violation). The app's chunks
 * build schemas as they load (the character catalogue's among them), before the entry's own code
 * runs, so this is imported first in main.tsx and has a chunk of its own (vite.config.ts), which the
 * entry imports before the others.
 */
config({ jitless: true });
