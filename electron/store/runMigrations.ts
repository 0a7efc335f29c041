import type BetterSqlite3 from 'better-sqlite3';
import { DatabaseError } from './DatabaseError';
import type { Migration } from './Migration';

/**
 * Brings the schema to the latest version: pending steps run in one transaction and
 * `PRAGMA user_version` records progress. A database written by a newer Depot is refused, never
 * downgraded.
 */
export const runMigrations = (
  db: BetterSqlite3.Database,
  migrations: readonly Migration[],
): { from: number; to: number } => {
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) {
      throw new DatabaseError(
        'bad-migrations',
        `migration "${m.name}" has version ${m.version}, expected ${index + 1}: versions must be 1, 2, 3... in order`,
      );
    }
  });
  const latest = migrations.length;
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) {
    throw new DatabaseError(
      'newer-than-code',
      `the database ${db.name} was written by a newer version of Depot (schema ${current}, this version knows up to ${latest}); update Depot or use another --db file`,
    );
  }
  if (current === latest) return { from: current, to: current };
  const apply = db.transaction(() => {
    // Read again under the write lock: a second process opening a new database at the same
    // instant waited here while the first migrated it, and must not create the tables twice.
    const locked = db.pragma('user_version', { simple: true }) as number;
    for (const m of migrations.slice(locked)) {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }
  });
  apply.immediate();
  return { from: current, to: latest };
};
