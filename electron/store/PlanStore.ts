import type BetterSqlite3 from 'better-sqlite3';
import type { UnitState } from '../../shared/domain/UnitState';
import type { JournalEntry } from './JournalEntry';
import type { NightUpload } from './NightUploads';
import type { UnitHashes } from './PartLedger';
import type { PartRecord } from './PartRecord';
import type { PlanRecord } from './PlanRecord';
import type { NewPlan, PlanKey, PlanPlace } from './PlanRepository';
import type { PlanSourcesUpdate } from './PlanSourcesUpdate';
import type { LeaseAnswer, LeaseRequest, RunLease } from './RunLease';
import type { NewRemoval, RemovalOutcome, RemovalRecord } from './RemovalRecord';
import type { RemovalCounts } from './Removals';
import { SqlStatements } from './SqlStatements';
import type { NewUnit, StateCounts, UnitQueue } from './UnitQueue';
import type { Repositories } from './Repositories';
import { repositoriesOver } from './Repositories';
import type { UnitRecord } from './UnitRecord';

export type { NewPart } from './PartLedger';
export type { NewPlan } from './PlanRepository';
export type { NewUnit, StateCounts, UnitFilter } from './UnitQueue';
export type { RemovalCounts } from './Removals';

export type { Repositories } from './Repositories';

/**
 * The plan database as the engine, the app and the command line use it: the repositories
 * composed, plus the facts that span tables, each in one transaction so a kill at any instant
 * leaves a resumable state. Every row read is decoded and checked: a damaged one throws a
 * `DamagedRowError` naming it. Nothing above the repositories sees SQL (ADR 0020).
 */
export class PlanStore {
  readonly repositories: Repositories;
  private readonly sql: SqlStatements;

  constructor(db: BetterSqlite3.Database) {
    this.sql = new SqlStatements(db);
    this.repositories = repositoriesOver(this.sql);
  }

  close(): void {
    this.sql.db.close();
  }

  // ---------------------------------------------------------------- plans

  findPlan(key: PlanKey): PlanRecord | undefined {
    return this.repositories.plans.find(key);
  }
  getPlan(planId: number): PlanRecord | undefined {
    return this.repositories.plans.get(planId);
  }
  listPlans(): PlanRecord[] {
    return this.repositories.plans.list();
  }

  /**
   * Writes that state one fact together (a kill between them would split it), in one
   * transaction; the store's own transactions inside it are part of it.
   */
  atomically<T>(work: () => T): T {
    return this.sql.transaction(work);
  }

  /** The plan and all its units, in one transaction. */
  createPlan(plan: NewPlan, units: readonly NewUnit[]): number {
    return this.sql.transaction(() => {
      const planId = this.repositories.plans.insert(plan);
      this.repositories.units.append(planId, units, 0, plan.createdAt);
      return planId;
    });
  }

  /**
   * The folder's plan, found or created in one IMMEDIATE transaction: two processes planning the
   * same folder at the same instant both get the one plan (the run lease then decides which
   * deposits it) instead of one of them failing on the UNIQUE constraint.
   */
  findOrCreatePlan(
    plan: NewPlan,
    units: () => readonly NewUnit[],
  ): { readonly plan: PlanRecord; readonly created: boolean } {
    return this.sql.immediate(() => {
      const existing = this.findPlan(plan);
      if (existing !== undefined) return { plan: existing, created: false };
      const planId = this.createPlan(plan, units());
      const created = this.getPlan(planId);
      if (created === undefined) throw new Error(`plan ${planId} vanished while created`);
      return { plan: created, created: true };
    });
  }

  /**
   * A plan brought up to its folder in one transaction: re-planned units start over (new size
   * and time, no checksum, no parts, no upload: the workers hash them again), removed ones leave
   * the plan with their parts, new ones join at the end, and the fingerprint follows. A plan that
   * changed is no longer complete: its manifest must be written again.
   */
  updatePlanSources(planId: number, update: PlanSourcesUpdate): void {
    const { plans, units, parts } = this.repositories;
    this.sql.transaction(() => {
      for (const r of update.replan) {
        parts.removeAllOf(r.unitId);
        units.replan(planId, r, update.now);
      }
      for (const unitId of update.remove) {
        parts.removeAllOf(unitId);
        units.remove(planId, unitId);
      }
      units.append(planId, update.add, units.lastSeq(planId) + 1, update.now);
      const changed = update.replan.length + update.remove.length + update.add.length > 0;
      plans.setFingerprint(planId, update.fingerprint, changed);
    });
  }

  setPlanMetadata(planId: number, metadata: Readonly<Record<string, unknown>>): void {
    this.repositories.plans.setMetadata(planId, metadata);
  }
  setPaused(planId: number, paused: boolean): void {
    this.repositories.plans.setPaused(planId, paused);
  }
  /** The portal accepted "start the analysis" for the night (ADR 0032). */
  setAnalysisAt(planId: number, at: number): void {
    this.repositories.plans.setAnalysisAt(planId, at);
  }
  setCompleted(planId: number, at: number | null): void {
    this.repositories.plans.setCompleted(planId, at);
  }
  /** The night's manifest is on the server: written and completed in one statement (a kill never splits them). */
  setManifestWritten(planId: number, at: number | null): void {
    this.repositories.plans.setManifestWritten(planId, at);
  }

  /**
   * Removes a night from this database only (plan, units, parts, its journal rows, its lease), in
   * one transaction: the server is never asked. False when there was no such plan.
   */
  forgetPlan(planId: number): boolean {
    const { plans, units, parts, journal, leases, uploads, removals } = this.repositories;
    return this.sql.immediate((): boolean => {
      removals.removeAllOfPlan(planId);
      parts.removeAllOfPlan(planId);
      uploads.removeAllOfPlan(planId);
      units.removeAllOf(planId);
      journal.removeAllOfPlan(planId);
      leases.removeOfPlan(planId);
      return plans.delete(planId);
    });
  }

  // ---------------------------------------------------------------- ways back (issue 31)

  /**
   * A night moved to its corrected destination, in one transaction: what it wrote at the old one
   * queued for removal, every unit under its new key and waiting again (checksums kept, nothing
   * acknowledged at the new place), the plan's new target and the record of the correction.
   */
  moveNight(
    planId: number,
    move: PlanPlace & {
      readonly keys: ReadonlyMap<number, string>;
      readonly removals: readonly NewRemoval[];
      readonly now: number;
    },
  ): void {
    const { plans, units, parts, removals, uploads } = this.repositories;
    this.sql.immediate(() => {
      removals.add(planId, move.removals);
      for (const [unitId, key] of move.keys) units.moveTo(unitId, key, move.now);
      parts.startOverAtNewTarget(planId);
      // Its uploads at the old place are the removals' now: the sweep at the new one never asks.
      uploads.removeAllOfPlan(planId);
      plans.moveTo(planId, move);
    });
  }

  /** "Retirer ce dépôt du serveur": what it wrote queued for removal, the night no longer deposited. */
  removeNight(planId: number, removals: readonly NewRemoval[]): void {
    this.sql.immediate(() => {
      this.repositories.removals.add(planId, removals);
      this.repositories.plans.setRemoving(planId);
    });
  }

  pendingRemovals(planId: number): RemovalRecord[] {
    return this.repositories.removals.pending(planId);
  }
  removals(planId: number): RemovalRecord[] {
    return this.repositories.removals.all(planId);
  }
  removalCounts(planId: number): RemovalCounts {
    return this.repositories.removals.counts(planId);
  }
  pendingUploadRemovals(planId: number): number {
    return this.repositories.removals.pendingUploads(planId);
  }
  setRemovalOutcome(id: number, outcome: RemovalOutcome): void {
    this.repositories.removals.setOutcome(id, outcome);
  }
  retryDeniedRemovals(planId: number): number {
    return this.repositories.removals.retryDenied(planId);
  }
  dropDeniedRemovals(planId: number): number {
    return this.repositories.removals.dropDenied(planId);
  }
  /** The volunteer's choice on a conflict, with the unit's new state (and key), in one statement. */
  settleUnit(...settled: Parameters<UnitQueue['settle']>): void {
    const [unitId, , , key] = settled;
    this.sql.transaction(() => {
      if (key !== undefined) {
        this.repositories.units.clearUpload(unitId);
        this.repositories.parts.startOverAtNewKey(unitId);
      }
      this.repositories.units.settle(...settled);
    });
  }

  /** Which plans hold a file of this path, size and modification time (one card, one deposit). */
  plansHolding(file: {
    readonly relPath: string;
    readonly size: number;
    readonly mtimeMs: number;
  }): number[] {
    return this.repositories.units.holders(file);
  }

  // ---------------------------------------------------------------- units

  /** Units in plan order, read in pages so a 10,000-file plan is never held at once. */
  iterateUnits(planId: number, pageSize?: number): Generator<UnitRecord> {
    return this.repositories.units.iterate(planId, pageSize);
  }
  getUnit(unitId: number): UnitRecord | undefined {
    return this.repositories.units.get(unitId);
  }
  unitByKey(planId: number, key: string): UnitRecord | undefined {
    return this.repositories.units.byKey(planId, key);
  }
  nextUnhashed(planId: number): UnitRecord | undefined {
    return this.repositories.units.nextUnhashed(planId);
  }
  countUnhashed(planId: number): number {
    return this.repositories.units.countUnhashed(planId);
  }
  /** The file's checksums and its part plan, replacing any earlier one, in one transaction. */
  setHashes(unitId: number, hashes: UnitHashes): void {
    this.sql.transaction(() => {
      this.repositories.parts.replace(unitId, hashes.parts);
      this.repositories.units.setChecksums(
        unitId,
        hashes.sha256,
        hashes.md5,
        hashes.mtimeNs ?? null,
      );
    });
  }

  /** The next unit a worker may take (`UnitQueue.nextRunnable`). */
  nextRunnable(...query: Parameters<UnitQueue['nextRunnable']>): UnitRecord | undefined {
    return this.repositories.units.nextRunnable(...query);
  }

  earliestDeferred(planId: number): number | undefined {
    return this.repositories.units.earliestDeferred(planId);
  }
  counts(planId: number): StateCounts {
    return this.repositories.units.counts(planId);
  }
  setState(unitId: number, state: UnitState, now: number): void {
    this.repositories.units.setState(unitId, state, now);
  }
  /** A portal file's `_id` once declared, before its bytes go (ADR 0032). */
  setPortalFileId(unitId: number, fileId: string | null): void {
    this.repositories.units.setPortalFileId(unitId, fileId);
  }
  /** Before emitting CreateMultipartUpload: from now on, a retry must reconcile first. */
  markCreateStarted(unitId: number): void {
    this.repositories.units.markCreateStarted(unitId);
  }
  /** Persisted before the engine relies on the upload; null once it is completed or gone. */
  setUploadId(unitId: number, uploadId: string | null): void {
    this.repositories.units.setUploadId(unitId, uploadId);
  }

  /**
   * A multipart upload this night created (or found again after a lost reply): the unit holds it,
   * and the night's list of its own uploads has it until it is completed or aborted (ADR 0028).
   */
  openedUpload(
    unit: Pick<UnitRecord, 'id' | 'planId' | 'key'>,
    uploadId: string,
    now: number,
  ): void {
    this.sql.transaction(() => {
      this.repositories.units.setUploadId(unit.id, uploadId);
      this.repositories.uploads.opened(unit.planId, unit.key, uploadId, now);
    });
  }

  /** One of the night's uploads is completed, aborted or gone: nothing to sweep for it. */
  closedUpload(planId: number, uploadId: string): void {
    this.repositories.uploads.closed(planId, uploadId);
  }
  /** The uploads this night created and has not seen completed or aborted, oldest first. */
  nightUploads(planId: number): NightUpload[] {
    return this.repositories.uploads.open(planId);
  }
  /** The upload is gone: its parts must be sent again, and a new upload may be created. */
  forgetUpload(unitId: number): void {
    this.sql.transaction(() => {
      this.repositories.units.clearUpload(unitId);
      this.repositories.parts.forgetAcks(unitId);
    });
  }

  /** After a stop: units no worker holds any more are shown as waiting again. */
  resetInProgress(planId: number, now: number): void {
    this.repositories.units.resetInProgress(planId, now);
  }
  /** Failed units in plan order (failures are few; the interface groups them by cause). */
  failedUnits(planId: number): UnitRecord[] {
    return this.repositories.units.failed(planId);
  }
  /** Units waiting for a time the server set (Retry-After), in plan order. */
  deferredUnits(planId: number): UnitRecord[] {
    return this.repositories.units.deferred(planId);
  }
  listUnits(...page: Parameters<UnitQueue['list']>): ReturnType<UnitQueue['list']> {
    return this.repositories.units.list(...page);
  }

  // ---------------------------------------------------------------- parts

  /** The acknowledged parts no longer count (the server does not hold them as recorded). */
  forgetAcks(unitId: number, partNumber?: number): void {
    this.repositories.parts.forgetAcks(unitId, partNumber);
  }
  parts(unitId: number): PartRecord[] {
    return this.repositories.parts.parts(unitId);
  }
  /** Before a part's bytes go out, counted as sent (`PartLedger.beginSend`); `endSend` after. */
  beginSend(unitId: number, partNumber: number): number {
    return this.repositories.parts.beginSend(unitId, partNumber);
  }
  /** The bytes that really went on the wire for this send (every attempt of it), after `beginSend`. */
  endSend(unitId: number, partNumber: number, before: number, sent: number): void {
    this.repositories.parts.endSend(unitId, partNumber, before, sent);
  }
  /** A part the server acknowledged (sent by us now, or found by ListParts), in one transaction. */
  ackPart(unitId: number, partNumber: number, etag: string): void {
    this.repositories.parts.ackPart(unitId, partNumber, etag);
  }

  // ---------------------------------------------------------------- journal

  addJournal(entry: Omit<JournalEntry, 'id'>): void {
    this.repositories.journal.add(entry);
  }
  journal(query: { limit: number; planId?: number }): JournalEntry[] {
    return this.repositories.journal.entries(query);
  }

  // ---------------------------------------------------------------- run lease

  /** The current holder of a plan's run lease, if any. */
  lease(planId: number): RunLease | undefined {
    return this.repositories.leases.lease(planId);
  }
  /** Takes the plan's run lease, in one IMMEDIATE transaction (`RunLeases.acquire`). */
  acquireLease(request: LeaseRequest): LeaseAnswer {
    return this.repositories.leases.acquire(request);
  }
  /** False when the lease is no longer ours (taken over after a stale heartbeat). */
  renewLease(planId: number, token: string, now: number): boolean {
    return this.repositories.leases.renew(planId, token, now);
  }
  releaseLease(planId: number, token: string): void {
    this.repositories.leases.release(planId, token);
  }
}
