import { bareEtag } from '../../../shared/wire/proveSameContent';
import { causeOfBodyRefusal } from '../../../shared/engine/causeOfBodyRefusal';
import { objectMetadata } from '../objectMetadata';
import type { FileDeposit } from '../file/FileDeposit';
import { withSlot } from '../run/withSlot';
import type { Step } from '../StepOutcome';
import { mustWait, ok, unitFailed } from '../StepOutcome';
import { decideExisting } from '../verify/decideExisting';
import { headObject, UNREADABLE } from '../verify/headObject';
import type { Deposited } from './Deposited';
import { unverifiable, verified } from './Deposited';
import { remoteBefore } from '../verify/remoteBefore';
import { verifyUpload } from '../verify/verifyUpload';
import { emitPart } from './emitPart';

/** A small file in one PutObject, written only where nothing is (If-None-Match). */
export const uploadSingle = async (file: FileDeposit): Promise<Step<Deposited>> => {
  const { run, unit } = file;
  const parts = file.parts();
  const part = parts[0];
  if (part === undefined) throw new Error(`unit ${unit.id} has no part plan`);
  // Acknowledged before a stop: the PUT's ETag was the server's MD5 of the bytes.
  if (part.etag !== null) return ok(verified);
  // Found before any byte of ours went out, it is someone else's: "already there".
  const foreign = part.sentBytes === 0;
  const remote = await remoteBefore(file);
  if (remote.kind !== 'ok') return remote;
  if (remote.value !== undefined) return decideExisting(file, remote.value, foreign, parts);
  const r = await withSlot(run, () =>
    emitPart(file, part, `PutObject ${unit.key}`, (body, md5Base64, o) =>
      run.objects.putObject(
        { key: unit.key, body, md5Base64, metadata: objectMetadata(unit), ifNoneMatch: true },
        o,
      ),
    ),
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    if (r.failure.status !== 412) {
      return unitFailed(
        causeOfBodyRefusal(
          r.failure,
          { bucket: run.bucket, action: 'write', where: unit.key },
          unit.relPath,
        ),
      );
    }
    // The key appeared since the listing (another Depot, another tool): look at what it holds.
    const head = await headObject(run, unit);
    if (head.kind !== 'ok') return head;
    // Something is at the key and this key may not read it (a write-only key, ADR 0028): ours
    // when our bytes went out before (a lost reply settled by this conditional write), said
    // deposited and not verifiable; anyone else's is never taken for ours.
    if (head.value === UNREADABLE) {
      if (!foreign) return ok(unverifiable);
      return unitFailed({
        kind: 'denied',
        action: 'read',
        bucket: run.bucket,
        folder: unit.key.slice(0, unit.key.lastIndexOf('/') + 1),
      });
    }
    // Gone again between the 412 and the HeadObject: try the upload again, paced.
    if (head.value === undefined) {
      return mustWait(run.ports.clock.now() + run.ports.pacer.pace(), false);
    }
    return decideExisting(file, head.value, foreign, parts);
  }
  const etag = bareEtag(r.value.etag);
  if (etag === '') {
    // The PutObject's journal line before the HeadObject's (held by `emitPart`).
    file.flush();
    const checked = await verifyUpload(run, unit, part.md5);
    if (checked === 'unverifiable') {
      file.acked(part, part.md5, 'with-done');
      return ok(unverifiable);
    }
    if (checked !== 'verified') return checked;
  } else if (etag !== part.md5) {
    return unitFailed({
      kind: 'verification-failed',
      detail: `ETag ${etag} from the server, ${part.md5} expected`,
    });
  }
  file.acked(part, part.md5, 'with-done');
  return ok(verified);
};
