import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import english from './en.json';
import { isLaterKey, KEPT_IN_CORE, LATER_KEYS, splitStrings } from './laterStrings';

const SRC = join(import.meta.dirname, '..');

type Tree = { [key: string]: Tree | string };

const en = english as unknown as Tree;

const leaves = (tree: Tree, path = ''): string[] =>
  Object.entries(tree).flatMap(([name, value]) => {
    const key = path ? `${path}.${name}` : name;
    return typeof value === 'string' ? [key] : leaves(value, key);
  });

const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });

/** The module a relative specifier names, as Vite resolves it (extension or folder index). */
const resolveModule = (from: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
};

const STATIC_IMPORT = /^\s*(import|export)\s+(?!type\b)(?:([^'";]*?)\s+from\s+)?'([^']+)'/gm;
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'\s*\)/g;
const LATER_IMPORT = /withLaterStrings\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

/** What an import takes from a module: some names, or all of it (a side effect, a default, a namespace, a dynamic import). */
type Taken = string[] | 'all';

const namesOf = (clause: string | undefined): Taken => {
  const braces = clause?.match(/^\{([^}]*)\}$/s);
  if (!braces) return 'all';
  return braces[1]!
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!);
};

interface Edge {
  file: string;
  taken: Taken;
}

interface Module {
  /** Loaded with this module: static imports, and dynamic ones without the later strings. */
  loadsWith: Edge[];
  /** A public face that only re-exports (`export { A } from './a'`): which file gives each name. */
  reexports: Map<string, string> | null;
  /** Translation keys (or key prefixes of template literals) it names that load later. */
  laterKeys: string[];
}

const ROOTS = [...new Set(LATER_KEYS.map((key) => key.split('.')[0]!))].join('|');
const KEY_USE = new RegExp(`['"\`]((?:${ROOTS})\\.[A-Za-z0-9_.]*)`, 'g');

const readModule = (file: string): Module => {
  const text = readFileSync(file, 'utf8');
  const later = new Set([...text.matchAll(LATER_IMPORT)].map((match) => match.index + match[0].lastIndexOf('import(')));
  const statics = [...text.matchAll(STATIC_IMPORT)];
  const loadsWith: Edge[] = [
    ...statics.flatMap((match) => {
      const target = resolveModule(file, match[3]!);
      return target ? [{ file: target, taken: namesOf(match[2]) }] : [];
    }),
    ...[...text.matchAll(DYNAMIC_IMPORT)].flatMap((match) => {
      const target = later.has(match.index) ? null : resolveModule(file, match[1]!);
      return target ? [{ file: target, taken: 'all' as const }] : [];
    }),
  ];
  const code = text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '').trim();
  const onlyReexports =
    /index\.tsx?$/.test(file) &&
    statics.length > 0 &&
    statics.every((match) => match[1] === 'export' && namesOf(match[2]) !== 'all');
  const reexports =
    onlyReexports && code.split(';').filter((part) => part.trim()).length === statics.length
      ? new Map(
          statics.flatMap((match) => {
            const target = resolveModule(file, match[3]!);
            const names = namesOf(match[2]);
            return target && names !== 'all' ? names.map((name) => [name, target] as const) : [];
          }),
        )
      : null;
  const laterKeys = [...text.matchAll(KEY_USE)]
    .map((match) => match[1]!.replace(/\.$/, ''))
    .filter((key) => isLaterKey(key));
  return { loadsWith, reexports, laterKeys };
};

describe('the English strings of later screens (laterStrings.ts)', () => {
  const { core, later } = splitStrings(en);

  it('split en.json without losing or repeating a string', () => {
    const all = leaves(en).sort();
    const coreKeys = leaves(core);
    const laterKeys = leaves(later);
    expect([...coreKeys, ...laterKeys].sort()).toEqual(all);
    for (const key of coreKeys) expect(lookup(core, key)).toBe(lookup(en, key));
    for (const key of laterKeys) expect(lookup(later, key)).toBe(lookup(en, key));
    expect(coreKeys.filter(isLaterKey)).toEqual([]);
    expect(laterKeys.filter((key) => !isLaterKey(key))).toEqual([]);
    // Worth its chunk: the rules alone are about a third of the English strings' bytes.
    expect(JSON.stringify(later).length).toBeGreaterThan(JSON.stringify(en).length / 4);
  });

  it('name only keys and groups that exist', () => {
    for (const key of [...LATER_KEYS, ...KEPT_IN_CORE]) {
      const found = lookup(en, key) ?? lookup(en, `${key}_other`);
      expect(found, key).toBeDefined();
    }
  });

  it('are used by no module of a first load: only behind withLaterStrings(() => import(…))', () => {
    const modules = new Map(sourceFiles(SRC).map((file) => [file, readModule(file)]));
    // Everything that loads with the app's entry, following static imports and plain dynamic imports.
    const reached = new Map<string, string>();
    const queue: [Edge, string][] = [[{ file: join(SRC, 'main.tsx'), taken: 'all' }, 'main.tsx']];
    while (queue.length > 0) {
      const [{ file, taken }, via] = queue.shift()!;
      const module = modules.get(file);
      // A public face marked free of side effects (vite.config.ts) loads only the files of the names taken.
      if (module?.reexports && taken !== 'all') {
        for (const name of taken) {
          const source = module.reexports.get(name);
          if (source) queue.push([{ file: source, taken: [name] }, relative(SRC, file)]);
        }
        continue;
      }
      if (reached.has(file)) continue;
      reached.set(file, via);
      for (const next of module?.loadsWith ?? []) queue.push([next, relative(SRC, file)]);
    }
    const misplaced = [...reached.keys()].flatMap((file) =>
      (modules.get(file)?.laterKeys ?? []).map((key) => `${relative(SRC, file)} (via ${reached.get(file)}): ${key}`),
    );
    expect(misplaced).toEqual([]);
    // The walk saw the app: the table's, the Lobby's and the Login screen's modules.
    for (const file of ['table/CentreOverlay.tsx', 'pages/LobbyPage.tsx', 'pages/LoginPage.tsx', 'ui/Footer.tsx']) {
      expect(reached.has(join(SRC, file)), file).toBe(true);
    }
    // …and not what loads later.
    for (const file of ['table/rules/RulesText.tsx', 'settings/SettingsDialog.tsx', 'tournament/MatchView.tsx']) {
      expect(reached.has(join(SRC, file)), file).toBe(false);
    }
  });
});
