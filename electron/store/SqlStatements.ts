import type BetterSqlite3 from 'better-sqlite3';

/**
 * The database as the repositories share it: each SQL text prepared once and reused, and
 * transactions (which nest: a repository's own transaction can be part of the facade's).
 * Preparing at every call (several times per file) cost 10 of a 10,000-file deposit's CPU
 * seconds and left one native statement per call waiting for the garbage collector to finalize
 * it (issue 5, ADR 0010). The texts are few: the variable ones (nextRunnable's
 * exclusions, listUnits' filters) vary within small bounds.
 */
export class SqlStatements {
  private readonly prepared = new Map<string, BetterSqlite3.Statement>();
  /**
   * One transaction function for every body: better-sqlite3's `transaction(fn)` builds four
   * wrappers and their properties at each call, per commit of every file (issue 15).
   */
  private readonly inTransaction: BetterSqlite3.Transaction<(body: () => unknown) => unknown>;

  constructor(readonly db: BetterSqlite3.Database) {
    this.inTransaction = db.transaction((body: () => unknown) => body());
  }

  statement(sql: string): BetterSqlite3.Statement {
    let prepared = this.prepared.get(sql);
    if (prepared === undefined) {
      prepared = this.db.prepare(sql);
      this.prepared.set(sql, prepared);
    }
    return prepared;
  }

  /**
   * `body` in one transaction; inside another one, part of it. Not a savepoint: no caller catches
   * a store error inside a transaction and goes on, so a throw rolls the outer one back either
   * way, and a savepoint was two more statements per nested call (five per small file, issue 15).
   */
  transaction<T>(body: () => T): T {
    if (this.db.inTransaction) return body();
    return this.inTransaction(body) as T;
  }

  /**
   * `body` in one IMMEDIATE transaction: the write lock is taken before the first read, so two
   * processes cannot both read a state and then both act on it.
   */
  immediate<T>(body: () => T): T {
    if (this.db.inTransaction) return body();
    return this.inTransaction.immediate(body) as T;
  }
}
