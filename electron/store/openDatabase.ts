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
 * How long a first open waits for another process opening the same file. SQLite's busy handler
 * is not called everywhere on the way: switching a new file to WAL, or reading a WAL file while
 * another process recovers it, can answer SQLITE_BUSY at once (seen in CI with two
 * `depot deposit` of one folder started together).
 */
const BUSY_WAIT_MS = 10_000;
const BUSY_PAUSE_MS = 25;
/** SQLite's own busy handler, for the statements that do call it. */
const BUSY_TIMEOUT_MS = 5_000;

export type OpenOptions = {
  /** How long to wait for other processes holding the file; 0 in tests that want the error. */
  readonly busyWaitMs?: number;
};

const pause = (ms: number): void => {
  // A synchronous open (better-sqlite3 is synchronous): blocks only this process, briefly.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

const isBusy = (error: unknown): boolean => sqliteCode(error)?.startsWith('SQLITE_BUSY') === true;

/**
 * Opens (or creates) the plan database in WAL mode and migrates it. A file that is not a
 * database, or is damaged, is reported as `corrupt` and left untouched: it holds the user's
 * history, so it is never recreated over.
 */
export const openDatabase = (
  file: string,
  migrations: readonly Migration[] = allMigrations,
  options: OpenOptions = {},
): BetterSqlite3.Database => {
  const busyWaitMs = options.busyWaitMs ?? BUSY_WAIT_MS;
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
  const giveUpAt = Date.now() + busyWaitMs;
  for (;;) {
    try {
      return openOnce(file, migrations, Math.min(BUSY_TIMEOUT_MS, busyWaitMs));
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() >= giveUpAt) {
        throw new DatabaseError(
          'busy',
          `the database ${file} is kept locked by another Depot process (${sqliteCode(error) ?? 'SQLITE_BUSY'}); nothing was changed: run the same command again once it has finished`,
          { cause: error },
        );
      }
      pause(BUSY_PAUSE_MS);
    }
  }
};

const openOnce = (
  file: string,
  migrations: readonly Migration[],
  busyTimeoutMs: number,
): BetterSqlite3.Database => {
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new BetterSqlite3(file, { timeout: busyTimeoutMs });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
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
    // Left to openDatabase, which waits for the other process.
    if (isBusy(error)) throw error;
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
