/** A small seeded generator (mulberry32): the same seed draws the same delays and moments. */
export type Random = () => number;

export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
};

/** Uniform in [min, max). */
export const uniform = (random: Random, min: number, max: number) => min + (max - min) * random();
