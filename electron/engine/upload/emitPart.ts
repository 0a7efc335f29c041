import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { PartRecord } from '../../store/PartRecord';
import type { Called } from '../call/callPolicy';
import type { MustWait } from '../StepOutcome';
import { readPart } from '../source/readPart';
import type { FileDeposit } from '../file/FileDeposit';

/** The part's bytes, and what to do with them once its call has settled. */
const readBody = async (
  file: FileDeposit,
  part: PartRecord,
): Promise<{ readonly bytes: Buffer; readonly done: () => void }> => {
  const { run, unit } = file;
  // The bytes the checksums were taken from: no second read (issue 15).
  const hashed = part.partNumber === 1 ? file.takeHashedBody(part.size) : undefined;
  if (hashed !== undefined) return { bytes: hashed, done: () => undefined };
  const bytes = run.partBuffers.take(part.size);
  const done = (): void => run.partBuffers.give(bytes);
  try {
    await readPart(run.ports.source, unit.absPath, part.offset, bytes, run.controller.signal);
  } catch (error) {
    done();
    throw error;
  }
  return { bytes, done };
};

/**
 * One part's bytes (or a whole small file's) through the policy: read, sent with the planned MD5
 * as Content-MD5 (the server refuses bytes that changed since: `causeOfBodyRefusal`), counted on
 * the wire whatever the answer (a kill mid-send counts the whole part), paced by the bandwidth
 * cap as it goes on the wire, never replayed blindly after a lost reply. After a success the caller
 * commits the unit before anything else is journaled (`FileDeposit.acked`, or `flush` first).
 */
export const emitPart = async <T>(
  file: FileDeposit,
  part: PartRecord,
  operation: string,
  emit: (
    body: { readonly kind: 'bytes'; readonly bytes: Buffer },
    md5Base64: string,
    options: EmissionOptions,
  ) => Promise<Outcome<T>>,
): Promise<Called<T> | MustWait> => {
  const { bytes, done } = await readBody(file, part);
  try {
    // Write-ahead, committed before the bytes go (with what the file held).
    const before = file.beginSend(part);
    const md5Base64 = Buffer.from(part.md5, 'hex').toString('base64');
    return await file.call(
      operation,
      'insistent',
      part.size,
      // Paced on the wire by the bandwidth cap (callPolicy), every attempt alike.
      async (o) => emit({ kind: 'bytes', bytes }, md5Base64, o),
      {
        write: true,
        // The whole part once: `beginSend` already counted exactly that.
        onSent: (sent) => {
          if (sent !== part.size) file.endSend(part, before, sent);
        },
        committedAfter: true,
      },
    );
  } finally {
    done();
  }
};
