import BetterSqlite3 from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseError } from './DatabaseError';
import type { Migration } from './Migration';
import { migrations as allMigrations } from './migrations';
import { runMigrations } from './runMigrations';

const sqliteCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Opens (or creates) the plan database in WAL mode and migrates it. A file that is not a
 * database, or is damaged, is reported as `corrupt` and left untouched: it holds the user's
 * history, so it is never recreated over.
 */
export const openDatabase = (
  file: string,
  migrations: readonly Migration[] = allMigrations,
): BetterSqlite3.Database => {
  if (file !== ':memory:') {
    if (existsSync(file)) {
      if (!statSync(file).isFile()) {
        throw new DatabaseError('unreadable', `the database path ${file} is not a file`);
      }
      try {
        accessSync(file, constants.R_OK | constants.W_OK);
      } catch {
        throw new DatabaseError(
          'unreadable',
          `the database ${file} cannot be read and written by this user`,
        );
      }
    } else {
      try {
        mkdirSync(dirname(file), { recursive: true });
      } catch (error) {
        throw new DatabaseError(
          'unreadable',
          `the folder ${dirname(file)} for the database cannot be created (${sqliteCode(error) ?? 'error'}): pass another --db, or fix that folder's permissions`,
          { cause: error },
        );
      }
    }
  }
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') {
      throw new DatabaseError('corrupt', `the database ${file} is damaged (${String(check)})`);
    }
    runMigrations(db, migrations);
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof DatabaseError) throw error;
    const code = sqliteCode(error);
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new DatabaseError(
        'corrupt',
        `the file ${file} is not a readable Depot database (${code}); it was left untouched: move it aside or pass another --db`,
      );
    }
    const cause = { cause: error };
    if (code === 'SQLITE_FULL') {
      throw new DatabaseError(
        'disk-full',
        `the disk holding the database ${file} is full (${code}): free some space, then run again`,
        cause,
      );
    }
    // SQLITE_READONLY_DIRECTORY (WAL files cannot be created next to it), _DBMOVED, _CANTLOCK...
    if (
      code !== undefined &&
      (code.startsWith('SQLITE_CANTOPEN') ||
        code.startsWith('SQLITE_READONLY') ||
        code === 'SQLITE_PERM' ||
        code === 'SQLITE_AUTH')
    ) {
      throw new DatabaseError(
        'unreadable',
        `the database ${file} cannot be opened for writing (${code}): this user needs to write to the file and to its folder ${dirname(file)}; pass another --db, or fix the permissions`,
        cause,
      );
    }
    if (code !== undefined && code.startsWith('SQLITE_IOERR')) {
      throw new DatabaseError(
        'unreadable',
        `the database ${file} cannot be read or written (${code}): check the disk, or pass another --db`,
        cause,
      );
    }
    throw error;
  }
};
