import { planVerdict } from '../../../shared/engine/planVerdict';
import type { RunResult } from '../RunResult';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';
import { sweepUploads } from './sweepUploads';
import { writeManifest } from './writeManifest';

/**
 * The end of a run: the uploads nothing needs swept, and the manifest written when complete; a
 * give-up of either comes back to wait (the sweep's first).
 */
export const finishPlan = async (run: RunContext): Promise<RunResult | MustWait> => {
  const { store } = run.ports;
  const verdict = planVerdict(store.counts(run.planId), store.earliestDeferred(run.planId));
  // Two independent round trips or more each: at the end of a night, side by side.
  const [swept, written] = await Promise.allSettled([
    sweepUploads(run),
    verdict.kind === 'completed' ? writeManifest(run) : Promise.resolve(undefined),
  ]);
  if (swept.status === 'rejected') throw swept.reason;
  if (swept.value !== undefined) return swept.value;
  if (written.status === 'rejected') throw written.reason;
  if (written.value !== undefined) return written.value;
  return verdict;
};
