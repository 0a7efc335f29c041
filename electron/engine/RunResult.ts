import type { Completed } from '../../shared/domain/Completed';
import type { FailureCause } from '../../shared/domain/FailureCause';

/**
 * How `engine.run` ended. `completed`: every unit verified and the manifest written.
 * `failures`: every unit terminal, some failed definitively. `stopped`: aborted or paused,
 * resumable. `blocked`: the endpoint refused the credentials or the bucket is missing; no unit
 * was failed for it (except those whose own request got that answer). `postponed`: every other
 * unit terminal, some deferred by the server until `until` (the earliest), further away than a
 * run waits; run again then, or lift it (`retryFailures`).
 */
export type RunResult =
  | { readonly kind: Completed }
  | { readonly kind: 'failures'; readonly failed: number }
  | { readonly kind: 'postponed'; readonly units: number; readonly until: number }
  | { readonly kind: 'stopped'; readonly reason: 'aborted' | 'paused' }
  | { readonly kind: 'blocked'; readonly cause: FailureCause };
