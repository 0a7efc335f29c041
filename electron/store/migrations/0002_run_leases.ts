import type { Migration } from '../Migration';

/** Who is depositing a plan right now, so two processes never run the same plan at once. */
export const migration0002: Migration = {
  version: 2,
  name: 'run leases',
  sql: `
    CREATE TABLE run_leases (
      plan_id INTEGER PRIMARY KEY REFERENCES plans(id) ON DELETE CASCADE,
      holder_pid INTEGER NOT NULL,
      holder_host TEXT NOT NULL,
      holder_token TEXT NOT NULL,
      taken_at INTEGER NOT NULL,
      heartbeat_at INTEGER NOT NULL
    );
  `,
};
