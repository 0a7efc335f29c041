import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';
import { abortQuietly } from '../upload/multipartSteps';

/**
 * Aborts the night's own multipart uploads that nothing needs any more (done units, superseded
 * uploads), found by their ids in the plan: never another client's upload at the same key (issue
 * 30 item 17), and no ListMultipartUploads, a bucket-level permission a folder key lacks (issue
 * 29). A failed unit keeps its upload: retrying it re-uses the parts. What an abort could not
 * close stays in the plan's list and is said in the journal; the next run tries again.
 */
export const sweepUploads = async (run: RunContext): Promise<MustWait | undefined> => {
  const { store } = run.ports;
  const { hub } = run;
  const orphans = store.nightUploads(run.planId).filter((up) => {
    const unit = store.unitByKey(run.planId, up.key);
    const kept = unit !== undefined && unit.state.kind !== 'done' && unit.uploadId === up.uploadId;
    return !kept;
  });
  let left = 0;
  for (const up of orphans) {
    if ((await abortQuietly(run, up.key, up.uploadId)) === 'left') left += 1;
  }
  if (left > 0) {
    hub.record(run.planId, 'Sweep', `uploads-left:${left}`, 1, null);
  }
  return undefined;
};
