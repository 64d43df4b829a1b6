import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ALL_GAME_ICON_NAMES } from './iconNames';
import { parsePath, roundPath } from './svgPath';

const require = createRequire(import.meta.url);
const set = JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as {
  icons: Record<string, { body: string }>;
};

/** Each command's kind and its numbers in absolute coordinates (points, arc radii and flags). */
const absolute = (d: string): { kind: string; values: number[] }[] => {
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  return parsePath(d).map(({ letter, args }) => {
    const kind = letter.toLowerCase();
    const relative = letter === kind;
    if (kind === 'z') {
      [x, y] = [startX, startY];
      return { kind, values: [x, y] };
    }
    if (kind === 'h') {
      x = relative ? x + args[0]! : args[0]!;
      return { kind, values: [x, y] };
    }
    if (kind === 'v') {
      y = relative ? y + args[0]! : args[0]!;
      return { kind, values: [x, y] };
    }
    const first = kind === 'a' ? 5 : 0;
    const points: number[] = [];
    for (let i = first; i < args.length; i += 2) {
      points.push(relative ? x + args[i]! : args[i]!, relative ? y + args[i + 1]! : args[i + 1]!);
    }
    [x, y] = points.slice(-2) as [number, number];
    if (kind === 'm') [startX, startY] = [x, y];
    return { kind, values: [...args.slice(0, first), ...points] };
  });
};

const expectSameShape = (original: string, rounded: string, tolerance: number) => {
  const a = absolute(original);
  const b = absolute(rounded);
  expect(b.map((command) => command.kind)).toEqual(a.map((command) => command.kind));
  let worst = 0;
  a.forEach((command, i) =>
    command.values.forEach((value, k) => (worst = Math.max(worst, Math.abs(value - b[i]!.values[k]!)))),
  );
  expect(worst).toBeLessThanOrEqual(tolerance);
};

describe('roundPath', () => {
  it.each([
    [1, 0.85],
    [0, 0.6],
  ])(
    'with %i decimals moves no point of any Belfry icon by more than half the last place, never drifting',
    (decimals, ratio) => {
      let before = 0;
      let after = 0;
      for (const name of ALL_GAME_ICON_NAMES) {
        const d = /\sd="([^"]*)"/.exec(set.icons[name]!.body)![1]!;
        const rounded = roundPath(d, decimals);
        expectSameShape(d, rounded, 0.5 / 10 ** decimals + 1e-9);
        before += d.length;
        after += rounded.length;
      }
      expect(after / before).toBeLessThan(ratio);
    },
  );

  it('reads the compact forms: implicit linetos, touching arc flags, exponents, moves in a row', () => {
    const d = 'M10 10 20 20.5.5.5l1e1-2e0a5 5 0 011 1zm2 2m3 3h4V7c1 1 2 2 3 3s1 1 2 2q1 1 2 2t3 3Z';
    expect(parsePath(d).map((command) => command.letter)).toEqual([
      'M',
      'L',
      'L',
      'l',
      'a',
      'z',
      'm',
      'm',
      'h',
      'V',
      'c',
      's',
      'q',
      't',
      'Z',
    ]);
    expect(parsePath(d)[4]!.args).toEqual([5, 5, 0, 0, 1, 1, 1]);
    const rounded = roundPath(d, 0);
    expectSameShape(d, rounded, 0.5 + 1e-9);
    // A second moveto stays one: written after another it would be read as a lineto.
    expect(rounded).toMatch(/m\d+ \d+m/);
  });

  it('refuses what is not path data', () => {
    expect(() => parsePath('M1 1 x 2')).toThrow();
    expect(() => parsePath('M1')).toThrow();
  });
});
