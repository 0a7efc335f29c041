import type { PartRecord } from '../../store/PartRecord';
import type { UnitRecord } from '../../store/UnitRecord';
import { hashUnit } from '../hashUnit';
import type { RunContext } from '../run/RunContext';
import { changedSince } from '../source/changedSince';
import { checkSource } from '../source/checkSource';
import type { Step } from '../StepOutcome';
import { depositToPortal } from '../portal/depositToPortal';
import { uploadMultipart } from './uploadMultipart';
import { uploadSingle } from './uploadSingle';
import type { Deposited } from './Deposited';

/**
 * A file hashed when taken and this small keeps its bytes for its one request: at most two files
 * in progress per slot, so 2 x concurrency MiB at worst (ADR 0010's budget is for parts in flight).
 */
const KEEP_HASHED_BODY_UP_TO = 1024 * 1024;

/** By the night's target: its portal (ADR 0032), else S3, in one request or in parts. */
const upload = (
  run: RunContext,
  unit: UnitRecord,
  parts?: readonly PartRecord[],
): Promise<Step<Deposited>> =>
  run.portal !== undefined
    ? depositToPortal(run, run.portal, unit, parts)
    : unit.multipart
      ? uploadMultipart(run, unit)
      : uploadSingle(run, unit, parts);

/** One unit to the server: hashed first if planning did not get to it, then in one or in parts. */
export const depositUnit = async (run: RunContext, unit: UnitRecord): Promise<Step<Deposited>> => {
  const { store, settings, source, hashing } = run.ports;
  if (unit.sha256 !== null) {
    const changed = await checkSource(source, unit);
    return changed ?? upload(run, unit);
  }
  // Planning was interrupted before this file: hash it now (a source error fails the unit). A
  // multipart file in its turn (see RunContext.hashTurn).
  const release = unit.multipart ? await run.hashTurn.acquire(run.controller.signal) : undefined;
  const { seen, body, hashed, parts } = await hashUnit(
    store,
    source,
    hashing,
    run.partSize ?? store.getPlan(run.planId)?.partSize ?? settings.partSize,
    unit,
    run.controller.signal,
    KEEP_HASHED_BODY_UP_TO,
    // A small file's hashes go with its write-ahead send (or its end): a kill before that costs
    // hashing it again, nothing sent. A multipart file's parts are read back by its steps.
    (write) =>
      unit.multipart ? run.writes.commit(unit.id, write) : run.writes.hold(unit.id, write),
  ).finally(release);
  // The open file's size and time, taken as it was hashed, are the check a `stat` would make now
  // (a path stat per file: 0.44 s of a 23 s CPU profile of 2,000 x 40 KB, issue 15).
  const changed = changedSince(unit, seen);
  if (changed !== undefined) return changed;
  if (body !== undefined) run.hashedBodies.set(unit.id, body);
  try {
    // As stored: no read back (issue 15).
    return await upload(run, hashed, parts);
  } finally {
    run.hashedBodies.delete(unit.id);
  }
};
