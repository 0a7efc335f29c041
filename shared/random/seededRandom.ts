import type { Random } from '../ports/Random';

/** A seeded draw in [0, 1): callable (`random()`) and a Random port (`random.next()`). */
export type SeededRandom = (() => number) &
  Random & {
    /** A draw in [min, max). */
    between(min: number, max: number): number;
  };

/**
 * mulberry32: a small deterministic generator, so a seed always gives the same synthetic night,
 * simulated run or cut schedule (the one copy used by the app, the tests and the bench).
 */
export const seededRandom = (seed: number): SeededRandom => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Object.assign(() => next(), {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
  });
};
