import { defaultRetrySettings } from '../../shared/retry/RetrySettings';
import type { RetryPolicy } from '../../shared/retry/RetryPolicy';
import type { RetryLayer } from './RetryLayer';

/** Depot's RetryPolicy (one per client, as one per process) seen as the simulation's retry layer. */
export const depotRetryLayer = (
  policy: RetryPolicy,
  endpoint: string,
  budget = defaultRetrySettings.budget,
): RetryLayer => ({
  run: (call, attempt) => policy.run(call, attempt),
  circuitOpen: () => policy.circuit(endpoint).kind === 'open',
  whenAvailable: () => policy.whenAvailable(endpoint),
  retries: () => {
    const c = policy.counters(endpoint);
    return {
      firstAttempts: c.firstAttempts,
      retries: c.retriesGranted,
      bound: budget.creditPerFirstAttempt * c.firstAttempts + budget.capacity,
    };
  },
});
