import { causeOfPortalRefusal } from '../../../shared/engine/causeOfPortalRefusal';
import type { PortalFile } from '../../../shared/ports/Portal';
import { withWaits } from '../pacer/withWaits';
import { blockRun } from '../run/blockRun';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok } from '../StepOutcome';
import type { PortalRun } from './PortalRun';
import { portalListing, portalPaged } from './portalPaged';

/**
 * Every file the night's participation holds, by name: one page per call through the policy,
 * waited for as long as the network is gone (a wait goes on from the page it reached). A refusal
 * stops the run: whatever refuses the listing (a sign-in gone, a participation that is not the
 * volunteer's) refuses every file.
 */
export const listParticipation = async (
  run: RunContext,
  portal: PortalRun,
): Promise<ReadonlyMap<string, PortalFile>> => {
  let files: ReadonlyMap<string, PortalFile> = new Map();
  const pages = portalListing<PortalFile>((f) => f.fileId);
  await withWaits(run, undefined, async (): Promise<Step<undefined>> => {
    const r = await portalPaged(
      run,
      'listFiles',
      `ListFiles ${portal.participationId}`,
      portal.portal.endpoint,
      pages,
      (page, o) => portal.portal.listFilesPage({ collectionId: portal.participationId, page }, o),
    );
    if (r.kind === 'wait') return r;
    if (r.kind === 'refused') blockRun(run, causeOfPortalRefusal(r.failure));
    files = new Map(r.value.map((f) => [f.name, f]));
    return ok(undefined);
  });
  return files;
};
