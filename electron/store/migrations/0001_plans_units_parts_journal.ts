import type { Migration } from '../Migration';

export const migration0001: Migration = {
  version: 1,
  name: 'plans, units, parts, attempt journal',
  sql: `
    CREATE TABLE plans (
      id INTEGER PRIMARY KEY,
      dir TEXT NOT NULL,
      bucket TEXT NOT NULL,
      prefix TEXT NOT NULL,
      endpoint TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      metadata TEXT NOT NULL,
      part_size INTEGER NOT NULL,
      threshold INTEGER NOT NULL,
      paused INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      completed_at INTEGER,
      manifest_at INTEGER,
      bytes_sent INTEGER NOT NULL DEFAULT 0,
      bytes_resent INTEGER NOT NULL DEFAULT 0,
      UNIQUE (dir, endpoint, bucket, prefix)
    );
    CREATE TABLE units (
      id INTEGER PRIMARY KEY,
      plan_id INTEGER NOT NULL REFERENCES plans(id),
      seq INTEGER NOT NULL,
      rel_path TEXT NOT NULL,
      abs_path TEXT NOT NULL,
      key TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime_ms REAL NOT NULL,
      multipart INTEGER NOT NULL,
      sha256 TEXT,
      state TEXT NOT NULL DEFAULT 'pending',
      not_before INTEGER,
      already_present INTEGER NOT NULL DEFAULT 0,
      cause TEXT,
      upload_id TEXT,
      create_started INTEGER NOT NULL DEFAULT 0,
      bytes_acked INTEGER NOT NULL DEFAULT 0,
      updated_at INTEGER NOT NULL,
      UNIQUE (plan_id, seq)
    );
    CREATE INDEX units_by_state ON units (plan_id, state, seq);
    CREATE TABLE parts (
      unit_id INTEGER NOT NULL REFERENCES units(id),
      part_number INTEGER NOT NULL,
      offset INTEGER NOT NULL,
      size INTEGER NOT NULL,
      md5 TEXT NOT NULL,
      etag TEXT,
      sends INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (unit_id, part_number)
    );
    CREATE TABLE journal (
      id INTEGER PRIMARY KEY,
      plan_id INTEGER,
      operation TEXT NOT NULL,
      outcome TEXT NOT NULL,
      attempt INTEGER NOT NULL,
      delay_ms INTEGER,
      at INTEGER NOT NULL
    );
  `,
};
