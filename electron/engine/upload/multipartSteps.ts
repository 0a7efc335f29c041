import { bareEtag } from '../../../shared/wire/proveSameContent';
import type { PartRecord } from '../../store/PartRecord';
import type { FileDeposit } from '../file/FileDeposit';
import { callPolicy } from '../call/callPolicy';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import { objectMetadata } from '../objectMetadata';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { uploadsListing } from './uploadsListing';
import { ok, unitFailed } from '../StepOutcome';

/**
 * Our own open upload of this key after a lost Create reply (or a crash before the id was kept),
 * newest first, found by ListMultipartUploads of the key itself. That is a bucket-level
 * permission (`s3:ListBucketMultipartUploads`) a folder key lacks: refused, nothing is found and
 * a new upload is created; the lost one, if the server made it, is left to the bucket's lifecycle
 * rule (AbortIncompleteMultipartUpload), and the journal says so (ADR 0028).
 */
export const findOwnUpload = async (file: FileDeposit): Promise<Step<string | null>> => {
  const { run, unit } = file;
  const r = await file.paged(
    `ListMultipartUploads ${unit.key}`,
    'brief',
    uploadsListing(),
    (marker, o) => run.objects.listUploadsPage({ prefix: unit.key, marker }, o),
    { reconciles: file.unsettled },
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    const cause = causeOfRefusal(r.failure, {
      bucket: run.bucket,
      action: 'list',
      where: unit.key,
    });
    if (cause.kind !== 'denied') return unitFailed(cause);
    file.events.record(`ListMultipartUploads ${unit.key}`, 'denied:upload-may-be-left-open');
    return ok(null);
  }
  const own = r.value
    .filter((up) => up.key === unit.key)
    .sort((a, b) => (b.initiated ?? 0) - (a.initiated ?? 0));
  return ok(own[0]?.uploadId ?? null);
};

/**
 * CreateMultipartUpload, never blindly replayed: after a lost reply the unit is unsettled and
 * its next step looks for the upload that reply created (`findOwnUpload`) before creating one.
 */
export const createUpload = async (file: FileDeposit): Promise<Step<string>> => {
  const { run, unit } = file;
  const r = await file.call(
    `CreateMultipartUpload ${unit.key}`,
    'insistent',
    0,
    (o) => run.objects.createMultipartUpload({ key: unit.key, metadata: objectMetadata(unit) }, o),
    { write: true },
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    return unitFailed(
      causeOfRefusal(r.failure, { bucket: run.bucket, action: 'write', where: unit.key }),
    );
  }
  return ok(r.value.uploadId);
};

/**
 * AbortMultipartUpload of one of the night's own uploads, whose refusal or give-up is let go: the
 * end-of-plan sweep aborts what is left of the night's list. Aborted, or already gone (404), it
 * leaves that list. Only a stop interrupts it.
 */
export const abortQuietly = async (
  run: RunContext,
  key: string,
  uploadId: string,
): Promise<'aborted' | 'left'> => {
  const r = await callPolicy(run, undefined, `AbortMultipartUpload ${key}`, 'brief', 0, (o) =>
    run.objects.abortMultipartUpload({ key, uploadId }, o),
  );
  if (r.kind === 'ok' || (r.kind === 'refused' && r.failure.status === 404)) {
    if (run.planId !== 0) run.ports.store.closedUpload(run.planId, uploadId);
    return 'aborted';
  }
  return 'left';
};

/** Keeps a listed part only when its size and ETag match the local bytes; anything else is re-sent. */
export const reconcileParts = (
  file: FileDeposit,
  listed: readonly { partNumber: number; size: number; etag: string }[],
): void => {
  const byNumber = new Map(listed.map((p) => [p.partNumber, p]));
  const ack: PartRecord[] = [];
  const forget: PartRecord[] = [];
  for (const part of file.parts()) {
    const remote = byNumber.get(part.partNumber);
    const matches =
      remote !== undefined && remote.size === part.size && bareEtag(remote.etag) === part.md5;
    if (matches && part.etag === null) ack.push(part);
    if (!matches && part.etag !== null) forget.push(part);
  }
  file.reconciled(ack, forget);
};
