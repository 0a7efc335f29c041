import { createHash } from 'node:crypto';
import { localContentOf } from '../../../shared/engine/localContentOf';
import type { ContentProof } from '../../../shared/wire/proveSameContent';
import { bareEtag, proveSameContent } from '../../../shared/wire/proveSameContent';
import type { UnitRecord } from '../../store/UnitRecord';
import { callPolicy } from '../call/callPolicy';
import { causeOfRefusal } from '../causeOfRefusal';
import type { RunContext } from '../run/RunContext';
import { UnitFailure } from '../waitSignals';
import { expectedEtag } from './expectedEtag';

/** With `readBack`, an unproven object is read and hashed (SHA-256 against the local file's). */
const settleProof = async (
  run: RunContext,
  unit: UnitRecord,
  proof: ContentProof,
): Promise<ContentProof> => {
  if (proof.kind !== 'unproven' || !run.ports.settings.readBack) return proof;
  const r = await callPolicy(run, unit, `GetObject ${unit.key}`, 'insistent', 0, (o) =>
    run.objects.getObject({ key: unit.key, maxBytes: unit.size }, o),
  );
  if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
  if (r.value === undefined) return proof;
  const sha256 = createHash('sha256').update(r.value).digest('hex');
  return sha256 === unit.sha256 ? { kind: 'same' } : { kind: 'different', why: 'etag' };
};

/**
 * An object already at the key: proved the same by the server's ETag is done (counted "already
 * there" when it cannot be our own upload, as the caller knows), other bytes are a conflict
 * never overwritten, and what nothing proves is "present, content unproven" unless read back.
 */
export const decideExisting = async (
  run: RunContext,
  unit: UnitRecord,
  remote: { size: number; etag: string },
  alreadyPresent: boolean,
): Promise<{ alreadyPresent: boolean }> => {
  const parts = run.ports.store.parts(unit.id);
  const proof = proveSameContent(
    localContentOf(unit, expectedEtag(unit, parts), parts[0]?.md5),
    remote,
  );
  const settled = await settleProof(run, unit, proof);
  if (settled.kind === 'same') return { alreadyPresent };
  if (settled.kind === 'unproven') {
    throw new UnitFailure({ kind: 'unproven', remoteEtag: bareEtag(remote.etag) });
  }
  throw new UnitFailure({ kind: 'conflict', localSize: unit.size, remoteSize: remote.size });
};
