/** The production server: `dist/main.js`, bundled as bundle.mjs says. */
import { bundleServer } from './bundle.mjs';

await bundleServer('src/main.ts', 'dist/main.js');
