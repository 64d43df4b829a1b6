/**
 * Version arithmetic for the Update page and the route guard (spec 2 §2: more than one newer
 * version sends every route to Update). Versions look like `1.2.3`, optionally `v1.2.3` or with a
 * `-pre` suffix; a pre-release sorts before its release.
 */
const parse = (version: string): { parts: number[]; pre: string } => {
  const [core = '', pre = ''] = version.trim().replace(/^v/i, '').split('-', 2);
  const parts = core.split('.').map((part) => {
    const value = Number.parseInt(part, 10);
    return Number.isFinite(value) ? value : 0;
  });
  return { parts, pre };
};

/** Negative when a is older than b, positive when newer, 0 when equal. */
export const compareVersions = (a: string, b: string): number => {
  const left = parse(a);
  const right = parse(b);
  const length = Math.max(left.parts.length, right.parts.length);
  for (let index = 0; index < length; index++) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (left.pre === right.pre) return 0;
  if (!left.pre) return 1;
  if (!right.pre) return -1;
  return left.pre < right.pre ? -1 : 1;
};

/** How many of the released versions are newer than `current` (the list's order does not matter). */
export const newerVersionCount = (current: string, released: readonly string[] | undefined): number =>
  new Set(
    (released ?? []).filter((version) => compareVersions(version, current) > 0).map((v) => parse(v).parts.join('.')),
  ).size;

/** The newest released version, or `fallback` when the list is empty (the server's own version). */
export const latestVersion = (released: readonly string[] | undefined, fallback: string): string =>
  [...(released ?? []), fallback].reduce((newest, version) =>
    compareVersions(version, newest) > 0 ? version : newest,
  );

/** Spec 2 §2: only more than one newer version forces the Update page. */
export const mustUpdate = (newerCount: number): boolean => newerCount > 1;
