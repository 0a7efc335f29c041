import { bareEtag } from '../../../shared/wire/proveSameContent';
import type { PlanStore } from '../../store/PlanStore';
import type { UnitRecord } from '../../store/UnitRecord';
import { callPolicy } from '../call/callPolicy';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import { objectMetadata } from '../objectMetadata';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';

/** Our own open upload of this key (after a lost Create reply or a crash), newest first. */
export const findOwnUpload = async (
  run: RunContext,
  unit: UnitRecord,
): Promise<Step<string | null>> => {
  const r = await callPolicy(
    run,
    unit,
    `ListMultipartUploads ${unit.key}`,
    'brief',
    0,
    (o) => run.objects.listMultipartUploads({ prefix: unit.key }, o),
    { reconciles: run.unsettled.has(unit.id) },
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') return unitFailed(causeOfRefusal(r.failure, run.bucket));
  const own = r.value
    .filter((up) => up.key === unit.key)
    .sort((a, b) => (b.initiated ?? 0) - (a.initiated ?? 0));
  return ok(own[0]?.uploadId ?? null);
};

/**
 * CreateMultipartUpload, never blindly replayed: after a lost reply the unit is unsettled and
 * its next step looks for the upload that reply created (`findOwnUpload`) before creating one.
 */
export const createUpload = async (run: RunContext, unit: UnitRecord): Promise<Step<string>> => {
  const r = await callPolicy(
    run,
    unit,
    `CreateMultipartUpload ${unit.key}`,
    'insistent',
    0,
    (o) => run.objects.createMultipartUpload({ key: unit.key, metadata: objectMetadata(unit) }, o),
    { write: true },
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') return unitFailed(causeOfRefusal(r.failure, run.bucket));
  return ok(r.value.uploadId);
};

/**
 * AbortMultipartUpload whose refusal or give-up is let go: the end-of-plan sweep aborts what is
 * left. Only a stop interrupts it.
 */
export const abortQuietly = async (
  run: RunContext,
  key: string,
  uploadId: string,
): Promise<void> => {
  await callPolicy(run, undefined, `AbortMultipartUpload ${key}`, 'brief', 0, (o) =>
    run.objects.abortMultipartUpload({ key, uploadId }, o),
  );
};

/** Keeps a listed part only when its size and ETag match the local bytes; anything else is re-sent. */
export const reconcileParts = (
  store: PlanStore,
  unitId: number,
  listed: readonly { partNumber: number; size: number; etag: string }[],
): void => {
  const byNumber = new Map(listed.map((p) => [p.partNumber, p]));
  for (const part of store.parts(unitId)) {
    const remote = byNumber.get(part.partNumber);
    const matches =
      remote !== undefined && remote.size === part.size && bareEtag(remote.etag) === part.md5;
    if (matches && part.etag === null) store.ackPart(unitId, part.partNumber, part.md5);
    if (!matches && part.etag !== null) store.forgetAcks(unitId, part.partNumber);
  }
};
