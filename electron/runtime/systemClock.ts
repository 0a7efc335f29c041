import type { Clock } from '../../shared/ports/Clock';

/** The machine's wall clock. */
export const systemClock: Clock = { now: () => Date.now() };
