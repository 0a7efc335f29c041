import type { FailureCause } from '../../shared/domain/FailureCause';

/**
 * How `engine.run` ended. `completed`: every unit verified and the manifest written.
 * `failures`: every unit terminal, some failed definitively. `stopped`: aborted or paused,
 * resumable. `blocked`: the endpoint refused the credentials or the bucket is missing; no unit
 * was failed for it (except those whose own request got that answer).
 */
export type RunResult =
  | { readonly kind: 'completed' }
  | { readonly kind: 'failures'; readonly failed: number }
  | { readonly kind: 'stopped'; readonly reason: 'aborted' | 'paused' }
  | { readonly kind: 'blocked'; readonly cause: FailureCause };
