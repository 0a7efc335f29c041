import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import { localContentOf } from '../../../shared/engine/localContentOf';
import { stillOnServer } from '../../../shared/engine/stillOnServer';
import { listingPrefix, nightManifestKey } from '../../../shared/wire/nightManifestKey';
import type { PlanRecord } from '../../store/PlanRecord';
import { callPaged } from '../call/callPaged';
import type { ListedObject } from '../../../shared/ports/ObjectStore';
import { PagedListing } from '../../../shared/wire/PagedListing';
import { withWaits } from '../pacer/withWaits';
import type { Step } from '../StepOutcome';
import { ok } from '../StepOutcome';
import { expectedEtag } from '../verify/expectedEtag';
import { blockRun } from './blockRun';
import type { RunContext } from './RunContext';

/**
 * The night's prefix listed before the first payload byte (reconcile before sending, issue 11),
 * and every unit counted done compared with it (issue 30 item 1): one the server no longer holds
 * as deposited goes back to the queue and is said; a manifest no longer there is written again.
 * A key that may not list (AccessDenied: a write-only key) leaves the listing unknown: the run
 * deposits with conditional writes and says what it could not check (ADR 0028). Wrong
 * credentials or a missing bucket block the run here, failing no unit.
 */
export const checkNight = async (run: RunContext, plan: PlanRecord): Promise<void> => {
  const { store } = run.ports;
  const { hub } = run;
  const prefix = listingPrefix(plan.prefix);
  // Outside the step: a wait between two pages goes on from the page it reached.
  const pages = new PagedListing<ListedObject, string>(
    (o) => o.key,
    (token) => token,
  );
  await withWaits(run, undefined, async (): Promise<Step<undefined>> => {
    const r = await callPaged(
      run,
      undefined,
      `ListObjectsV2 ${prefix}`,
      'insistent',
      pages,
      (token, o) => run.objects.listObjectsPage({ prefix, token }, o),
    );
    if (r.kind === 'wait') return r;
    if (r.kind === 'refused') {
      const cause = causeOfRefusal(r.failure, {
        bucket: run.bucket,
        action: 'list',
        where: prefix,
      });
      if (cause.kind !== 'denied') blockRun(run, cause);
      run.state.listing = undefined;
      return ok(undefined);
    }
    run.state.listing = new Map(r.value.map((o) => [o.key, o]));
    return ok(undefined);
  });
  const listing = run.state.listing;
  const returned: string[] = [];
  let unchecked = 0;
  for (const unit of store.iterateUnits(run.planId)) {
    if (unit.state.kind !== 'done') continue;
    if (listing === undefined) {
      unchecked += 1;
      continue;
    }
    const parts = store.parts(unit.id);
    const local = localContentOf(unit, expectedEtag(unit, parts), parts[0]?.md5);
    if (stillOnServer(local, listing.get(unit.key)) === 'seen') continue;
    returned.push(unit.relPath);
    store.forgetUpload(unit.id);
    hub.setState(run.planId, unit, { kind: 'pending' });
    hub.record(run.planId, `ListObjectsV2 ${prefix}`, `returned:${unit.key}`, 1, null);
  }
  const manifestGone =
    listing !== undefined &&
    plan.manifestAt !== null &&
    !listing.has(nightManifestKey(plan.prefix, plan.nightId));
  if (returned.length > 0 || manifestGone) store.setManifestWritten(run.planId, null);
  if (listing === undefined) {
    hub.record(run.planId, `ListObjectsV2 ${prefix}`, 'denied:list', 1, null);
  }
  hub.emit({
    type: 'night-checked',
    planId: run.planId,
    listed: listing !== undefined,
    returned,
    unchecked,
  });
};
