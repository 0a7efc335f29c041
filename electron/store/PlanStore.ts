import type BetterSqlite3 from 'better-sqlite3';
import type { FailureCause } from '../../shared/domain/FailureCause';
import type { UnitState } from '../../shared/domain/UnitState';
import type { JournalEntry } from './JournalEntry';
import type { PartRecord } from './PartRecord';
import type { PlanRecord } from './PlanRecord';
import type { LeaseAnswer, LeaseRequest, RunLease } from './RunLease';
import type { UnitRecord } from './UnitRecord';

/** A plan as the engine creates it: the record without what the store assigns or counts later. */
export type NewPlan = Omit<
  PlanRecord,
  | 'id'
  | 'paused'
  | 'completedAt'
  | 'manifestAt'
  | 'bytesSent'
  | 'bytesResent'
  | 'region'
  | 'pathStyle'
  | 'credentialId'
> & {
  readonly region: string;
  readonly pathStyle: boolean;
  readonly credentialId: string;
};

export type NewUnit = {
  readonly relPath: string;
  readonly absPath: string;
  readonly key: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly multipart: boolean;
};

export type NewPart = {
  readonly partNumber: number;
  readonly offset: number;
  readonly size: number;
  readonly md5: string;
};

export type UnitFilter = 'all' | 'pending' | 'active' | 'deferred' | 'done' | 'failed';

export type StateCounts = {
  readonly units: number;
  readonly pending: number;
  readonly inProgress: number;
  readonly deferred: number;
  readonly done: number;
  readonly alreadyPresent: number;
  readonly failed: number;
  readonly conflicts: number;
  readonly bytesTotal: number;
  readonly bytesAcked: number;
};

type PlanRow = {
  id: number;
  dir: string;
  endpoint: string;
  bucket: string;
  prefix: string;
  fingerprint: string;
  metadata: string;
  part_size: number;
  threshold: number;
  paused: number;
  created_at: number;
  completed_at: number | null;
  manifest_at: number | null;
  bytes_sent: number;
  bytes_resent: number;
  night_id: string;
  region: string | null;
  path_style: number | null;
  credential_id: string | null;
};

type UnitRow = {
  id: number;
  plan_id: number;
  seq: number;
  rel_path: string;
  abs_path: string;
  key: string;
  size: number;
  mtime_ms: number;
  multipart: number;
  sha256: string | null;
  md5: string | null;
  mtime_ns: string | null;
  state: string;
  not_before: number | null;
  already_present: number;
  cause: string | null;
  upload_id: string | null;
  create_started: number;
  bytes_acked: number;
  updated_at: number;
};

type PartRow = {
  unit_id: number;
  part_number: number;
  offset: number;
  size: number;
  md5: string;
  etag: string | null;
  sent_bytes: number;
};

const toPlan = (r: PlanRow): PlanRecord => ({
  id: r.id,
  dir: r.dir,
  endpoint: r.endpoint,
  bucket: r.bucket,
  prefix: r.prefix,
  fingerprint: r.fingerprint,
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
  partSize: r.part_size,
  threshold: r.threshold,
  paused: r.paused === 1,
  createdAt: r.created_at,
  completedAt: r.completed_at,
  manifestAt: r.manifest_at,
  bytesSent: r.bytes_sent,
  bytesResent: r.bytes_resent,
  nightId: r.night_id,
  region: r.region,
  pathStyle: r.path_style === null ? null : r.path_style === 1,
  credentialId: r.credential_id,
});

const toState = (r: UnitRow): UnitState => {
  switch (r.state) {
    case 'in-progress':
      return { kind: 'in-progress' };
    case 'deferred':
      return { kind: 'deferred', notBefore: r.not_before ?? 0 };
    case 'done':
      return { kind: 'done', alreadyPresent: r.already_present === 1 };
    case 'failed':
      return { kind: 'failed', cause: JSON.parse(r.cause ?? '{}') as FailureCause };
    default:
      return { kind: 'pending' };
  }
};

const toUnit = (r: UnitRow): UnitRecord => ({
  id: r.id,
  planId: r.plan_id,
  seq: r.seq,
  relPath: r.rel_path,
  absPath: r.abs_path,
  key: r.key,
  size: r.size,
  mtimeMs: r.mtime_ms,
  multipart: r.multipart === 1,
  sha256: r.sha256,
  md5: r.md5,
  mtimeNs: r.mtime_ns,
  state: toState(r),
  uploadId: r.upload_id,
  createStarted: r.create_started === 1,
  bytesAcked: r.bytes_acked,
  updatedAt: r.updated_at,
});

const toPart = (r: PartRow): PartRecord => ({
  unitId: r.unit_id,
  partNumber: r.part_number,
  offset: r.offset,
  size: r.size,
  md5: r.md5,
  etag: r.etag,
  sentBytes: r.sent_bytes,
});

const filterSql: Record<UnitFilter, string> = {
  all: '1 = 1',
  pending: "state = 'pending'",
  active: "state IN ('pending', 'in-progress', 'deferred')",
  deferred: "state = 'deferred'",
  done: "state = 'done'",
  failed: "state = 'failed'",
};

/**
 * The only place that speaks SQL about plans, units, parts and the journal. Every state change
 * is one statement or one transaction, so a kill at any instant leaves a resumable state.
 */
export class PlanStore {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly db: BetterSqlite3.Database) {}

  /**
   * Each SQL text is prepared once and reused. Preparing at every call (several times per file)
   * cost 10 of a 10,000-file deposit's CPU seconds and left one native statement per call
   * waiting for the garbage collector to finalize it (issue 5, ADR 0010). The texts are few: the
   * variable ones (nextRunnable's exclusions, listUnits' filters) vary within small bounds.
   */
  private statement(sql: string): BetterSqlite3.Statement {
    let prepared = this.statements.get(sql);
    if (prepared === undefined) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  close(): void {
    this.db.close();
  }

  findPlan(key: {
    dir: string;
    endpoint: string;
    bucket: string;
    prefix: string;
  }): PlanRecord | undefined {
    const row = this.statement(
      'SELECT * FROM plans WHERE dir = ? AND endpoint = ? AND bucket = ? AND prefix = ?',
    ).get(key.dir, key.endpoint, key.bucket, key.prefix) as PlanRow | undefined;
    return row === undefined ? undefined : toPlan(row);
  }

  getPlan(planId: number): PlanRecord | undefined {
    const row = this.statement('SELECT * FROM plans WHERE id = ?').get(planId) as
      PlanRow | undefined;
    return row === undefined ? undefined : toPlan(row);
  }

  listPlans(): PlanRecord[] {
    return (this.statement('SELECT * FROM plans ORDER BY id').all() as PlanRow[]).map(toPlan);
  }

  /** The plan and all its units, in one transaction. */
  createPlan(plan: NewPlan, units: readonly NewUnit[]): number {
    const insertPlan = this.statement(
      `INSERT INTO plans (dir, endpoint, bucket, prefix, fingerprint, metadata, part_size, threshold, created_at,
                          night_id, region, path_style, credential_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertUnit = this.statement(
      `INSERT INTO units (plan_id, seq, rel_path, abs_path, key, size, mtime_ms, multipart, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return this.db.transaction(() => {
      const planId = Number(
        insertPlan.run(
          plan.dir,
          plan.endpoint,
          plan.bucket,
          plan.prefix,
          plan.fingerprint,
          JSON.stringify(plan.metadata),
          plan.partSize,
          plan.threshold,
          plan.createdAt,
          plan.nightId,
          plan.region,
          plan.pathStyle ? 1 : 0,
          plan.credentialId,
        ).lastInsertRowid,
      );
      units.forEach((u, seq) =>
        insertUnit.run(
          planId,
          seq,
          u.relPath,
          u.absPath,
          u.key,
          u.size,
          u.mtimeMs,
          u.multipart ? 1 : 0,
          plan.createdAt,
        ),
      );
      return planId;
    })();
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
    const take = this.db.transaction(() => {
      const existing = this.findPlan(plan);
      if (existing !== undefined) return { plan: existing, created: false };
      const planId = this.createPlan(plan, units());
      const created = this.getPlan(planId);
      if (created === undefined) throw new Error(`plan ${planId} vanished while created`);
      return { plan: created, created: true };
    });
    return take.immediate();
  }

  /**
   * A plan brought up to its folder in one transaction: re-planned units start over (new size
   * and time, no checksum, no parts, no upload: the workers hash them again), removed ones leave
   * the plan with their parts, new ones join at the end, and the fingerprint follows. A plan that
   * changed is no longer complete: its manifest must be written again.
   */
  updatePlanSources(
    planId: number,
    update: {
      readonly fingerprint: string;
      readonly replan: readonly {
        readonly unitId: number;
        readonly size: number;
        readonly mtimeMs: number;
        readonly multipart: boolean;
      }[];
      readonly remove: readonly number[];
      readonly add: readonly NewUnit[];
      readonly now: number;
    },
  ): void {
    this.db.transaction(() => {
      for (const r of update.replan) {
        this.statement('DELETE FROM parts WHERE unit_id = ?').run(r.unitId);
        this.statement(
          `UPDATE units SET size = ?, mtime_ms = ?, multipart = ?, sha256 = NULL, md5 = NULL, state = 'pending',
             not_before = NULL, already_present = 0, cause = NULL, upload_id = NULL,
             create_started = 0, bytes_acked = 0, updated_at = ? WHERE id = ? AND plan_id = ?`,
        ).run(r.size, r.mtimeMs, r.multipart ? 1 : 0, update.now, r.unitId, planId);
      }
      for (const unitId of update.remove) {
        this.statement('DELETE FROM parts WHERE unit_id = ?').run(unitId);
        this.statement('DELETE FROM units WHERE id = ? AND plan_id = ?').run(unitId, planId);
      }
      const last = (
        this.statement('SELECT COALESCE(MAX(seq), -1) AS seq FROM units WHERE plan_id = ?').get(
          planId,
        ) as { seq: number }
      ).seq;
      update.add.forEach((u, i) =>
        this.statement(
          `INSERT INTO units (plan_id, seq, rel_path, abs_path, key, size, mtime_ms, multipart, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          planId,
          last + 1 + i,
          u.relPath,
          u.absPath,
          u.key,
          u.size,
          u.mtimeMs,
          u.multipart ? 1 : 0,
          update.now,
        ),
      );
      const changed = update.replan.length + update.remove.length + update.add.length > 0;
      this.statement(
        changed
          ? 'UPDATE plans SET fingerprint = ?, completed_at = NULL, manifest_at = NULL WHERE id = ?'
          : 'UPDATE plans SET fingerprint = ? WHERE id = ?',
      ).run(update.fingerprint, planId);
    })();
  }

  setPlanMetadata(planId: number, metadata: Readonly<Record<string, unknown>>): void {
    this.statement('UPDATE plans SET metadata = ? WHERE id = ?').run(
      JSON.stringify(metadata),
      planId,
    );
  }

  /** Units in plan order, read in pages so a 10,000-file plan is never held at once. */
  *iterateUnits(planId: number, pageSize = 500): Generator<UnitRecord> {
    let after = -1;
    const page = this.statement(
      'SELECT * FROM units WHERE plan_id = ? AND seq > ? ORDER BY seq LIMIT ?',
    );
    for (;;) {
      const rows = page.all(planId, after, pageSize) as UnitRow[];
      for (const r of rows) yield toUnit(r);
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1].seq;
    }
  }

  getUnit(unitId: number): UnitRecord | undefined {
    const row = this.statement('SELECT * FROM units WHERE id = ?').get(unitId) as
      UnitRow | undefined;
    return row === undefined ? undefined : toUnit(row);
  }

  unitByKey(planId: number, key: string): UnitRecord | undefined {
    const row = this.statement('SELECT * FROM units WHERE plan_id = ? AND key = ?').get(
      planId,
      key,
    ) as UnitRow | undefined;
    return row === undefined ? undefined : toUnit(row);
  }

  nextUnhashed(planId: number): UnitRecord | undefined {
    const row = this.statement(
      "SELECT * FROM units WHERE plan_id = ? AND sha256 IS NULL AND state != 'failed' ORDER BY seq LIMIT 1",
    ).get(planId) as UnitRow | undefined;
    return row === undefined ? undefined : toUnit(row);
  }

  countUnhashed(planId: number): number {
    return (
      this.statement(
        "SELECT COUNT(*) AS n FROM units WHERE plan_id = ? AND sha256 IS NULL AND state != 'failed'",
      ).get(planId) as { n: number }
    ).n;
  }

  /** The file's checksums and its part plan, replacing any earlier one, in one transaction. */
  setHashes(
    unitId: number,
    hashes: {
      readonly sha256: string;
      readonly md5: string;
      /** Nanoseconds since the epoch, decimal (rclone's `mtime`, issue 15). */
      readonly mtimeNs?: string;
      readonly parts: readonly NewPart[];
    },
  ): void {
    const { sha256, md5, parts } = hashes;
    const insert = this.statement(
      'INSERT INTO parts (unit_id, part_number, offset, size, md5) VALUES (?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.statement('DELETE FROM parts WHERE unit_id = ?').run(unitId);
      for (const p of parts) insert.run(unitId, p.partNumber, p.offset, p.size, p.md5);
      this.statement('UPDATE units SET sha256 = ?, md5 = ?, mtime_ns = ? WHERE id = ?').run(
        sha256,
        md5,
        hashes.mtimeNs ?? null,
        unitId,
      );
    })();
  }

  /**
   * The next unit a worker may take: pending or interrupted first, then deferred ones whose time
   * has come, in plan order, skipping the units other workers hold.
   */
  nextRunnable(planId: number, now: number, exclude: readonly number[]): UnitRecord | undefined {
    const skip = exclude.length === 0 ? '' : `AND id NOT IN (${exclude.map(() => '?').join(',')})`;
    const row = this.statement(
      `SELECT * FROM units WHERE plan_id = ? ${skip}
         AND (state IN ('pending', 'in-progress') OR (state = 'deferred' AND not_before <= ?))
         ORDER BY seq LIMIT 1`,
    ).get(planId, ...exclude, now) as UnitRow | undefined;
    return row === undefined ? undefined : toUnit(row);
  }

  earliestDeferred(planId: number): number | undefined {
    const row = this.statement(
      "SELECT MIN(not_before) AS t FROM units WHERE plan_id = ? AND state = 'deferred'",
    ).get(planId) as { t: number | null };
    return row.t ?? undefined;
  }

  counts(planId: number): StateCounts {
    const row = this.statement(
      `SELECT COUNT(*) AS units,
           SUM(state = 'pending') AS pending,
           SUM(state = 'in-progress') AS inProgress,
           SUM(state = 'deferred') AS deferred,
           SUM(state = 'done') AS done,
           SUM(state = 'done' AND already_present = 1) AS alreadyPresent,
           SUM(state = 'failed') AS failed,
           SUM(state = 'failed' AND json_extract(cause, '$.kind') = 'conflict') AS conflicts,
           SUM(size) AS bytesTotal,
           SUM(CASE WHEN state = 'done' THEN size ELSE bytes_acked END) AS bytesAcked
         FROM units WHERE plan_id = ?`,
    ).get(planId) as Record<keyof StateCounts, number | null>;
    return {
      units: row.units ?? 0,
      pending: row.pending ?? 0,
      inProgress: row.inProgress ?? 0,
      deferred: row.deferred ?? 0,
      done: row.done ?? 0,
      alreadyPresent: row.alreadyPresent ?? 0,
      failed: row.failed ?? 0,
      conflicts: row.conflicts ?? 0,
      bytesTotal: row.bytesTotal ?? 0,
      bytesAcked: row.bytesAcked ?? 0,
    };
  }

  setState(unitId: number, state: UnitState, now: number): void {
    const notBefore = state.kind === 'deferred' ? state.notBefore : null;
    const alreadyPresent = state.kind === 'done' && state.alreadyPresent ? 1 : 0;
    const cause = state.kind === 'failed' ? JSON.stringify(state.cause) : null;
    this.statement(
      'UPDATE units SET state = ?, not_before = ?, already_present = ?, cause = ?, updated_at = ? WHERE id = ?',
    ).run(state.kind, notBefore, alreadyPresent, cause, now, unitId);
  }

  /** Before emitting CreateMultipartUpload: from now on, a retry must reconcile first. */
  markCreateStarted(unitId: number): void {
    this.statement('UPDATE units SET create_started = 1 WHERE id = ?').run(unitId);
  }

  /** Persisted before the engine relies on the upload; null once it is completed or gone. */
  setUploadId(unitId: number, uploadId: string | null): void {
    this.statement('UPDATE units SET upload_id = ? WHERE id = ?').run(uploadId, unitId);
  }

  /** The upload is gone: its parts must be sent again, and a new upload may be created. */
  forgetUpload(unitId: number): void {
    this.db.transaction(() => {
      this.statement('UPDATE units SET upload_id = NULL, create_started = 0 WHERE id = ?').run(
        unitId,
      );
      this.forgetAcks(unitId);
    })();
  }

  /** After a stop: units no worker holds any more are shown as waiting again. */
  resetInProgress(planId: number, now: number): void {
    this.statement(
      "UPDATE units SET state = 'pending', updated_at = ? WHERE plan_id = ? AND state = 'in-progress'",
    ).run(now, planId);
  }

  /** The acknowledged parts no longer count (the server does not hold them as recorded). */
  forgetAcks(unitId: number, partNumber?: number): void {
    if (partNumber !== undefined) {
      this.db.transaction(() => {
        const part = this.statement(
          'UPDATE parts SET etag = NULL WHERE unit_id = ? AND part_number = ? AND etag IS NOT NULL RETURNING size',
        ).get(unitId, partNumber) as { size: number } | undefined;
        if (part !== undefined) {
          this.statement('UPDATE units SET bytes_acked = MAX(0, bytes_acked - ?) WHERE id = ?').run(
            part.size,
            unitId,
          );
        }
      })();
      return;
    }
    this.db.transaction(() => {
      this.statement('UPDATE parts SET etag = NULL WHERE unit_id = ?').run(unitId);
      this.statement('UPDATE units SET bytes_acked = 0 WHERE id = ?').run(unitId);
    })();
  }

  parts(unitId: number): PartRecord[] {
    return (
      this.statement('SELECT * FROM parts WHERE unit_id = ? ORDER BY part_number').all(
        unitId,
      ) as PartRow[]
    ).map(toPart);
  }

  /**
   * Before a part's bytes go out: counts the whole part as sent (and what of it goes beyond the
   * part's first full send as re-sent), so a kill during the send is not forgotten. `endSend`
   * then puts the real count in its place. Returns the bytes sent for the part before this send.
   */
  beginSend(unitId: number, partNumber: number): number {
    return this.db.transaction(() => {
      const part = this.statement(
        'SELECT size, sent_bytes FROM parts WHERE unit_id = ? AND part_number = ?',
      ).get(unitId, partNumber) as { size: number; sent_bytes: number } | undefined;
      if (part === undefined) return 0;
      this.moveSent(unitId, partNumber, part.size, part.sent_bytes, part.sent_bytes + part.size);
      return part.sent_bytes;
    })();
  }

  /** The bytes that really went on the wire for this send (every attempt of it), after `beginSend`. */
  endSend(unitId: number, partNumber: number, before: number, sent: number): void {
    this.db.transaction(() => {
      const part = this.statement(
        'SELECT size, sent_bytes FROM parts WHERE unit_id = ? AND part_number = ?',
      ).get(unitId, partNumber) as { size: number; sent_bytes: number } | undefined;
      if (part === undefined) return;
      this.moveSent(unitId, partNumber, part.size, part.sent_bytes, before + sent);
    })();
  }

  /** Part and plan counters from `from` to `to` bytes sent for the part: beyond its size is re-sent. */
  private moveSent(
    unitId: number,
    partNumber: number,
    size: number,
    from: number,
    to: number,
  ): void {
    const resent = (n: number): number => Math.max(0, n - size);
    this.statement('UPDATE parts SET sent_bytes = ? WHERE unit_id = ? AND part_number = ?').run(
      to,
      unitId,
      partNumber,
    );
    this.statement(
      `UPDATE plans SET bytes_sent = bytes_sent + ?, bytes_resent = bytes_resent + ?
         WHERE id = (SELECT plan_id FROM units WHERE id = ?)`,
    ).run(to - from, resent(to) - resent(from), unitId);
  }

  /** A part the server acknowledged (sent by us now, or found by ListParts), in one transaction. */
  ackPart(unitId: number, partNumber: number, etag: string): void {
    this.db.transaction(() => {
      const part = this.statement(
        'UPDATE parts SET etag = ? WHERE unit_id = ? AND part_number = ? AND etag IS NULL RETURNING size',
      ).get(etag, unitId, partNumber) as { size: number } | undefined;
      if (part !== undefined) {
        this.statement('UPDATE units SET bytes_acked = bytes_acked + ? WHERE id = ?').run(
          part.size,
          unitId,
        );
      }
    })();
  }

  setPaused(planId: number, paused: boolean): void {
    this.statement('UPDATE plans SET paused = ? WHERE id = ?').run(paused ? 1 : 0, planId);
  }

  setCompleted(planId: number, at: number | null): void {
    this.statement('UPDATE plans SET completed_at = ? WHERE id = ?').run(at, planId);
  }

  /** The night's manifest is on the server: written and completed in one statement (a kill never splits them). */
  setManifestWritten(planId: number, at: number | null): void {
    this.statement('UPDATE plans SET manifest_at = ?, completed_at = ? WHERE id = ?').run(
      at,
      at,
      planId,
    );
  }

  /** Failed units in plan order (failures are few; the interface groups them by cause). */
  failedUnits(planId: number): UnitRecord[] {
    return (
      this.statement("SELECT * FROM units WHERE plan_id = ? AND state = 'failed' ORDER BY seq").all(
        planId,
      ) as UnitRow[]
    ).map(toUnit);
  }

  listUnits(
    planId: number,
    page: { offset: number; limit: number; filter?: UnitFilter },
  ): { total: number; units: UnitRecord[] } {
    const where = `plan_id = ? AND ${filterSql[page.filter ?? 'all']}`;
    const total = (
      this.statement(`SELECT COUNT(*) AS n FROM units WHERE ${where}`).get(planId) as {
        n: number;
      }
    ).n;
    const rows = this.statement(
      `SELECT * FROM units WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`,
    ).all(planId, page.limit, page.offset) as UnitRow[];
    return { total, units: rows.map(toUnit) };
  }

  addJournal(entry: Omit<JournalEntry, 'id'>): void {
    this.statement(
      'INSERT INTO journal (plan_id, operation, outcome, attempt, delay_ms, at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(entry.planId, entry.operation, entry.outcome, entry.attempt, entry.delayMs, entry.at);
  }

  journal(query: { limit: number; planId?: number }): JournalEntry[] {
    const rows = (
      query.planId === undefined
        ? this.statement('SELECT * FROM journal ORDER BY id DESC LIMIT ?').all(query.limit)
        : this.statement('SELECT * FROM journal WHERE plan_id = ? ORDER BY id DESC LIMIT ?').all(
            query.planId,
            query.limit,
          )
    ) as {
      id: number;
      plan_id: number | null;
      operation: string;
      outcome: string;
      attempt: number;
      delay_ms: number | null;
      at: number;
    }[];
    return rows.map((r) => ({
      id: r.id,
      planId: r.plan_id,
      operation: r.operation,
      outcome: r.outcome,
      attempt: r.attempt,
      delayMs: r.delay_ms,
      at: r.at,
    }));
  }

  /**
   * Removes a night from this database only (plan, units, parts, its journal rows, its lease), in
   * one transaction: the server is never asked. False when there was no such plan.
   */
  forgetPlan(planId: number): boolean {
    const forget = this.db.transaction((): boolean => {
      this.statement(
        'DELETE FROM parts WHERE unit_id IN (SELECT id FROM units WHERE plan_id = ?)',
      ).run(planId);
      this.statement('DELETE FROM units WHERE plan_id = ?').run(planId);
      this.statement('DELETE FROM journal WHERE plan_id = ?').run(planId);
      this.statement('DELETE FROM run_leases WHERE plan_id = ?').run(planId);
      return this.statement('DELETE FROM plans WHERE id = ?').run(planId).changes === 1;
    });
    return forget.immediate();
  }

  // ---------------------------------------------------------------- run lease

  /** The current holder of a plan's run lease, if any. */
  lease(planId: number): RunLease | undefined {
    const row = this.statement('SELECT * FROM run_leases WHERE plan_id = ?').get(planId) as
      LeaseRow | undefined;
    return row === undefined ? undefined : toLease(row);
  }

  /**
   * Takes the plan's run lease in one IMMEDIATE transaction (so two processes cannot both see it
   * free): free, already ours, held by a dead pid on this host, or with a stale heartbeat.
   */
  acquireLease(request: LeaseRequest): LeaseAnswer {
    const take = this.db.transaction((): LeaseAnswer => {
      const current = this.lease(request.planId);
      if (current !== undefined && current.token !== request.token) {
        const stale = request.now - current.heartbeatAt > request.staleMs;
        const dead = current.host === request.host && !request.isAlive(current.pid);
        if (!stale && !dead) return { kind: 'held', by: current };
      }
      this.statement(
        `INSERT INTO run_leases (plan_id, holder_pid, holder_host, holder_token, taken_at, heartbeat_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (plan_id) DO UPDATE SET holder_pid = excluded.holder_pid,
             holder_host = excluded.holder_host, holder_token = excluded.holder_token,
             taken_at = excluded.taken_at, heartbeat_at = excluded.heartbeat_at`,
      ).run(request.planId, request.pid, request.host, request.token, request.now, request.now);
      return current === undefined || current.token === request.token
        ? { kind: 'taken' }
        : { kind: 'taken', tookOver: current };
    });
    return take.immediate();
  }

  /** False when the lease is no longer ours (taken over after a stale heartbeat). */
  renewLease(planId: number, token: string, now: number): boolean {
    const r = this.statement(
      'UPDATE run_leases SET heartbeat_at = ? WHERE plan_id = ? AND holder_token = ?',
    ).run(now, planId, token);
    return r.changes === 1;
  }

  releaseLease(planId: number, token: string): void {
    this.statement('DELETE FROM run_leases WHERE plan_id = ? AND holder_token = ?').run(
      planId,
      token,
    );
  }
}

type LeaseRow = {
  plan_id: number;
  holder_pid: number;
  holder_host: string;
  holder_token: string;
  taken_at: number;
  heartbeat_at: number;
};

const toLease = (r: LeaseRow): RunLease => ({
  planId: r.plan_id,
  pid: r.holder_pid,
  host: r.holder_host,
  token: r.holder_token,
  takenAt: r.taken_at,
  heartbeatAt: r.heartbeat_at,
});
