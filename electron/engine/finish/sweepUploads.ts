import { listingPrefix } from '../../../shared/wire/nightManifestKey';
import { callPolicy } from '../call/callPolicy';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';
import { abortQuietly } from '../upload/multipartSteps';

/**
 * Aborts our multipart uploads that nothing needs any more (done units, superseded uploads), then
 * lists again to confirm. A failed unit keeps its upload: retrying it re-uses the parts. A listing
 * that gave up comes back to wait.
 */
export const sweepUploads = async (run: RunContext): Promise<MustWait | undefined> => {
  const { store, hub } = run.ports;
  const plan = store.getPlan(run.planId);
  if (plan === undefined) return undefined;
  const prefix = listingPrefix(plan.prefix);
  const list = async (): Promise<{ key: string; uploadId: string }[] | MustWait> => {
    const r = await callPolicy(run, undefined, `ListMultipartUploads ${prefix}`, 'brief', 0, (o) =>
      run.objects.listMultipartUploads({ prefix }, o),
    );
    if (r.kind === 'wait') return r;
    if (r.kind === 'refused') return [];
    return r.value.filter((up) => {
      const unit = store.unitByKey(run.planId, up.key);
      if (unit === undefined) return false;
      const kept = unit.state.kind !== 'done' && unit.uploadId === up.uploadId;
      return !kept;
    });
  };
  for (let round = 0; round < 3; round += 1) {
    const orphans = await list();
    if (!Array.isArray(orphans)) return orphans;
    if (orphans.length === 0) return undefined;
    for (const up of orphans) await abortQuietly(run, up.key, up.uploadId);
  }
  // Still listed after three rounds of aborts: say so in the journal, the next run tries again.
  const left = await list();
  if (!Array.isArray(left)) return left;
  if (left.length > 0) {
    hub.record(run.planId, `Sweep ${prefix}`, `uploads-left:${left.length}`, 3, null);
  }
  return undefined;
};
