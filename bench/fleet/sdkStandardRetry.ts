import type { Random } from '../../shared/ports/Random';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { Failure, Outcome } from '../../shared/retry/Outcome';
import type { AttemptContext, CallResult, RetryCall } from '../../shared/retry/RetryCall';
import type { RetryLayer } from './RetryLayer';

/**
 * The AWS SDK for JavaScript v3's default retries ("standard" mode), as the version this project
 * installs ships them (node_modules/@smithy/core/.../util-retry: StandardRetryStrategy,
 * DefaultRetryBackoffStrategy, constants, retries-2026-config): 3 attempts; full jitter
 * `floor(random * min(base * 2^retries, 20 s))` with base 50 ms, 1 s for throttling errors;
 * a Retry-After is honoured up to the backoff + 5 s; a retry quota of 500 per client, a retry
 * costing 5 (throttling) or 14 (anything else), a success giving back its retry's cost or 1.
 * The SDK's public docs still say base 100 ms, cost 5 and 10 for timeouts: the installed code wins.
 */
export const sdkDefaults = {
  maxAttempts: 3,
  baseMs: 50,
  throttlingBaseMs: 1_000,
  maxDelayMs: 20_000,
  retryAfterSlackMs: 5_000,
  quota: 500,
  cost: 14,
  throttlingCost: 5,
  successIncrement: 1,
} as const;

// isThrottlingError: 429 or a throttling code (SlowDown among them); isTransientError: 500, 502,
// 503, 504, RequestTimeout, ECONNRESET/ECONNREFUSED/EPIPE/ETIMEDOUT and network errnos.
const errorType = (failure: Failure): 'THROTTLING' | 'TRANSIENT' | 'OTHER' => {
  if (failure.kind === 'unreachable') return 'TRANSIENT';
  if (failure.kind !== 'refused') return 'OTHER';
  if (failure.status === 429 || failure.code === 'SlowDown') return 'THROTTLING';
  if ([500, 502, 503, 504].includes(failure.status) || failure.code === 'RequestTimeout')
    return 'TRANSIENT';
  return 'OTHER';
};

/** One S3Client's retry strategy: the quota is per client, like Depot's budget per endpoint. */
export const sdkStandardRetry = (deps: { sleeper: Sleeper; random: Random }): RetryLayer => {
  let capacity: number = sdkDefaults.quota;
  let firstAttempts = 0;
  let retries = 0;
  return {
    async run<T>(
      call: RetryCall,
      attempt: (ctx: AttemptContext) => Promise<Outcome<T>>,
    ): Promise<CallResult<T>> {
      let retryCost: number | undefined;
      firstAttempts += 1;
      for (let n = 1; ; n++) {
        if (n > 1) retries += 1;
        const outcome = await attempt({ attempt: n, deadline: call.deadline });
        if (outcome.kind === 'success') {
          capacity = Math.min(
            sdkDefaults.quota,
            capacity + (retryCost ?? sdkDefaults.successIncrement),
          );
          return { kind: 'success', value: outcome.value, attempts: n };
        }
        const type = errorType(outcome);
        const cost = type === 'THROTTLING' ? sdkDefaults.throttlingCost : sdkDefaults.cost;
        const gaveUp = (
          reason: 'not-retryable' | 'attempts-exhausted' | 'budget',
        ): CallResult<T> => ({
          kind: 'gave-up',
          reason,
          last: outcome,
          attempts: n,
          doNotInsist: true,
        });
        if (type === 'OTHER') return gaveUp('not-retryable');
        if (n >= sdkDefaults.maxAttempts) return gaveUp('attempts-exhausted');
        if (capacity < cost) return gaveUp('budget');
        const base = type === 'THROTTLING' ? sdkDefaults.throttlingBaseMs : sdkDefaults.baseMs;
        const backoff = Math.floor(
          deps.random.next() * Math.min(base * 2 ** (n - 1), sdkDefaults.maxDelayMs),
        );
        const retryAfter = outcome.kind === 'refused' ? outcome.retryAfterMs : undefined;
        const delay =
          retryAfter === undefined
            ? backoff
            : Math.max(backoff, Math.min(retryAfter, backoff + sdkDefaults.retryAfterSlackMs));
        capacity -= cost;
        retryCost = cost;
        await deps.sleeper.sleep(delay);
      }
    },
    circuitOpen: () => false,
    whenAvailable: () => Promise.resolve(),
    // The quota refills with every success, so the only bound is the attempts per call.
    retries: () => ({
      firstAttempts,
      retries,
      bound: (sdkDefaults.maxAttempts - 1) * firstAttempts,
    }),
  };
};
