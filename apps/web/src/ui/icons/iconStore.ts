import { iconSets, interfaceIcons } from 'virtual:game-icons';
import { ICON_SETS_OF, type IconSetName } from './iconNames';

/**
 * The SVG bodies the app can draw: the interface's from the start, each character set's once its
 * chunk has arrived. A character icon asks for its set the first time it is drawn; a game also asks
 * for the sets of its script ahead (preloadIcons), so that pickers and the sheet open complete.
 */
const bodies = new Map<string, string>(Object.entries(interfaceIcons));
const requested = new Map<IconSetName, Promise<void>>();
const listeners = new Set<() => void>();

export const subscribeIcons = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const iconBody = (name: string): string | undefined => bodies.get(name);

/** True for an icon that is drawn only once its set has been fetched. */
export const isLazyIcon = (name: string): boolean => !bodies.has(name) && name in ICON_SETS_OF;

const loadSet = (set: IconSetName): Promise<void> => {
  const pending = requested.get(set);
  if (pending) return pending;
  const load = iconSets[set];
  if (!load) return Promise.resolve();
  const loading = load().then(
    ({ default: loaded }) => {
      for (const [name, body] of Object.entries(loaded)) bodies.set(name, body);
      for (const listener of [...listeners]) listener();
    },
    () => {
      // Offline and not cached: the placeholder stays, and the next icon that needs the set asks again.
      requested.delete(set);
    },
  );
  requested.set(set, loading);
  return loading;
};

/** Fetches what draws these icons, unless there or on its way (a set already asked for counts). */
export const preloadIcons = (names: Iterable<string>): void => {
  for (const name of names) {
    if (bodies.has(name)) continue;
    const sets = ICON_SETS_OF[name];
    if (!sets || sets.some((set) => requested.has(set))) continue;
    void loadSet(sets[0]!);
  }
};
