import type { RetryCounters } from './RetryCall';

/**
 * What an endpoint's counters grew by since an earlier reading: one night's share when a command
 * deposits several one after another on the same policy, whose counters run for the whole process.
 */
export const countersSince = (now: RetryCounters, before: RetryCounters): RetryCounters => {
  const retriesRefused = { ...now.retriesRefused };
  for (const reason of Object.keys(retriesRefused) as (keyof typeof retriesRefused)[]) {
    retriesRefused[reason] -= before.retriesRefused[reason];
  }
  return {
    firstAttempts: now.firstAttempts - before.firstAttempts,
    retriesGranted: now.retriesGranted - before.retriesGranted,
    retriesRefused,
  };
};
