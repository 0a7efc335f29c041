import type { Completed } from './Completed';
import { COMPLETED } from './Completed';

/** What a plan's counts say about where it stands: one rule for the engine, the CLI and the app. */
export type PlanPhase =
  /** Every file verified and the manifest written: nothing left to do. */
  | Completed
  /** Nothing left to try, and some files failed for good (the manifest waits for them). */
  | 'failures'
  /** Stopped by the volunteer, work left. */
  | 'paused'
  /** Files to send or check, or the manifest still to write. */
  | 'to-do';

export type PlanFacts = {
  readonly units: number;
  readonly pending: number;
  readonly inProgress: number;
  readonly deferred: number;
  readonly done: number;
  readonly failed: number;
  /** Settled by the volunteer, not deposited (a conflict where the server's object was kept). */
  readonly leftOut: number;
  readonly paused: boolean;
  readonly manifestAt: number | null;
};

export const planPhase = (p: PlanFacts): PlanPhase => {
  const open = p.pending + p.inProgress + p.deferred;
  if (open === 0 && p.failed === 0 && p.done + p.leftOut === p.units && p.manifestAt !== null)
    return COMPLETED;
  if (open === 0 && p.failed > 0) return 'failures';
  if (p.paused) return 'paused';
  return 'to-do';
};
