import type { Migration } from '../Migration';

/**
 * The ways back of issue 31. A unit keeps the volunteer's choice on a conflict (`settlement`,
 * JSON), and may be left out (state 'left-out': the server's object kept). A night's corrected
 * destination is recorded (`correction`, JSON: where it was, when), and a night asked off the
 * server is marked (`removing`). `removals` queues what a night wrote and must take back: each
 * object with the ETag the plan recorded (never deleted when the server holds another), each
 * upload it opened, at the target it was written to. Files are found by path and size when a
 * folder is analysed (one card, one deposit): `units_by_path`.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'conflict settlements, destination corrections, removals',
  sql: `
    ALTER TABLE units ADD COLUMN settlement TEXT;
    ALTER TABLE plans ADD COLUMN correction TEXT;
    ALTER TABLE plans ADD COLUMN removing INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX units_by_path ON units (rel_path, size);
    CREATE TABLE removals (
      id INTEGER PRIMARY KEY,
      plan_id INTEGER NOT NULL REFERENCES plans(id),
      target TEXT NOT NULL,
      kind TEXT NOT NULL,
      key TEXT NOT NULL,
      etag TEXT,
      upload_id TEXT,
      outcome TEXT,
      created_at REAL NOT NULL
    );
    CREATE INDEX removals_by_plan ON removals (plan_id, outcome);
  `,
};
