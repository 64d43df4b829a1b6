/**
 * Shorter SVG path data for the Game Icons the build bundles (vite.config.ts): every coordinate
 * rounded to `decimals` places. The set draws in a 512 × 512 box with three decimals, far finer than
 * any size Belfry shows an icon at: whole units move no point by more than half a unit (a tenth of a
 * pixel on a 100-pixel token) and make the icons about half as large compressed.
 *
 * Every command is written relative to the point the rounded path has reached, not the original's,
 * so rounding errors never add up along a path. Plain data in, plain data out: the build and the
 * tests call it.
 */

/** How many numbers each command takes. */
const ARITY: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
/** Arc flags are one digit each and may touch what follows ("a5 5 0 011 1"). */
const FLAG = /[01]/y;
const SEPARATORS = /[\s,]*/y;

export interface PathCommand {
  /** The command letter as written: lower case for relative coordinates. */
  letter: string;
  args: number[];
}

/** Splits path data into commands, one per set of arguments (an implicit repeat becomes its own command). */
export const parsePath = (d: string): PathCommand[] => {
  const commands: PathCommand[] = [];
  let at = 0;
  const skip = () => {
    SEPARATORS.lastIndex = at;
    SEPARATORS.exec(d);
    at = SEPARATORS.lastIndex;
  };
  skip();
  while (at < d.length) {
    const letter = d[at]!;
    const kind = letter.toLowerCase();
    const arity = ARITY[kind];
    if (arity === undefined) throw new Error(`unexpected "${letter}" at ${at} in path data`);
    at++;
    if (arity === 0) {
      commands.push({ letter, args: [] });
      skip();
      continue;
    }
    let repeat = 0;
    for (;;) {
      skip();
      if (at >= d.length || /[a-zA-Z]/.test(d[at]!)) break;
      const args: number[] = [];
      for (let i = 0; i < arity; i++) {
        skip();
        const pattern = kind === 'a' && (i === 3 || i === 4) ? FLAG : NUMBER;
        pattern.lastIndex = at;
        const found = pattern.exec(d);
        if (!found) throw new Error(`expected a number at ${at} in path data`);
        args.push(Number(found[0]));
        at = pattern.lastIndex;
      }
      // After a moveto, further pairs are linetos (SVG 1.1, 8.3.2).
      const shown = repeat > 0 && kind === 'm' ? (letter === 'm' ? 'l' : 'L') : letter;
      commands.push({ letter: shown, args });
      repeat++;
    }
    if (repeat === 0) throw new Error(`"${letter}" without arguments in path data`);
  }
  return commands;
};

const format = (value: number, decimals: number): string => {
  const text = String(Math.round(value * 10 ** decimals) / 10 ** decimals);
  if (text === '-0') return '0';
  return text.replace(/^(-?)0\./, '$1.');
};

/** `d` with its coordinates rounded to `decimals` places, drawing the same shape. */
export const roundPath = (d: string, decimals = 1): string => {
  const round = (value: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
  // Where the original path is (x, y) and where the rounded one is (rx, ry), and where their subpaths began.
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let rx = 0;
  let ry = 0;
  let startRx = 0;
  let startRy = 0;
  let out = '';
  let last = '';
  const write = (letter: string, values: (number | string)[]) => {
    // Repeats are implicit (SVG 1.1, 8.3.2), except for a moveto, whose repeats are linetos.
    const repeat = letter === last && 'lhvcsqta'.includes(letter);
    let text = repeat ? '' : letter;
    let afterLetter = !repeat;
    for (const value of values) {
      const shown = typeof value === 'number' ? format(value, decimals) : value;
      text += (afterLetter || shown.startsWith('-') ? '' : ' ') + shown;
      afterLetter = false;
    }
    out += text;
    last = letter;
  };
  /** A point of the original, written relative to where the rounded path is. */
  const relative = (px: number, py: number): [number, number] => [round(px - rx), round(py - ry)];
  for (const { letter, args } of parsePath(d)) {
    const kind = letter.toLowerCase();
    const isRelative = letter === kind;
    const absolute = (i: number): [number, number] =>
      isRelative ? [x + args[i]!, y + args[i + 1]!] : [args[i]!, args[i + 1]!];
    switch (kind) {
      case 'z':
        write('z', []);
        x = startX;
        y = startY;
        rx = startRx;
        ry = startRy;
        break;
      case 'h': {
        const to = isRelative ? x + args[0]! : args[0]!;
        const dx = round(to - rx);
        write('h', [dx]);
        x = to;
        rx += dx;
        break;
      }
      case 'v': {
        const to = isRelative ? y + args[0]! : args[0]!;
        const dy = round(to - ry);
        write('v', [dy]);
        y = to;
        ry += dy;
        break;
      }
      case 'a': {
        const [toX, toY] = absolute(5);
        const [dx, dy] = relative(toX, toY);
        write('a', [args[0]!, args[1]!, args[2]!, String(args[3]), String(args[4]), dx, dy]);
        x = toX;
        y = toY;
        rx += dx;
        ry += dy;
        break;
      }
      default: {
        // m, l, t: one point; c, s, q: control points, then the end point.
        const offsets: number[] = [];
        for (let i = 0; i < args.length; i += 2) offsets.push(...relative(...absolute(i)));
        write(kind, offsets);
        [x, y] = absolute(args.length - 2);
        rx += offsets[offsets.length - 2]!;
        ry += offsets[offsets.length - 1]!;
        if (kind === 'm') {
          startX = x;
          startY = y;
          startRx = rx;
          startRy = ry;
        }
      }
    }
  }
  return out;
};
