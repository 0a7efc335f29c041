import type { SqlStatements } from './SqlStatements';

/** One multipart upload a night created, by its id (the `night_uploads` table). */
export type NightUpload = { readonly key: string; readonly uploadId: string };

/**
 * The `night_uploads` table: the multipart uploads a night created and has not yet seen completed
 * or aborted. The sweep aborts these and nothing else (issue 30 item 17, ADR 0028).
 */
export class NightUploads {
  constructor(private readonly sql: SqlStatements) {}

  opened(planId: number, key: string, uploadId: string, now: number): void {
    this.sql
      .statement(
        'INSERT OR IGNORE INTO night_uploads (plan_id, key, upload_id, created_at) VALUES (?, ?, ?, ?)',
      )
      .run(planId, key, uploadId, now);
  }

  /** Completed, aborted, or gone from the server. */
  closed(planId: number, uploadId: string): void {
    this.sql
      .statement('DELETE FROM night_uploads WHERE plan_id = ? AND upload_id = ?')
      .run(planId, uploadId);
  }

  open(planId: number): NightUpload[] {
    const rows = this.sql
      .statement(
        'SELECT key, upload_id AS uploadId FROM night_uploads WHERE plan_id = ? ORDER BY created_at, upload_id',
      )
      .all(planId) as { key: unknown; uploadId: unknown }[];
    return rows.map((r) => ({ key: String(r.key), uploadId: String(r.uploadId) }));
  }

  removeAllOfPlan(planId: number): void {
    this.sql.statement('DELETE FROM night_uploads WHERE plan_id = ?').run(planId);
  }
}
