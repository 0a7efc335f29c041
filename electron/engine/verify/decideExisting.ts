import { createHash } from 'node:crypto';
import { localContentOf } from '../../../shared/engine/localContentOf';
import type { ContentProof } from '../../../shared/wire/proveSameContent';
import { bareEtag, proveSameContent } from '../../../shared/wire/proveSameContent';
import type { PartRecord } from '../../store/PartRecord';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import type { FileDeposit } from '../file/FileDeposit';
import type { Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';
import { expectedEtag } from './expectedEtag';
import type { Deposited } from '../upload/Deposited';

/** With `readBack`, an unproven object is read and hashed (SHA-256 against the local file's). */
const settleProof = async (file: FileDeposit, proof: ContentProof): Promise<Step<ContentProof>> => {
  const { run, unit } = file;
  if (proof.kind !== 'unproven' || !run.ports.settings.readBack) return ok(proof);
  const r = await file.call(`GetObject ${unit.key}`, 'insistent', 0, (o) =>
    run.objects.getObject({ key: unit.key, maxBytes: unit.size }, o),
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    return unitFailed(
      causeOfRefusal(r.failure, { bucket: run.bucket, action: 'read', where: unit.key }),
    );
  }
  if (r.value.kind === 'absent') return ok(proof);
  // Longer than the local file: other bytes, whatever the listing said of its size.
  if (r.value.kind === 'too-large') return ok({ kind: 'different', why: 'size' });
  const sha256 = createHash('sha256').update(r.value.bytes).digest('hex');
  return ok(sha256 === unit.sha256 ? { kind: 'same' } : { kind: 'different', why: 'etag' });
};

/**
 * An object already at the key: proved the same by the server's ETag is done (counted "already
 * there" when it cannot be our own upload, as the caller knows), other bytes are a conflict
 * never overwritten, and what nothing proves is "present, content unproven" unless read back.
 */
export const decideExisting = async (
  file: FileDeposit,
  remote: { size: number; etag: string },
  alreadyPresent: boolean,
  /** The unit's parts when the caller has them. */
  known?: readonly PartRecord[],
): Promise<Step<Deposited>> => {
  const { unit } = file;
  const parts = known ?? file.parts();
  const proof = proveSameContent(
    localContentOf(unit, expectedEtag(unit, parts), parts[0]?.md5),
    remote,
  );
  const settled = await settleProof(file, proof);
  if (settled.kind !== 'ok') return settled;
  if (settled.value.kind === 'same') return ok({ alreadyPresent });
  if (settled.value.kind === 'unproven') {
    return unitFailed({ kind: 'unproven', remoteEtag: bareEtag(remote.etag) });
  }
  return unitFailed({ kind: 'conflict', localSize: unit.size, remoteSize: remote.size });
};
