import type { Migration } from '../Migration';

/**
 * Least privilege (issue 29, ADR 0028). `night_uploads`: every multipart upload a night created,
 * by its id, until it is completed or aborted: the end-of-night sweep aborts only those (issue 30
 * item 17), without ListMultipartUploads, a bucket-level permission a folder key lacks. Uploads
 * the units hold today are the night's own: copied in. `units.unverifiable`: a unit the server
 * took (the answers to its writes say so) that this key may not read to prove it.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'the night’s own uploads, deposits this key cannot verify',
  sql: `
    CREATE TABLE night_uploads (
      plan_id INTEGER NOT NULL,
      key TEXT NOT NULL,
      upload_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (plan_id, key, upload_id)
    );
    INSERT OR IGNORE INTO night_uploads (plan_id, key, upload_id, created_at)
      SELECT plan_id, key, upload_id, updated_at FROM units WHERE upload_id IS NOT NULL;
    ALTER TABLE units ADD COLUMN unverifiable INTEGER NOT NULL DEFAULT 0;
  `,
};
