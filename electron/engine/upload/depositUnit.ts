import type { FileDeposit } from '../file/FileDeposit';
import { hashUnit } from '../hashUnit';
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
const upload = (file: FileDeposit): Promise<Step<Deposited>> =>
  file.run.portal !== undefined
    ? depositToPortal(file, file.run.portal)
    : file.unit.multipart
      ? uploadMultipart(file)
      : uploadSingle(file);

/** One file to the server: hashed first if planning did not get to it, then in one or in parts. */
export const depositUnit = async (file: FileDeposit): Promise<Step<Deposited>> => {
  const { run } = file;
  const { store, settings, source } = run.ports;
  const unit = file.unit;
  if (unit.sha256 !== null) {
    const changed = await checkSource(source, unit);
    return changed ?? upload(file);
  }
  // Planning was interrupted before this file: hash it now (a source error fails the unit). A
  // multipart file in its turn (see RunContext.hashTurn).
  const release = unit.multipart ? await run.hashTurn.acquire(run.controller.signal) : undefined;
  const { seen, body, hashed, parts } = await hashUnit(run.ports, unit, {
    planPartSize: run.partSize ?? store.getPlan(run.planId)?.partSize ?? settings.partSize,
    signal: run.controller.signal,
    keepUpTo: KEEP_HASHED_BODY_UP_TO,
    commit: (write) => file.hashesWritten(write),
  }).finally(release);
  // The open file's size and time, taken as it was hashed, are the check a `stat` would make now
  // (a path stat per file: 0.44 s of a 23 s CPU profile of 2,000 x 40 KB, issue 15).
  const changed = changedSince(unit, seen);
  if (changed !== undefined) return changed;
  // As stored: no read back (issue 15).
  file.hashed(hashed, parts, body);
  return upload(file);
};
