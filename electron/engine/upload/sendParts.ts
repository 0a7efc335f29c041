import { bareEtag } from '../../../shared/wire/proveSameContent';
import type { PartRecord } from '../../store/PartRecord';
import type { UnitRecord } from '../../store/UnitRecord';
import { causeOfRefusal } from '../causeOfRefusal';
import type { RunContext } from '../run/RunContext';
import { withSlot } from '../run/withSlot';
import { checkSource } from '../source/checkSource';
import { UnitFailure } from '../waitSignals';
import { ackSent, emitPart } from './emitPart';

const sendPart = async (
  run: RunContext,
  unit: UnitRecord,
  uploadId: string,
  part: PartRecord,
): Promise<'sent' | 'upload-gone'> => {
  run.controller.signal.throwIfAborted();
  await checkSource(unit);
  const r = await emitPart(
    run,
    unit,
    part,
    `UploadPart ${part.partNumber} ${unit.key}`,
    (body, md5Base64, o) =>
      run.objects.uploadPart(
        { key: unit.key, uploadId, partNumber: part.partNumber, body, md5Base64 },
        o,
      ),
  );
  if (r.kind === 'refused') {
    if (r.failure.code === 'NoSuchUpload') return 'upload-gone';
    throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
  }
  ackSent(run, unit, part, bareEtag(r.value.etag));
  run.ports.hub.setActivity(run.planId, unit.id, {
    kind: 'sending',
    bytesAcked: run.ports.store.getUnit(unit.id)?.bytesAcked ?? 0,
  });
  return 'sent';
};

/**
 * Sends a file's missing parts: one after another on a slot of its own, and more at once on
 * slots nobody waits for, each borrowed slot handed back as soon as another file wants one for
 * its payload. The first trouble stops new parts; the parts already on the wire finish (their
 * acknowledgements are kept), then it is thrown, or 'upload-gone' returned (NoSuchUpload).
 */
export const sendParts = async (
  run: RunContext,
  unit: UnitRecord,
  uploadId: string,
  parts: readonly PartRecord[],
): Promise<'sent' | 'upload-gone'> => {
  let next = 0;
  let trouble: { readonly error: unknown } | undefined;
  let gone = false;
  const take = (): PartRecord | undefined =>
    trouble === undefined && !gone && next < parts.length ? parts[next++] : undefined;
  const lane = async (borrowed: boolean): Promise<void> => {
    for (let part = take(); part !== undefined; part = take()) {
      try {
        if ((await sendPart(run, unit, uploadId, part)) === 'upload-gone') gone = true;
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
  if (trouble !== undefined) throw trouble.error;
  return gone ? 'upload-gone' : 'sent';
};
