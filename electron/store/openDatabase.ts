import { errnoOf } from '../errnoOf';
import BetterSqlite3 from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { DatabaseError } from './DatabaseError';
import type { Migration } from './Migration';
import { migrations as allMigrations } from './migrations';
import { runMigrations } from './runMigrations';

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

/**
 * What to do with a database that cannot be read: a new one is made where it was, and the night's
 * listing finds on the server what was already deposited (README: re-deposits cost listings, not
 * payload). Its WAL files go with it: one left beside a new database would be replayed into it.
 */
const MOVE_ASIDE = (file: string): string =>
  `move it aside with its -wal and -shm files (e.g. rename ${basename(file)} to ${basename(file)}.damaged), or pass another --db, and run the same command again: a new database is made, and what is already on the server is found there and not sent again`;

/** SQLite's quick_check, one problem a line ('ok' alone when there is none). */
const integrityProblems = (db: BetterSqlite3.Database): string[] =>
  (db.pragma('quick_check') as { quick_check: string }[])
    .flatMap((row) => String(row.quick_check).split('\n'))
    .filter((line) => line !== 'ok' && line !== '' && !line.startsWith('*** in database'));

/**
 * One line for the volunteer; SQLite's list (dozens of lines of pages and cells, issue 30) goes
 * to a file beside the database, for whoever looks into it, when that folder can be written.
 */
const damagedMessage = (file: string, problems: readonly string[]): string => {
  const details = `${file}.integrity-check.txt`;
  let written = true;
  try {
    writeFileSync(details, problems.join('\n') + '\n');
  } catch {
    written = false;
  }
  return (
    `the database ${file} is damaged (SQLite's integrity check lists ${problems.length} problem(s)` +
    (written ? `, listed in ${details}` : '') +
    `); it was left untouched: ${MOVE_ASIDE(file)}`
  );
};

export type OpenOptions = {
  /** How long to wait for other processes holding the file; 0 in tests that want the error. */
  readonly busyWaitMs?: number;
};

const pause = (ms: number): void => {
  // A synchronous open (better-sqlite3 is synchronous): blocks only this process, briefly.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

const isBusy = (error: unknown): boolean => errnoOf(error)?.startsWith('SQLITE_BUSY') === true;

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
          `the folder ${dirname(file)} for the database cannot be created (${errnoOf(error) ?? 'error'}): pass another --db, or fix that folder's permissions`,
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
          `the database ${file} is kept locked by another Depot process (${errnoOf(error) ?? 'SQLITE_BUSY'}); nothing was changed: run the same command again once it has finished`,
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
    const problems = integrityProblems(db);
    if (problems.length > 0) {
      throw new DatabaseError('corrupt', damagedMessage(file, problems));
    }
    runMigrations(db, migrations);
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof DatabaseError) throw error;
    const code = errnoOf(error);
    // Left to openDatabase, which waits for the other process.
    if (isBusy(error)) throw error;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new DatabaseError(
        'corrupt',
        `the file ${file} is not a readable Depot database (${code}); it was left untouched: ${MOVE_ASIDE(file)}`,
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
