import type { ListedPart } from '../../../shared/ports/ObjectStore';
import { PagedListing } from '../../../shared/wire/PagedListing';
import { afterUploadLost } from '../../../shared/engine/afterUploadLost';
import { multipartRefusal } from '../../../shared/engine/multipartRefusal';
import { bareEtag } from '../../../shared/wire/proveSameContent';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import type { FileDeposit } from '../file/FileDeposit';
import { checkSource } from '../source/checkSource';
import { decideExisting } from '../verify/decideExisting';
import { expectedEtag } from '../verify/expectedEtag';
import { headObject, UNREADABLE } from '../verify/headObject';
import type { Deposited } from './Deposited';
import { unverifiable, verified } from './Deposited';
import { remoteBefore } from '../verify/remoteBefore';
import { verifyUpload } from '../verify/verifyUpload';
import type { Halt, Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';
import { abortQuietly, createUpload, findOwnUpload, reconcileParts } from './multipartSteps';
import { sendParts } from './sendParts';
import { reserveKey } from './reserveKey';
import { EMPTY_MD5_HEX, isOwnPlaceholder } from '../../../shared/engine/ownPlaceholder';

type Done = Deposited;

/** How one pass over a multipart upload ended: the loop in `uploadMultipart` acts on it. */
type Pass =
  | { readonly kind: 'done'; readonly done: Done }
  /** The server dropped the upload: again from its first part (a bounded number of times). */
  | { readonly kind: 'upload-lost' }
  /** The server refused our part list: the parts again, on the same upload. */
  | { readonly kind: 'parts-rejected' }
  | Halt;

const done = (d: Done): Pass => ({ kind: 'done', done: d });
const passOf = (step: Step<Done>): Pass => (step.kind === 'ok' ? done(step.value) : step);

/** The folder of a key, for a refusal's sentence. */
const folderOfKey = (key: string): string => key.slice(0, key.lastIndexOf('/') + 1);

/**
 * The upload is gone: completed by us before its reply was lost or a crash, or dropped. A key
 * that may not read cannot tell: with every part acknowledged a Complete of ours was the last
 * step, said deposited and not verifiable; otherwise the upload was dropped (ADR 0028).
 */
const uploadGone = async (file: FileDeposit, uploadId: string): Promise<Pass> => {
  const { run } = file;
  file.uploadClosed(uploadId);
  const head = await headObject(run, file.unit);
  if (head.kind !== 'ok') return head;
  if (head.value === UNREADABLE) {
    if (!file.parts().every((p) => p.etag !== null)) return { kind: 'upload-lost' };
    file.uploadDone();
    return done(unverifiable);
  }
  const nightId = run.ports.store.getPlan(run.planId)?.nightId ?? '';
  // Nothing, or only this night's placeholder: the Complete never acted.
  if (head.value === undefined || isOwnPlaceholder(head.value, nightId)) {
    return { kind: 'upload-lost' };
  }
  const decided = await decideExisting(file, head.value, false);
  if (decided.kind !== 'ok') return decided;
  file.uploadDone();
  return done(decided.value);
};

/** The unit's open upload: found again, listed and reconciled, or created. */
const openUpload = async (
  file: FileDeposit,
): Promise<{ readonly kind: 'open'; readonly uploadId: string } | Pass> => {
  const { run, unit: u } = file;
  const known = u.uploadId;
  if (known === null) {
    const own = u.createStarted ? await findOwnUpload(file) : ok(null);
    if (own.kind !== 'ok') return own;
    let uploadId = own.value;
    if (uploadId === null) {
      if (!u.createStarted) {
        // Fresh file: if the key already holds an object, decide now instead of sending parts.
        const remote = await remoteBefore(file);
        if (remote.kind !== 'ok') return remote;
        if (remote.value !== undefined) {
          return passOf(await decideExisting(file, remote.value, true));
        }
      }
      file.createStarted();
      const created = await createUpload(file);
      if (created.kind !== 'ok') return created;
      uploadId = created.value;
    }
    file.uploadOpened(uploadId);
    return { kind: 'open', uploadId };
  }
  const listed = await file.paged(
    `ListParts ${u.key}`,
    'brief',
    new PagedListing<ListedPart, string>(
      (p) => String(p.partNumber),
      (marker) => marker,
    ),
    (marker, o) => run.objects.listPartsPage({ key: u.key, uploadId: known, marker }, o),
    { reconciles: file.unsettled },
  );
  if (listed.kind === 'wait') return listed;
  if (listed.kind === 'refused') {
    if (multipartRefusal(listed.failure) !== 'upload-lost') {
      return unitFailed(
        causeOfRefusal(listed.failure, { bucket: run.bucket, action: 'list', where: u.key }),
      );
    }
    return uploadGone(file, known);
  }
  reconcileParts(file, listed.value);
  return { kind: 'open', uploadId: known };
};

/**
 * The server refused the Complete for a conflict (another object at the key since the reservation,
 * where the server honours If-Match): what is there now decides; the upload is aborted.
 */
const conflictOnComplete = async (file: FileDeposit, uploadId: string): Promise<Pass> => {
  const { run, unit: u } = file;
  const head = await headObject(run, u);
  if (head.kind !== 'ok') return head;
  await abortQuietly(run, u.key, uploadId);
  if (head.value === UNREADABLE) {
    file.forgetUpload();
    return unitFailed({
      kind: 'denied',
      action: 'read',
      bucket: run.bucket,
      folder: folderOfKey(u.key),
    });
  }
  if (head.value === undefined) return { kind: 'upload-lost' };
  file.forgetUpload();
  return passOf(await decideExisting(file, head.value, true));
};

/**
 * Complete, after the key is reserved with this night's placeholder (never replacing another
 * writer's object, issue 30 item 3); then the server's ETag, or HeadObject's, proves the bytes.
 */
const completeUpload = async (file: FileDeposit, uploadId: string): Promise<Pass> => {
  const { run, unit: u } = file;
  const { store } = run.ports;
  const changed = await checkSource(run.ports.source, u);
  if (changed !== undefined) return changed;
  const parts = file.parts();
  // radosgw 16 ignores If-None-Match on Complete and would replace an object that appeared
  // while the parts were sent: the key is reserved first (see reserveKey).
  const nightId = store.getPlan(run.planId)?.nightId ?? '';
  const reserved = await reserveKey(file, nightId);
  if (reserved.kind !== 'ok') return reserved;
  if (reserved.value.kind === 'taken') {
    // An earlier Complete of ours whose answer was lost has nothing to abort; anyone else's
    // object means ours never completed.
    const ours = file.unsettled;
    await abortQuietly(run, u.key, uploadId);
    file.forgetUpload();
    return passOf(await decideExisting(file, reserved.value.head, !ours));
  }
  const completed = await file.call(
    `CompleteMultipartUpload ${u.key}`,
    'insistent',
    0,
    (o) =>
      run.objects.completeMultipartUpload(
        {
          key: u.key,
          uploadId,
          parts: parts.map((p) => ({ partNumber: p.partNumber, etag: `"${p.etag ?? ''}"` })),
          // Replaces this night's placeholder and nothing else, where the server honours it.
          ifNoneMatch: false,
          ifMatch: `"${EMPTY_MD5_HEX}"`,
        },
        o,
      ),
    {
      write: true,
      // Never replayed as it is: some servers (radosgw 16) ignore conditions on Complete, so
      // each new Complete comes after the key is reserved again (above), and a gone upload's
      // Complete is a 500 there. The next step asks the server first.
      mayHaveActed: () => true,
    },
  );
  if (completed.kind === 'wait') return completed;
  if (completed.kind === 'refused') {
    switch (multipartRefusal(completed.failure)) {
      case 'upload-lost':
        return uploadGone(file, uploadId);
      case 'conflict':
        return conflictOnComplete(file, uploadId);
      case 'parts-rejected':
        return { kind: 'parts-rejected' };
      case 'refused':
        return unitFailed(
          causeOfRefusal(completed.failure, { bucket: run.bucket, action: 'write', where: u.key }),
        );
    }
  }
  file.uploadClosed(uploadId);
  const expected = expectedEtag(u, parts);
  const etag = bareEtag(completed.value.etag);
  let proof: Deposited = verified;
  // radosgw answers Complete with an empty ETag (ADR 0003): then HeadObject gives it, when this
  // key may read; a write-only key has the server's word that it took the parts, nothing more.
  if (etag === '') {
    const checked = await verifyUpload(run, u, expected);
    if (checked === 'unverifiable') proof = unverifiable;
    else if (checked !== 'verified') return checked;
  } else if (etag !== expected) {
    return unitFailed({
      kind: 'verification-failed',
      detail: `ETag ${etag} from the server, ${expected} expected`,
    });
  }
  file.uploadDone();
  return done(proof);
};

/** One pass: the upload opened, its missing parts sent, completed. */
const uploadPass = async (file: FileDeposit): Promise<Pass> => {
  file.reread();
  const opened = await openUpload(file);
  if (opened.kind !== 'open') return opened;
  const missing = file.parts().filter((p) => p.etag === null);
  const sent = await sendParts(file, opened.uploadId, missing);
  if (sent.kind !== 'ok') return sent;
  if (sent.value === 'upload-gone') return { kind: 'upload-lost' };
  return completeUpload(file, opened.uploadId);
};

/** A large file in parts, resumable from the parts the server acknowledged. */
export const uploadMultipart = async (file: FileDeposit): Promise<Step<Done>> => {
  let restarts = 0;
  for (;;) {
    const pass = await uploadPass(file);
    switch (pass.kind) {
      case 'done':
        return ok(pass.done);
      case 'wait':
      case 'failed':
        return pass;
      case 'parts-rejected':
        file.forgetAcks();
        break;
      case 'upload-lost': {
        const next = afterUploadLost(restarts);
        if (next.kind === 'fail') return unitFailed(next.cause);
        restarts = next.restarts;
        const lost = file.reread().uploadId;
        if (lost !== null) file.uploadClosed(lost);
        file.forgetUpload();
        break;
      }
    }
  }
};
