import {
  EMPTY_MD5_BASE64,
  isOwnPlaceholder,
  PLACEHOLDER_KEY,
} from '../../../shared/engine/ownPlaceholder';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import type { ObjectHead } from '../../../shared/ports/ObjectStore';
import type { FileDeposit } from '../file/FileDeposit';
import type { Step } from '../StepOutcome';
import { mustWait, ok, unitFailed } from '../StepOutcome';
import { headObject, UNREADABLE } from '../verify/headObject';

/** How the key was found just before the Complete. */
export type Reservation =
  /** This night's placeholder holds the key: the Complete may replace it, and only it. */
  | { readonly kind: 'reserved' }
  /** Another object is at the key (or our own upload completed before a lost reply). */
  | { readonly kind: 'taken'; readonly head: ObjectHead };

/**
 * Reserves a multipart file's key just before its Complete, with an empty object written only
 * where nothing is (`If-None-Match: *`, which radosgw 16 honours on PutObject and ignores on
 * Complete) and named by the night's id. Another writer's conditional write then gets 412 instead
 * of being replaced by the Complete; the Complete is sent `If-Match` the placeholder's ETag, so
 * a server that honours it refuses to replace anything else (ADR 0028: what remains on radosgw
 * is an unconditional write landing between this answer and the Complete's). It takes the place
 * of the HeadObject that looked before the Complete: one request either way. A 412 is looked at:
 * our own placeholder (a crash or a lost reply since) is reserved; anything else is the caller's
 * to decide. A key this key may not read is settled by the write alone: with a 412, nothing
 * proves the object is ours, and it is never replaced.
 */
export const reserveKey = async (
  file: FileDeposit,
  nightId: string,
): Promise<Step<Reservation>> => {
  const { run, unit } = file;
  const r = await file.call(
    `PutObject ${unit.key} (placeholder)`,
    'insistent',
    0,
    (o) =>
      run.objects.putObject(
        {
          key: unit.key,
          body: { kind: 'bytes', bytes: new Uint8Array(0) },
          md5Base64: EMPTY_MD5_BASE64,
          metadata: { [PLACEHOLDER_KEY]: nightId },
          ifNoneMatch: true,
        },
        o,
      ),
    { write: true },
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'ok') return ok({ kind: 'reserved' });
  if (r.failure.status !== 412) {
    return unitFailed(
      causeOfRefusal(r.failure, { bucket: run.bucket, action: 'write', where: unit.key }),
    );
  }
  const head = await headObject(run, unit);
  if (head.kind !== 'ok') return head;
  if (head.value === UNREADABLE) {
    return unitFailed({
      kind: 'denied',
      action: 'read',
      bucket: run.bucket,
      folder: unit.key.slice(0, unit.key.lastIndexOf('/') + 1),
    });
  }
  // Gone between the 412 and the look: reserve again, paced.
  if (head.value === undefined)
    return mustWait(run.ports.clock.now() + run.ports.pacer.pace(), false);
  if (isOwnPlaceholder(head.value, nightId)) return ok({ kind: 'reserved' });
  return ok({ kind: 'taken', head: head.value });
};
