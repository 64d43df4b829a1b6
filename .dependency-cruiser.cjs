/**
 * Belfry's import rules (DESIGN.md "Layout"), checked by `npm run lint` and so by `npm test`.
 *
 * Packages: web, server, media -> protocol -> engine <- content; nothing imports apps/*.
 * Inside apps/web/src, top to bottom (imports only point down):
 *   app/ and main.tsx -> pages/ -> features -> session/ -> libraries
 * A feature imports another feature only through its index.ts; no module anywhere is in a cycle.
 */
const WEB = '^apps/web/src/';
const FEATURES = '(account|chat|lobby|local|moderation|people|records|script|settings|table|tournament|voice|vote)';
const LIBRARIES = '(api|auth|characters|i18n|routing|sound|styles|time|ui|version)';
const APP = `${WEB}(app/|main\\.tsx$)`;
/** Tests may reach across layers (the i18n keys test reads every feature's keys); products may not. */
const TESTS = '\\.test\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module imports itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // ---- packages ----
    {
      name: 'engine-imports-no-package',
      comment: 'The engine is pure rules: it imports no other workspace package.',
      severity: 'error',
      from: { path: '^packages/engine/' },
      to: { path: '^(packages/(protocol|content)|apps)/' },
    },
    {
      name: 'protocol-imports-only-engine',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^(packages/content|apps)/' },
    },
    {
      name: 'content-imports-only-engine',
      severity: 'error',
      from: { path: '^packages/content/' },
      to: { path: '^(packages/protocol|apps)/' },
    },
    {
      name: 'no-app-imports-another-app',
      comment: 'Apps meet through the protocol, never by importing each other (tests aside).',
      severity: 'error',
      from: { path: '^apps/([^/]+)/src/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    // ---- the web app's layers ----
    {
      name: 'web-libraries-import-no-layer-above',
      comment: 'ui/ and the small libraries know nothing of the session, features, pages or the app.',
      severity: 'error',
      from: { path: `${WEB}${LIBRARIES}/`, pathNot: TESTS },
      to: { path: `${WEB}(session/|${FEATURES}/|pages/|app/|main\\.tsx)` },
    },
    {
      name: 'web-session-imports-no-feature',
      comment: 'session/ exposes stores and hooks that features use; it imports none of them.',
      severity: 'error',
      from: { path: `${WEB}session/`, pathNot: TESTS },
      to: { path: `${WEB}(${FEATURES}/|pages/|app/|main\\.tsx)` },
    },
    {
      name: 'web-features-import-no-page',
      severity: 'error',
      from: { path: `${WEB}${FEATURES}/`, pathNot: TESTS },
      to: { path: `${WEB}(pages/|app/|main\\.tsx)` },
    },
    {
      name: 'web-pages-import-no-app',
      severity: 'error',
      from: { path: `${WEB}pages/`, pathNot: TESTS },
      to: { path: APP },
    },
    {
      name: 'web-feature-public-face',
      comment: "Another feature's files are reached only through its index.ts.",
      severity: 'error',
      from: { path: `${WEB}([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}${FEATURES}/.+`, pathNot: [`${WEB}$1/`, `${WEB}${FEATURES}/index\\.ts$`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // Workspace packages resolve to their sources (package.json "exports" points at src/index.ts).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
