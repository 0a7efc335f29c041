import { causeOfPortalRefusal } from '../../../shared/engine/causeOfPortalRefusal';
import type { PortalFile } from '../../../shared/ports/Portal';
import { withWaits } from '../pacer/withWaits';
import { blockRun } from '../run/blockRun';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok } from '../StepOutcome';
import type { PortalRun } from './PortalRun';
import { portalCall } from './portalCall';

/**
 * Every file the night's participation holds, by name (all pages, one call through the policy,
 * waited for as long as the network is gone). A refusal stops the run: whatever refuses the
 * listing (a sign-in gone, a participation that is not the volunteer's) refuses every file.
 */
export const listParticipation = async (
  run: RunContext,
  portal: PortalRun,
): Promise<ReadonlyMap<string, PortalFile>> => {
  let files: ReadonlyMap<string, PortalFile> = new Map();
  await withWaits(run, undefined, async (): Promise<Step<undefined>> => {
    const r = await portalCall(
      run,
      undefined,
      'listFiles',
      `ListFiles ${portal.participationId}`,
      portal.portal.endpoint,
      0,
      (o) => portal.portal.listFiles({ collectionId: portal.participationId }, o),
    );
    if (r.kind === 'wait') return r;
    if (r.kind === 'refused') blockRun(run, causeOfPortalRefusal(r.failure));
    files = new Map(r.value.map((f) => [f.name, f]));
    return ok(undefined);
  });
  return files;
};
