#!/usr/bin/env node
// Lists every error message the server and the engine write for people to read, as templates
// (`${expr}` becomes {{0}}, {{1}}…), into apps/web/src/i18n/server/en.json. The web app shows a
// server message in the user's language by matching it against these templates (i18n/serverMessages.ts).
// Usage: node scripts/server-messages.mjs [--check]   (--check: exit 1 when the file is out of date)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'apps/web/src/i18n/server/en.json');
const SOURCES = ['packages/engine/src', 'apps/server/src', 'apps/media/src', 'packages/protocol/src'];

const codesSource = readFileSync(join(root, 'packages/engine/src/errors.ts'), 'utf8');
const CODES = new Set([...codesSource.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]));

const files = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'noninterference' ? [] : files(rel);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [rel] : [];
  });

/** A literal's text as a template: ${…} parts become numbered placeholders. */
const template = (quote, body) => {
  if (quote !== '`') return body.replace(/\\'/g, "'");
  let n = 0;
  return body.replace(/\$\{[^}]*\}/g, () => `{{${n++}}}`);
};

/** A quoted literal; `n` is the number of its quote's group, for the back-references. */
const literal = (n) => `(['\\x60])((?:\\\\.|(?!\\${n})[^\\\\\\n])*)\\${n}`;
const PATTERNS = [
  // refuse('code', 'message'), new HttpError(400, 'code', 'message'), fail('code', `message`)…
  new RegExp(String.raw`'([a-z_]+)',\s*` + literal(2), 'g'),
  // { code: 'x', message: 'text' } and message constants
  new RegExp(String.raw`message\s*[:=]\s*` + literal(1), 'g'),
  // const WRONG_CREDENTIALS = 'Wrong e-mail address or password.'
  new RegExp(String.raw`const [A-Z][A-Z_]+ =\s*` + literal(1), 'g'),
];

const messages = new Set();
for (const file of SOURCES.flatMap(files)) {
  const source = readFileSync(join(root, file), 'utf8');
  for (const match of source.matchAll(PATTERNS[0])) {
    if (CODES.has(match[1])) messages.add(template(match[2], match[3]));
  }
  for (const pattern of PATTERNS.slice(1)) {
    for (const match of source.matchAll(pattern)) messages.add(template(match[1], match[2]));
  }
}
// Sentences only: identifiers and empty strings are not messages.
const list = [...messages].filter((m) => /^[A-Z].*[a-z]/.test(m) && /\s/.test(m)).sort();
const text = `${JSON.stringify(Object.fromEntries(list.map((m) => [m, m])), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    // Missing counts as out of date.
  }
  if (current !== text) {
    console.error('apps/web/src/i18n/server/en.json is out of date: run node scripts/server-messages.mjs');
    process.exit(1);
  }
  console.log(`${list.length} server messages, up to date`);
} else {
  writeFileSync(OUT, text);
  console.log(`${list.length} server messages written to apps/web/src/i18n/server/en.json`);
}
