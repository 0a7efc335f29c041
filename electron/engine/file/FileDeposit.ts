import type { UnitState } from '../../../shared/domain/UnitState';
import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { ProfileName } from '../../../shared/retry/RetryCall';
import type { PagedListing, Page } from '../../../shared/wire/PagedListing';
import type { PartRecord } from '../../store/PartRecord';
import type { UnitRecord } from '../../store/UnitRecord';
import { callPaged } from '../call/callPaged';
import type { CallOptions, Called, CallingFile } from '../call/callPolicy';
import { callPolicy } from '../call/callPolicy';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';
import type { FileEvents } from './FileEvents';
import type { FileStore } from './FileStore';

/** When a record is committed: before the step goes on, or with the unit's next commit. */
type When = 'now' | 'with-next-commit';

/**
 * One file in flight, from the worker that takes it to the end of its turn (issue 32; rclone's
 * `copy` and lib-storage's `Upload` are the models): it owns the unit's record, its parts as just
 * hashed, whether its last write may have acted unanswered, its bytes as hashed, and the records
 * waiting for its next commit. Its steps (`source/`, `upload/`, `verify/`, `portal/`) act through
 * it on three narrow ports: object calls bound to the run (`call`, `paged`), the store methods one
 * file uses (`FileStore`), and its own events (`FileEvents`).
 */
export class FileDeposit implements CallingFile {
  private record: UnitRecord;
  /** Its parts as just hashed, while their write waits for the unit's next commit. */
  private hashedParts: readonly PartRecord[] | undefined;
  /** A small file's bytes as hashed when it was taken, until its request body is read. */
  private hashedBody: Buffer | undefined;
  /** Its last write may have acted without a reply: the server is asked before sending again. */
  private unanswered = false;
  /** Records a kill may lose at the cost of a re-check, waiting for the unit's next commit. */
  private readonly pending: (() => void)[] = [];

  constructor(
    readonly run: RunContext,
    private readonly store: FileStore,
    readonly events: FileEvents,
    unit: UnitRecord,
    /** Taken again after a turn whose last write went unanswered. */
    unsettled = false,
  ) {
    this.record = unit;
    this.unanswered = unsettled;
  }

  get id(): number {
    return this.record.id;
  }

  get unit(): UnitRecord {
    return this.record;
  }

  /** Whether a write of this file may have acted without a reply since the server last answered. */
  get unsettled(): boolean {
    return this.unanswered;
  }

  /** The unit as the store has it now, once what this file holds is committed. */
  reread(): UnitRecord {
    this.flush();
    this.record = this.store.getUnit(this.record.id) ?? this.record;
    return this.record;
  }

  /** Its parts: as just hashed when their write still waits, else as stored. */
  parts(): readonly PartRecord[] {
    return this.hashedParts ?? this.store.parts(this.record.id);
  }

  /**
   * The one ordering rule (ADR 0013, fourth pass; issue 15: seven commits per small file). Only
   * records whose loss to a kill -9 costs at most a re-check wait for the unit's next commit: its
   * `in-progress` state (a kill leaves it pending, which a new run treats alike), a small file's
   * hashes (hashed again: nothing of it was sent before its write-ahead `beginSend`), its
   * acknowledged part (the next run's listing or HeadObject proves it by its ETag), a call's
   * counters and journal line. Every other record commits now, after them, in one transaction.
   */
  private write<T>(when: When, write: () => T): T | undefined {
    if (when === 'with-next-commit') {
      this.pending.push(write);
      return undefined;
    }
    if (this.pending.length === 0) return write();
    const held = this.pending.splice(0);
    this.hashedParts = undefined;
    return this.store.atomically(() => {
      for (const w of held) w();
      return write();
    });
  }

  /** What is held is committed now: the file's turn ends, or a step reads it back. */
  flush(): void {
    this.write('now', () => undefined);
  }

  /** A worker took it: told now, persisted with its next commit (a kill leaves it pending). */
  taken(): void {
    const state: UnitState = { kind: 'in-progress' };
    const now = this.run.ports.clock.now();
    this.write('with-next-commit', () => this.store.setState(this.id, state, now));
    this.events.taken();
  }

  /**
   * Its hashes as `hashUnit` computed them: a small file's with its write-ahead send (a kill before
   * costs hashing it again, nothing sent), a multipart file's now (its steps read its parts back).
   */
  hashesWritten(write: () => void): void {
    this.write(this.record.multipart ? 'now' : 'with-next-commit', write);
  }

  /** The file as hashed: its record, its parts, and a small file's bytes for its one request. */
  hashed(unit: UnitRecord, parts: readonly PartRecord[], body: Buffer | undefined): void {
    this.record = unit;
    if (this.pending.length > 0) this.hashedParts = parts;
    this.hashedBody = body;
  }

  /** The bytes it was hashed from, when they are the whole of `size`: taken, not read again. */
  takeHashedBody(size: number): Buffer | undefined {
    const body = this.hashedBody;
    if (body === undefined || body.length !== size) return undefined;
    this.hashedBody = undefined;
    return body;
  }

  /** The bytes it was hashed from, when they are the whole of `size`, kept for another attempt. */
  hashedBodyOf(size: number): Buffer | undefined {
    return this.hashedBody?.length === size ? this.hashedBody : undefined;
  }

  /** Write-ahead, before a part's bytes go: the whole part counted sent (a kill mid-send included). */
  beginSend(part: PartRecord): number {
    return this.write('now', () => this.store.beginSend(this.id, part.partNumber)) ?? 0;
  }

  /** What really went out of a part, when not the whole of it. */
  endSend(part: PartRecord, before: number, sent: number): void {
    this.write('now', () => this.store.endSend(this.id, part.partNumber, before, sent));
  }

  /**
   * A part the server acknowledged: persisted now, or (`with-done`: a small file's one part, its
   * `done` state follows in the same stretch of code) with the unit's `done`. Losing that ack to a
   * kill costs a re-check: the next run's listing or HeadObject proves the object by its ETag, the
   * write-ahead `beginSend` having marked the bytes ours (ADR 0013, fourth pass).
   */
  acked(part: PartRecord, etag: string, when: 'now' | 'with-done' = 'now'): void {
    this.write(when === 'now' ? 'now' : 'with-next-commit', () =>
      this.store.ackPart(this.id, part.partNumber, etag),
    );
    this.events.acked(part.size);
  }

  /** Parts the server's listing shows with the local bytes' size and MD5 (`ack`), or not (`forget`). */
  reconciled(ack: readonly PartRecord[], forget: readonly PartRecord[]): void {
    if (ack.length === 0 && forget.length === 0) return;
    this.write('now', () => {
      for (const part of ack) this.store.ackPart(this.id, part.partNumber, part.md5);
      for (const part of forget) this.store.forgetAcks(this.id, part.partNumber);
    });
  }

  /** The server refused the part list: every part is sent again. */
  forgetAcks(): void {
    this.write('now', () => this.store.forgetAcks(this.id));
  }

  /** `CreateMultipartUpload` is about to go: a lost reply is looked for before creating again. */
  createStarted(): void {
    this.write('now', () => this.store.markCreateStarted(this.id));
  }

  /** Its upload is open, and on the night's list of its own uploads (ADR 0028). */
  uploadOpened(uploadId: string): void {
    const now = this.run.ports.clock.now();
    this.write('now', () => this.store.openedUpload(this.record, uploadId, now));
  }

  /** Its upload is completed, aborted or gone: nothing to sweep for it. */
  uploadClosed(uploadId: string): void {
    this.write('now', () => this.store.closedUpload(this.run.planId, uploadId));
  }

  /** Its upload's id no longer needed (completed, or settled by the object at its key). */
  uploadDone(): void {
    this.write('now', () => this.store.setUploadId(this.id, null));
  }

  /** Its upload given up: the next pass opens a new one from the first part. */
  forgetUpload(): void {
    this.write('now', () => this.store.forgetUpload(this.id));
  }

  /** A portal's id for it, written with its write-ahead send (ADR 0032). */
  declaredAs(fileId: string): void {
    if (this.record.portalFileId === fileId) return;
    this.write('with-next-commit', () => this.store.setPortalFileId(this.id, fileId));
  }

  /** The portal no longer knows it: declared and sent again. */
  undeclared(): void {
    this.write('now', () => {
      this.store.forgetAcks(this.id);
      this.store.setPortalFileId(this.id, null);
    });
  }

  /** Its new state, written with what it holds, then told. */
  settle(state: UnitState): void {
    const now = this.run.ports.clock.now();
    this.write('now', () => this.store.setState(this.id, state, now));
    this.events.stateChanged(state);
  }

  /** Its turn ended (settled, deferred or stopped): what it holds is committed, its bytes let go. */
  endTurn(): void {
    this.flush();
    this.hashedBody = undefined;
    this.hashedParts = undefined;
  }

  // ------------------------------------------------------------- CallingFile (callPolicy)

  settleCall(settle: () => void, withNextCommit: boolean): void {
    if (withNextCommit) this.write('with-next-commit', settle);
    // Its two records (the bytes counted, the journal's line) in one commit.
    else this.write('now', () => this.store.atomically(settle));
  }

  mayHaveActed(): void {
    this.unanswered = true;
  }

  answered(): void {
    this.unanswered = false;
  }

  // ------------------------------------------------------------- calls bound to the run

  /** One logical call through the policy for this file (see `callPolicy`). */
  call<T>(
    operation: string,
    profile: ProfileName,
    bodyBytes: number,
    emit: (options: EmissionOptions, attempt: number) => Promise<Outcome<T>>,
    options: CallOptions = {},
  ): Promise<Called<T> | MustWait> {
    return callPolicy(this.run, this, operation, profile, bodyBytes, emit, options);
  }

  /** A paginated listing for this file, one page per emission (see `callPaged`). */
  paged<T, C>(
    operation: string,
    profile: ProfileName,
    listing: PagedListing<T, C>,
    page: (cursor: C | undefined, options: EmissionOptions) => Promise<Outcome<Page<T, C>>>,
    options: CallOptions = {},
  ): Promise<Called<readonly T[]> | MustWait> {
    return callPaged(this.run, this, operation, profile, listing, page, options);
  }
}
