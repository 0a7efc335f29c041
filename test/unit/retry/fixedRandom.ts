import type { Random } from '../../../shared/ports/Random';

/** Always the same value: makes jitter predictable in scenario tests. */
export const fixedRandom = (value: number): Random => ({ next: () => value });
