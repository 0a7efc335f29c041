import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { PartRecord } from '../../store/PartRecord';
import type { UnitRecord } from '../../store/UnitRecord';
import type { Called } from '../call/callPolicy';
import type { MustWait } from '../StepOutcome';
import { callPolicy } from '../call/callPolicy';
import { readPart } from '../source/readPart';
import type { RunContext } from '../run/RunContext';

/** The part's bytes, and what to do with them once its call has settled. */
const readBody = async (
  run: RunContext,
  unit: UnitRecord,
  part: PartRecord,
): Promise<{ readonly bytes: Buffer; readonly done: () => void }> => {
  const hashed = run.hashedBodies.get(unit.id);
  if (hashed !== undefined && part.partNumber === 1 && hashed.length === part.size) {
    // The bytes the checksums were taken from: no second read (issue 15).
    run.hashedBodies.delete(unit.id);
    return { bytes: hashed, done: () => undefined };
  }
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
 * commits the unit before anything else is journaled (`ackSent`, or `flush` first).
 */
export const emitPart = async <T>(
  run: RunContext,
  unit: UnitRecord,
  part: PartRecord,
  operation: string,
  emit: (
    body: { readonly kind: 'bytes'; readonly bytes: Buffer },
    md5Base64: string,
    options: EmissionOptions,
  ) => Promise<Outcome<T>>,
): Promise<Called<T> | MustWait> => {
  const { store } = run.ports;
  const { bytes, done } = await readBody(run, unit, part);
  try {
    // Write-ahead, committed before the bytes go (with what the run held for the unit).
    const before = run.writes.commit(unit.id, () => store.beginSend(unit.id, part.partNumber));
    const md5Base64 = Buffer.from(part.md5, 'hex').toString('base64');
    return await callPolicy(
      run,
      unit,
      operation,
      'insistent',
      part.size,
      // Paced on the wire by the bandwidth cap (callPolicy), every attempt alike.
      async (o) => emit({ kind: 'bytes', bytes }, md5Base64, o),
      {
        write: true,
        // The whole part once: `beginSend` already counted exactly that.
        onSent: (sent) => {
          if (sent !== part.size) store.endSend(unit.id, part.partNumber, before, sent);
        },
        committedAfter: true,
      },
    );
  } finally {
    done();
  }
};

/**
 * A part the server acknowledged, persisted now, or (`with-done`: a small file's one part, its
 * `done` state follows in the same stretch of code) committed with the unit's `done`. Losing that
 * ack to a kill costs a re-check: the next run's listing (or HeadObject) proves the object by its
 * ETag, the write-ahead `beginSend` having marked the bytes ours (ADR 0013, fourth pass).
 */
export const ackSent = (
  run: RunContext,
  unit: UnitRecord,
  part: PartRecord,
  etag: string,
  when: 'now' | 'with-done' = 'now',
): void => {
  const { store, hub } = run.ports;
  const write = (): void => store.ackPart(unit.id, part.partNumber, etag);
  if (when === 'now') run.writes.commit(unit.id, write);
  else run.writes.hold(unit.id, write);
  hub.noteAcked(run, part.size);
};
