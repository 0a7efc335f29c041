import type { Migration } from '../Migration';

/**
 * What rclone compares before any hash (issue 15): a file's modification time to the nanosecond,
 * taken by the hashing pass from the descriptor it reads and written as the object's `mtime`.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'unit mtime in nanoseconds',
  sql: `
    ALTER TABLE units ADD COLUMN mtime_ns TEXT;
  `,
};
