/** mulberry32: a small seeded generator, so one seed gives every tool the same cut schedule. */
export type SeededRandom = {
  next(): number;
  between(min: number, max: number): number;
};

export const seededRandom = (seed: number): SeededRandom => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, between: (min, max) => min + (max - min) * next() };
};
