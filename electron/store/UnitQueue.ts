import type { Settlement } from '../../shared/domain/Settlement';
import type { UnitState } from '../../shared/domain/UnitState';
import type { SqlStatements } from './SqlStatements';
import type { UnitRecord } from './UnitRecord';
import { decodeUnitRow } from './rows/decodeUnitRow';

export type NewUnit = Pick<
  UnitRecord,
  'relPath' | 'absPath' | 'key' | 'size' | 'mtimeMs' | 'multipart'
>;
export type UnitFilter = 'all' | 'pending' | 'active' | 'deferred' | 'done' | 'failed';

export type StateCounts = {
  readonly units: number;
  readonly pending: number;
  readonly inProgress: number;
  readonly deferred: number;
  readonly done: number;
  readonly alreadyPresent: number;
  /** Done, but this key could not prove it (see `UnitState`): never counted verified. */
  readonly unverifiable: number;
  readonly failed: number;
  /** Settled by the volunteer and not deposited (the server's object kept at its key). */
  readonly leftOut: number;
  readonly conflicts: number;
  readonly bytesTotal: number;
  readonly bytesAcked: number;
};

const STATE_COUNTS = [
  'units',
  'pending',
  'inProgress',
  'deferred',
  'done',
  'alreadyPresent',
  'unverifiable',
  'failed',
  'leftOut',
  'conflicts',
  'bytesTotal',
  'bytesAcked',
] as const satisfies readonly (keyof StateCounts)[];

/** The states every unit is in exactly one of: their sum is the plan's units. */
const SETTLED_OR_NOT = ['pending', 'inProgress', 'deferred', 'done', 'failed', 'leftOut'] as const;

const filterSql: Record<UnitFilter, string> = {
  all: '1 = 1',
  pending: "state = 'pending'",
  active: "state IN ('pending', 'in-progress', 'deferred')",
  deferred: "state = 'deferred'",
  done: "state = 'done'",
  failed: "state = 'failed'",
};

/**
 * Rows the counts would otherwise miss or misread (a state no Depot writes is in no count, a
 * cause that is not JSON would stop `json_extract`): a subset of what `decodeUnitRow` refuses, so
 * the first such row, decoded, throws the error that names it.
 */
const DAMAGED = `(state NOT IN ('pending', 'in-progress', 'deferred', 'done', 'failed', 'left-out')
  OR (state = 'failed' AND COALESCE(json_valid(cause), 0) = 0)
  OR (state = 'deferred' AND not_before IS NULL)
  OR size < 0 OR bytes_acked < 0)`;

/** The `units` table: each file of a plan, its checksums, its state and its upload. */
export class UnitQueue {
  constructor(private readonly sql: SqlStatements) {}

  private one(row: unknown): UnitRecord | undefined {
    return row === undefined ? undefined : decodeUnitRow(row);
  }

  /** New units at the end of the plan, numbered from `firstSeq`. */
  append(planId: number, units: readonly NewUnit[], firstSeq: number, now: number): void {
    const insert = this.sql.statement(
      `INSERT INTO units (plan_id, seq, rel_path, abs_path, key, size, mtime_ms, multipart, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    units.forEach((u, i) =>
      insert.run(
        planId,
        firstSeq + i,
        u.relPath,
        u.absPath,
        u.key,
        u.size,
        u.mtimeMs,
        u.multipart ? 1 : 0,
        now,
      ),
    );
  }

  /** The highest `seq` of the plan, -1 when it has no unit. */
  lastSeq(planId: number): number {
    return (
      this.sql
        .statement('SELECT COALESCE(MAX(seq), -1) AS seq FROM units WHERE plan_id = ?')
        .get(planId) as { seq: number }
    ).seq;
  }

  /** The file changed: it starts over (new size and time, no checksum, no upload). Its parts are the ledger's. */
  replan(
    planId: number,
    r: {
      readonly unitId: number;
      readonly size: number;
      readonly mtimeMs: number;
      readonly multipart: boolean;
    },
    now: number,
  ): void {
    this.sql
      .statement(
        `UPDATE units SET size = ?, mtime_ms = ?, multipart = ?, sha256 = NULL, md5 = NULL, state = 'pending',
             not_before = NULL, already_present = 0, unverifiable = 0, cause = NULL, upload_id = NULL,
             create_started = 0, bytes_acked = 0, updated_at = ? WHERE id = ? AND plan_id = ?`,
      )
      .run(r.size, r.mtimeMs, r.multipart ? 1 : 0, now, r.unitId, planId);
  }

  remove(planId: number, unitId: number): void {
    this.sql.statement('DELETE FROM units WHERE id = ? AND plan_id = ?').run(unitId, planId);
  }

  removeAllOf(planId: number): void {
    this.sql.statement('DELETE FROM units WHERE plan_id = ?').run(planId);
  }

  /** Units in plan order, read in pages so a 10,000-file plan is never held at once. */
  *iterate(planId: number, pageSize = 500): Generator<UnitRecord> {
    let after = -1;
    const page = this.sql.statement(
      'SELECT * FROM units WHERE plan_id = ? AND seq > ? ORDER BY seq LIMIT ?',
    );
    for (;;) {
      const rows = page.all(planId, after, pageSize);
      for (const row of rows) {
        const unit = decodeUnitRow(row);
        after = unit.seq;
        yield unit;
      }
      if (rows.length < pageSize) return;
    }
  }

  get(unitId: number): UnitRecord | undefined {
    return this.one(this.sql.statement('SELECT * FROM units WHERE id = ?').get(unitId));
  }

  byKey(planId: number, key: string): UnitRecord | undefined {
    return this.one(
      this.sql.statement('SELECT * FROM units WHERE plan_id = ? AND key = ?').get(planId, key),
    );
  }

  nextUnhashed(planId: number): UnitRecord | undefined {
    return this.one(
      this.sql
        .statement(
          "SELECT * FROM units WHERE plan_id = ? AND sha256 IS NULL AND state != 'failed' ORDER BY seq LIMIT 1",
        )
        .get(planId),
    );
  }

  countUnhashed(planId: number): number {
    return (
      this.sql
        .statement(
          "SELECT COUNT(*) AS n FROM units WHERE plan_id = ? AND sha256 IS NULL AND state != 'failed'",
        )
        .get(planId) as { n: number }
    ).n;
  }

  /** The whole file's checksums and mtime, from the hashing pass. Its part plan is the ledger's. */
  setChecksums(unitId: number, sha256: string, md5: string, mtimeNs: string | null): void {
    this.sql
      .statement('UPDATE units SET sha256 = ?, md5 = ?, mtime_ns = ? WHERE id = ?')
      .run(sha256, md5, mtimeNs, unitId);
  }

  /**
   * The next unit a worker may take: pending or interrupted first, then deferred ones whose time
   * has come, in plan order, skipping the units other workers hold. `interrupted: false` when no
   * unit can be in progress but the excluded ones (a run reset them first): one query fewer.
   */
  nextRunnable(
    planId: number,
    now: number,
    exclude: readonly number[],
    options: { readonly interrupted?: boolean } = {},
  ): UnitRecord | undefined {
    const skip = exclude.length === 0 ? '' : `AND id NOT IN (${exclude.map(() => '?').join(',')})`;
    // One query per state, each served in seq order by units_by_state: the single query with
    // `state IN (...) OR deferred` walked every finished unit on the (plan_id, seq) index, so a
    // night's cost grew with the square of its files (10,000 x 40 KB: 59.7 -> 40.5 CPU s, 175 ->
    // 96 s wall; ADR 0013). A UNION ALL of the three is as slow as the one query.
    let best: UnitRecord | undefined;
    for (const [state, due] of [
      ['pending', false],
      ...(options.interrupted === false ? [] : [['in-progress', false] as const]),
      ['deferred', true],
    ] as const) {
      const unit = this.one(
        this.sql
          .statement(
            `SELECT * FROM units WHERE plan_id = ? AND state = '${state}' ${due ? 'AND not_before <= ?' : ''} ${skip} ORDER BY seq LIMIT 1`,
          )
          .get(planId, ...(due ? [now] : []), ...exclude),
      );
      if (unit !== undefined && (best === undefined || unit.seq < best.seq)) best = unit;
    }
    return best;
  }

  earliestDeferred(planId: number): number | undefined {
    const row = this.sql
      .statement("SELECT MIN(not_before) AS t FROM units WHERE plan_id = ? AND state = 'deferred'")
      .get(planId) as { t: number | null };
    return row.t ?? undefined;
  }

  /** Where the plan's units stand; a damaged unit row is an error naming it, never left out of every count. */
  counts(planId: number): StateCounts {
    const row = this.sql
      .statement(
        `SELECT COUNT(*) AS units,
           SUM(state = 'pending') AS pending,
           SUM(state = 'in-progress') AS inProgress,
           SUM(state = 'deferred') AS deferred,
           SUM(state = 'done') AS done,
           SUM(state = 'done' AND already_present = 1) AS alreadyPresent,
           SUM(state = 'done' AND unverifiable = 1) AS unverifiable,
           SUM(state = 'failed') AS failed,
           SUM(state = 'left-out') AS leftOut,
           SUM(CASE WHEN state = 'failed' AND json_valid(cause) THEN json_extract(cause, '$.kind') = 'conflict' END) AS conflicts,
           SUM(size) AS bytesTotal,
           SUM(CASE WHEN state = 'done' THEN size ELSE bytes_acked END) AS bytesAcked,
           SUM(CASE state WHEN 'failed' THEN COALESCE(json_valid(cause), 0) = 0
                          WHEN 'deferred' THEN not_before IS NULL END) AS unreadable,
           MIN(MIN(size, bytes_acked)) AS least
         FROM units WHERE plan_id = ?`,
      )
      .get(planId) as Record<keyof StateCounts | 'unreadable' | 'least', number | null>;
    const counts = Object.fromEntries(STATE_COUNTS.map((k) => [k, row[k] ?? 0])) as Record<
      keyof StateCounts,
      number
    >;
    // Next to nothing beside the counts: a state in none of them shows as a gap in the sum.
    const counted = SETTLED_OR_NOT.reduce((sum, k) => sum + counts[k], 0);
    if (counted !== counts.units || (row.unreadable ?? 0) > 0 || (row.least ?? 0) < 0)
      this.throwFirstDamaged(planId);
    return counts;
  }

  private throwFirstDamaged(planId: number): never {
    const row: unknown = this.sql
      .statement(`SELECT * FROM units WHERE plan_id = ? AND ${DAMAGED} ORDER BY seq LIMIT 1`)
      .get(planId);
    if (row !== undefined) decodeUnitRow(row);
    throw new Error(`units of plan ${planId}: SQLite finds a damaged row that decodes (a bug)`);
  }

  /** The volunteer's choice on a conflict, with the state (and key) it gives the unit, in one statement. */
  settle(
    unitId: number,
    settlement: Settlement,
    state: UnitState,
    key: string | undefined,
    now: number,
  ): void {
    this.setState(unitId, state, now);
    this.sql
      .statement('UPDATE units SET settlement = ?, key = COALESCE(?, key) WHERE id = ?')
      .run(JSON.stringify(settlement), key ?? null, unitId);
  }

  /**
   * The night moved (issue 31): each unit under its new key, waiting again as a file never sent
   * (its checksums and part plan kept), its conflict settlement and upload left behind.
   */
  moveTo(unitId: number, key: string, now: number): void {
    this.sql
      .statement(
        `UPDATE units SET key = ?, state = 'pending', not_before = NULL, already_present = 0,
             cause = NULL, upload_id = NULL, create_started = 0, bytes_acked = 0, settlement = NULL,
             updated_at = ? WHERE id = ?`,
      )
      .run(key, now, unitId);
  }

  /** Which plans hold a file of this path, size and modification time (one card, one deposit). */
  holders(file: {
    readonly relPath: string;
    readonly size: number;
    readonly mtimeMs: number;
  }): number[] {
    return (
      this.sql
        .statement('SELECT plan_id, mtime_ms FROM units WHERE rel_path = ? AND size = ?')
        .all(file.relPath, file.size) as { plan_id: number; mtime_ms: number }[]
    )
      .filter((r) => Math.trunc(r.mtime_ms) === Math.trunc(file.mtimeMs))
      .map((r) => r.plan_id);
  }

  setState(unitId: number, state: UnitState, now: number): void {
    const notBefore = state.kind === 'deferred' ? state.notBefore : null;
    const alreadyPresent = state.kind === 'done' && state.alreadyPresent ? 1 : 0;
    const unverifiable = state.kind === 'done' && state.unverifiable === true ? 1 : 0;
    const cause = state.kind === 'failed' ? JSON.stringify(state.cause) : null;
    this.sql
      .statement(
        'UPDATE units SET state = ?, not_before = ?, already_present = ?, unverifiable = ?, cause = ?, updated_at = ? WHERE id = ?',
      )
      .run(state.kind, notBefore, alreadyPresent, unverifiable, cause, now, unitId);
  }

  /** Before emitting CreateMultipartUpload: from now on, a retry must reconcile first. */
  markCreateStarted(unitId: number): void {
    this.sql.statement('UPDATE units SET create_started = 1 WHERE id = ?').run(unitId);
  }

  /** A portal file's `_id` once declared (ADR 0032); null when the portal no longer knows it. */
  setPortalFileId(unitId: number, fileId: string | null): void {
    this.sql.statement('UPDATE units SET portal_file_id = ? WHERE id = ?').run(fileId, unitId);
  }

  /** Persisted before the engine relies on the upload; null once it is completed or gone. */
  setUploadId(unitId: number, uploadId: string | null): void {
    this.sql.statement('UPDATE units SET upload_id = ? WHERE id = ?').run(uploadId, unitId);
  }

  /** The upload is gone: a new one may be created. Its acknowledged parts are the ledger's. */
  clearUpload(unitId: number): void {
    this.sql
      .statement('UPDATE units SET upload_id = NULL, create_started = 0 WHERE id = ?')
      .run(unitId);
  }

  /** After a stop: units no worker holds any more are shown as waiting again. */
  resetInProgress(planId: number, now: number): void {
    this.sql
      .statement(
        "UPDATE units SET state = 'pending', updated_at = ? WHERE plan_id = ? AND state = 'in-progress'",
      )
      .run(now, planId);
  }

  /** Failed units in plan order (failures are few; the interface groups them by cause). */
  failed(planId: number): UnitRecord[] {
    return this.sql
      .statement("SELECT * FROM units WHERE plan_id = ? AND state = 'failed' ORDER BY seq")
      .all(planId)
      .map(decodeUnitRow);
  }

  deferred(planId: number): UnitRecord[] {
    return this.sql
      .statement("SELECT * FROM units WHERE plan_id = ? AND state = 'deferred' ORDER BY seq")
      .all(planId)
      .map(decodeUnitRow);
  }

  list(
    planId: number,
    page: { offset: number; limit: number; filter?: UnitFilter },
  ): { total: number; units: UnitRecord[] } {
    const where = `plan_id = ? AND ${filterSql[page.filter ?? 'all']}`;
    const total = (
      this.sql.statement(`SELECT COUNT(*) AS n FROM units WHERE ${where}`).get(planId) as {
        n: number;
      }
    ).n;
    const units = this.sql
      .statement(`SELECT * FROM units WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(planId, page.limit, page.offset)
      .map(decodeUnitRow);
    return { total, units };
  }
}
