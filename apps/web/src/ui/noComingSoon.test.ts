import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';

const SRC = join(__dirname, '..');

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(tsx?|css)$/.test(name) ? [path] : [];
  });

describe('no dead buttons (issue 19)', () => {
  it('no "coming soon" button is left: no text for one, and no source names it', () => {
    expect(JSON.stringify(en).toLowerCase()).not.toContain('coming soon');
    const naming = files(SRC).filter(
      (path) => !path.endsWith('noComingSoon.test.ts') && /coming_?soon/i.test(readFileSync(path, 'utf8')),
    );
    expect(naming).toEqual([]);
  });
});
