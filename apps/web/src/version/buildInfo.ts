/** This build's version (apps/web/package.json, injected by Vite); '0.0.0' where nothing injected it (unit tests). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
