import type { Random } from '../../../shared/ports/Random';

/** mulberry32: a small seeded generator, so every simulated run can be replayed. */
export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  return {
    next: () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
};

/** Always the same value: makes jitter predictable in scenario tests. */
export const fixedRandom = (value: number): Random => ({ next: () => value });
