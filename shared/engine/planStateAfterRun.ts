import type { Completed } from '../domain/Completed';

/** What a plan shows once a run of it ended, from how the run ended. */
export type PlanStateAfterRun =
  'paused' | 'stopped' | Completed | 'failures' | 'blocked' | 'postponed';

export const planStateAfterRun = (
  result:
    | { readonly kind: Completed | 'failures' | 'blocked' | 'postponed' }
    | { readonly kind: 'stopped'; readonly reason: 'aborted' | 'paused' },
): PlanStateAfterRun =>
  result.kind === 'stopped' ? (result.reason === 'paused' ? 'paused' : 'stopped') : result.kind;
