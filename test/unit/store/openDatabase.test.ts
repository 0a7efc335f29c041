import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseError } from '../../../electron/store/DatabaseError';
import { migrations } from '../../../electron/store/migrations';
import { openDatabase } from '../../../electron/store/openDatabase';
import { runMigrations } from '../../../electron/store/runMigrations';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'depot-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof DatabaseError ? error.code : `other: ${String(error)}`;
  }
  return undefined;
};

describe('openDatabase and the migration runner', () => {
  it('creates a WAL database at the latest version, and reopening changes nothing', () => {
    const file = join(dir, 'sub', 'depot.db');
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    db.prepare(
      "INSERT INTO journal (operation, outcome, attempt, at) VALUES ('PutObject', 'success', 1, 5)",
    ).run();
    db.close();
    const again = openDatabase(file);
    expect(again.prepare('SELECT COUNT(*) AS n FROM journal').get()).toEqual({ n: 1 });
    again.close();
  });

  it('runs only the pending steps, in one transaction, recording progress in user_version', () => {
    const db = openDatabase(':memory:', [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' },
    ]);
    const result = runMigrations(db, [
      { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' },
      { version: 2, name: 'b', sql: 'CREATE TABLE b (y INTEGER)' },
    ]);
    expect(result).toEqual({ from: 1, to: 2 });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
  });

  it('rolls back every pending step when one fails', () => {
    const db = openDatabase(':memory:', []);
    expect(() =>
      runMigrations(db, [
        { version: 1, name: 'a', sql: 'CREATE TABLE a (x INTEGER)' },
        { version: 2, name: 'broken', sql: 'CREATE TABLE oops (' },
      ]),
    ).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").get()).toBeUndefined();
  });

  it('refuses migrations that are not numbered 1, 2, 3...', () => {
    const db = openDatabase(':memory:', []);
    expect(
      codeOf(() =>
        runMigrations(db, [
          { version: 1, name: 'a', sql: '' },
          { version: 3, name: 'c', sql: '' },
        ]),
      ),
    ).toBe('bad-migrations');
  });

  it('refuses a database written by a newer Depot, with a clear message, and leaves it alone', () => {
    const file = join(dir, 'depot.db');
    const db = openDatabase(file);
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    let message = '';
    try {
      openDatabase(file).close();
    } catch (error) {
      expect(error).toBeInstanceOf(DatabaseError);
      expect((error as DatabaseError).code).toBe('newer-than-code');
      message = (error as Error).message;
    }
    expect(message).toMatch(/newer version of Depot/);
    const reopened = openDatabase(file, [
      ...migrations,
      { version: migrations.length + 1, name: 'future', sql: '' },
    ]);
    expect(reopened.pragma('user_version', { simple: true })).toBe(migrations.length + 1);
    reopened.close();
  });

  it('reports a file that is not a database as corrupt and never overwrites it', () => {
    const file = join(dir, 'depot.db');
    const garbage = 'these are the notes of a volunteer, not a database '.repeat(200);
    writeFileSync(file, garbage);
    expect(codeOf(() => openDatabase(file))).toBe('corrupt');
    expect(readFileSync(file, 'utf8')).toBe(garbage);
  });

  it('reports a damaged database (pages overwritten) as corrupt', () => {
    const file = join(dir, 'depot.db');
    const db = openDatabase(file);
    const insert = db.prepare(
      "INSERT INTO journal (operation, outcome, attempt, at) VALUES (?, 'success', 1, 5)",
    );
    for (let i = 0; i < 2000; i += 1) insert.run(`op ${i} `.repeat(20));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = readFileSync(file);
    bytes.fill(0xa5, 4096 * 2, 4096 * 6);
    writeFileSync(file, bytes);
    expect(codeOf(() => openDatabase(file))).toBe('corrupt');
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("says a damaged database in one line with what to do; SQLite's list goes to a file (issue 30)", () => {
    const file = join(dir, 'depot.db');
    const db = openDatabase(file);
    const insert = db.prepare(
      "INSERT INTO journal (operation, outcome, attempt, at) VALUES (?, 'success', 1, 5)",
    );
    for (let i = 0; i < 4000; i += 1) insert.run(`op ${i} `.repeat(20));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = readFileSync(file);
    // Garbage in the middle of many pages: dozens of lines of integrity-check output.
    for (let page = 3; page < bytes.length / 4096; page += 7)
      bytes.fill(0xff, page * 4096 + 100, page * 4096 + 400);
    writeFileSync(file, bytes);
    let message = '';
    try {
      openDatabase(file);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      /^the database .*depot\.db is damaged \(SQLite's integrity check lists \d+ problem\(s\), listed in .*depot\.db\.integrity-check\.txt\); it was left untouched: move it aside with its -wal and -shm files/,
    );
    expect(message).toMatch(/run the same command again/);
    const listed = readFileSync(`${file}.integrity-check.txt`, 'utf8').trimEnd().split('\n');
    expect(listed.length).toBeGreaterThan(10);
    expect(message).toContain(`lists ${listed.length} problem(s)`);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('says which folder cannot be created for a new database, keeping the cause (issue 12)', () => {
    writeFileSync(join(dir, 'a-file'), 'x');
    let caught: unknown;
    try {
      openDatabase(join(dir, 'a-file', 'sub', 'depot.db'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DatabaseError);
    const error = caught as DatabaseError;
    expect(error.code).toBe('unreadable');
    expect(error.message).toContain(`the folder ${join(dir, 'a-file', 'sub')} for the database`);
    expect(error.message).toContain('ENOTDIR');
    expect((error.cause as { code?: string }).code).toBe('ENOTDIR');
  });
});

describe('openDatabase beside another process', () => {
  it('names a file kept locked past the wait as busy, keeping the cause, and opens once it is free', () => {
    const file = join(dir, 'depot.db');
    const holder = new BetterSqlite3(file);
    holder.exec('CREATE TABLE held (x); BEGIN EXCLUSIVE; INSERT INTO held VALUES (1)');
    let caught: unknown;
    try {
      openDatabase(file, migrations, { busyWaitMs: 0 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DatabaseError);
    const error = caught as DatabaseError;
    expect(error.code).toBe('busy');
    expect(error.message).toContain('kept locked by another Depot process');
    expect((error.cause as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
    holder.exec('COMMIT');
    holder.close();
    const db = openDatabase(file, migrations, { busyWaitMs: 0 });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});
