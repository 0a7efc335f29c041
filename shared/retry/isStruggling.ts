import type { Failure } from './Outcome';

const STRUGGLING_STATUS: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/**
 * A refusal that says the server cannot keep up (5xx it may recover from, 429, SlowDown): a run
 * of them trips the circuit breaker. 501 and 505 are answers about the request, not load.
 */
export const isStruggling = (failure: Failure): boolean =>
  failure.kind === 'refused' &&
  (failure.code === 'SlowDown' || STRUGGLING_STATUS.has(failure.status));
