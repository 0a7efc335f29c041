import type { Completed } from '../domain/Completed';
import { COMPLETED } from '../domain/Completed';

/**
 * What a run's end says of its plan once no unit is runnable: failures when any unit failed,
 * completed when every unit is done (its manifest is then written), postponed when files wait for
 * a time the server set further away than the run waits (`until`, the earliest), else stopped.
 */
export type PlanVerdict =
  | { readonly kind: Completed }
  | { readonly kind: 'failures'; readonly failed: number }
  | { readonly kind: 'postponed'; readonly units: number; readonly until: number }
  | { readonly kind: 'stopped'; readonly reason: 'aborted' };

export const planVerdict = (
  counts: {
    readonly units: number;
    readonly done: number;
    readonly failed: number;
    readonly deferred: number;
    /** Settled by the volunteer and not deposited (the server's object kept): not to wait for. */
    readonly leftOut?: number;
  },
  /** The earliest deferral's time, when any unit is deferred. */
  earliestDeferred?: number,
): PlanVerdict => {
  if (counts.failed > 0) return { kind: 'failures', failed: counts.failed };
  if (counts.deferred > 0 && earliestDeferred !== undefined) {
    return { kind: 'postponed', units: counts.deferred, until: earliestDeferred };
  }
  if (counts.done + (counts.leftOut ?? 0) !== counts.units)
    return { kind: 'stopped', reason: 'aborted' };
  return { kind: COMPLETED };
};
