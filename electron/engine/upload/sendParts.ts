import { bareEtag } from '../../../shared/wire/proveSameContent';
import type { PartRecord } from '../../store/PartRecord';
import { causeOfBodyRefusal } from '../../../shared/engine/causeOfBodyRefusal';
import type { FileDeposit } from '../file/FileDeposit';
import { withSlot } from '../run/withSlot';
import { checkSource } from '../source/checkSource';
import type { Halt, Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';
import { emitPart } from './emitPart';

const sendPart = async (
  file: FileDeposit,
  uploadId: string,
  part: PartRecord,
): Promise<Step<'sent' | 'upload-gone'>> => {
  const { run, unit } = file;
  run.controller.signal.throwIfAborted();
  const changed = await checkSource(run.ports.source, unit);
  if (changed !== undefined) return changed;
  const r = await emitPart(
    file,
    part,
    `UploadPart ${part.partNumber} ${unit.key}`,
    (body, md5Base64, o) =>
      run.objects.uploadPart(
        { key: unit.key, uploadId, partNumber: part.partNumber, body, md5Base64 },
        o,
      ),
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    if (r.failure.code === 'NoSuchUpload') return ok('upload-gone');
    return unitFailed(
      causeOfBodyRefusal(
        r.failure,
        { bucket: run.bucket, action: 'write', where: unit.key },
        `part ${part.partNumber} of ${unit.relPath}`,
      ),
    );
  }
  file.acked(part, bareEtag(r.value.etag));
  file.events.activity({ kind: 'sending', bytesAcked: file.reread().bytesAcked });
  return ok('sent');
};

/**
 * Sends a file's missing parts: one after another on a slot of its own, and more at once on
 * slots nobody waits for, each borrowed slot handed back as soon as another file wants one for
 * its payload. The first trouble stops new parts; the parts already on the wire finish (their
 * acknowledgements are kept), then it is returned (an error thrown, a halt, or 'upload-gone').
 */
export const sendParts = async (
  file: FileDeposit,
  uploadId: string,
  parts: readonly PartRecord[],
): Promise<Step<'sent' | 'upload-gone'>> => {
  const { run } = file;
  let next = 0;
  let trouble: { readonly error: unknown } | { readonly halt: Halt } | undefined;
  let gone = false;
  const take = (): PartRecord | undefined =>
    trouble === undefined && !gone && next < parts.length ? parts[next++] : undefined;
  const lane = async (borrowed: boolean): Promise<void> => {
    for (let part = take(); part !== undefined; part = take()) {
      try {
        const sent = await sendPart(file, uploadId, part);
        if (sent.kind !== 'ok') trouble ??= { halt: sent };
        else if (sent.value === 'upload-gone') gone = true;
      } catch (error) {
        trouble ??= { error };
      }
      if (borrowed && run.slots.wanted) return;
    }
  };
  const borrowed: Promise<void>[] = [];
  const borrow = (): void => {
    while (trouble === undefined && !gone && next < parts.length) {
      const release = run.slots.tryBorrow();
      if (release === undefined) return;
      borrowed.push(lane(true).finally(release));
    }
  };
  await withSlot(run, async () => {
    const stopBorrowing = run.slots.onFree(borrow);
    try {
      borrow();
      await lane(false);
    } finally {
      stopBorrowing();
      await Promise.allSettled(borrowed);
    }
  });
  if (trouble !== undefined) {
    if ('halt' in trouble) return trouble.halt;
    throw trouble.error;
  }
  return ok(gone ? 'upload-gone' : 'sent');
};
