import type { NewRemoval, RemovalOutcome, RemovalRecord } from './RemovalRecord';
import type { SqlStatements } from './SqlStatements';
import { decodeRemovalRow } from './rows/decodeRemovalRow';

export type RemovalCounts = {
  readonly pending: number;
  readonly removed: number;
  readonly absent: number;
  readonly notOurs: number;
  readonly denied: number;
};

/** The `removals` table: what nights wrote and must take back from the server (issue 31). */
export class Removals {
  constructor(private readonly sql: SqlStatements) {}

  add(planId: number, removals: readonly NewRemoval[]): void {
    const insert = this.sql.statement(
      `INSERT INTO removals (plan_id, target, kind, key, etag, upload_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const r of removals)
      insert.run(planId, JSON.stringify(r.target), r.kind, r.key, r.etag, r.uploadId, r.createdAt);
  }

  /** Still to do, in the order they were queued. */
  pending(planId: number): RemovalRecord[] {
    return this.sql
      .statement('SELECT * FROM removals WHERE plan_id = ? AND outcome IS NULL ORDER BY id')
      .all(planId)
      .map(decodeRemovalRow);
  }

  /** Every removal of the plan, done or not (what the screen tells of a correction). */
  all(planId: number): RemovalRecord[] {
    return this.sql
      .statement('SELECT * FROM removals WHERE plan_id = ? ORDER BY id')
      .all(planId)
      .map(decodeRemovalRow);
  }

  setOutcome(id: number, outcome: RemovalOutcome): void {
    this.sql.statement('UPDATE removals SET outcome = ? WHERE id = ?').run(outcome, id);
  }

  /** The volunteer asks again (a permission granted since): refused ones are to do again. */
  retryDenied(planId: number): number {
    return this.sql
      .statement("UPDATE removals SET outcome = NULL WHERE plan_id = ? AND outcome = 'denied'")
      .run(planId).changes;
  }

  /** The volunteer leaves them on the server: refused ones are no longer asked. */
  dropDenied(planId: number): number {
    return this.sql
      .statement("DELETE FROM removals WHERE plan_id = ? AND outcome = 'denied'")
      .run(planId).changes;
  }

  counts(planId: number): RemovalCounts {
    const row = this.sql
      .statement(
        `SELECT SUM(outcome IS NULL) AS pending, SUM(outcome = 'removed') AS removed,
           SUM(outcome = 'absent') AS absent, SUM(outcome = 'not-ours') AS notOurs,
           SUM(outcome = 'denied') AS denied
         FROM removals WHERE plan_id = ? AND kind = 'object'`,
      )
      .get(planId) as Record<keyof RemovalCounts, number | null>;
    return {
      pending: row.pending ?? 0,
      removed: row.removed ?? 0,
      absent: row.absent ?? 0,
      notOurs: row.notOurs ?? 0,
      denied: row.denied ?? 0,
    };
  }

  /** Uploads still to abort (they count apart from the objects). */
  pendingUploads(planId: number): number {
    return (
      this.sql
        .statement(
          "SELECT COUNT(*) AS n FROM removals WHERE plan_id = ? AND outcome IS NULL AND kind IN ('upload', 'uploads-at')",
        )
        .get(planId) as { n: number }
    ).n;
  }

  removeAllOfPlan(planId: number): void {
    this.sql.statement('DELETE FROM removals WHERE plan_id = ?').run(planId);
  }
}
