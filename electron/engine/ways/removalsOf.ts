import type { StorageTarget } from '../../../shared/domain/StorageTarget';
import { nightManifestKey } from '../../../shared/wire/nightManifestKey';
import { ownObjects } from '../../../shared/ways/ownObjects';
import type { UnitEvidence } from '../../../shared/ways/ownObjects';
import type { PlanRecord } from '../../store/PlanRecord';
import type { PlanStore } from '../../store/PlanStore';
import type { NewRemoval } from '../../store/RemovalRecord';
import { expectedEtag } from '../verify/expectedEtag';

/** What the plan says of each of its files at its current target (see `ownObjects`). */
export function* evidenceOf(store: PlanStore, planId: number): Generator<UnitEvidence> {
  for (const unit of store.iterateUnits(planId)) {
    const parts = store.parts(unit.id);
    yield {
      key: unit.key,
      keptServerObject: unit.settlement?.kind === 'kept-server-object',
      sent: parts.some((p) => p.sentBytes > 0 || p.etag !== null),
      expectedEtag: unit.sha256 === null || parts.length === 0 ? null : expectedEtag(unit, parts),
      uploadId: unit.uploadId,
      createStarted: unit.createStarted,
      done: unit.state.kind === 'done',
    };
  }
}

/**
 * Everything the night wrote at `target` and may take back (issue 31): the objects its plan says
 * it sent, its manifest when it was written, the uploads it opened. Queued, then removed one by
 * one (`workRemovals`), each checked against the server first.
 */
export const removalsOf = (
  store: PlanStore,
  plan: PlanRecord,
  target: StorageTarget,
  now: number,
): NewRemoval[] => {
  const base = { planId: plan.id, target, createdAt: now };
  const removals: NewRemoval[] = ownObjects(evidenceOf(store, plan.id)).map((own) => ({
    ...base,
    kind: own.kind,
    key: own.key,
    etag: own.kind === 'object' ? own.etag : null,
    uploadId: own.kind === 'upload' ? own.uploadId : null,
  }));
  // Every upload the night created (ADR 0028), those no file holds any more included.
  const known = new Set(removals.map((r) => r.uploadId));
  for (const up of store.nightUploads(plan.id))
    if (!known.has(up.uploadId))
      removals.push({ ...base, kind: 'upload', key: up.key, etag: null, uploadId: up.uploadId });
  // Written last, and only by this night (its key carries the night's id): read before deleted.
  // Asked too when the plan has no record of it but sent files (a reply lost to its PUT); a
  // night that wrote nothing has no manifest, and its old address is not asked at all.
  if (plan.manifestAt === null && removals.length === 0) return removals;
  removals.push({
    ...base,
    kind: 'manifest',
    key: nightManifestKey(plan.prefix, plan.nightId),
    etag: null,
    uploadId: null,
  });
  return removals;
};
