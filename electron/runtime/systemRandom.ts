import type { Random } from '../../shared/ports/Random';

/** Math.random: jitter only needs spread, not unpredictability. */
export const systemRandom: Random = { next: () => Math.random() };
