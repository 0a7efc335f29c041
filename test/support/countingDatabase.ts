import type BetterSqlite3 from 'better-sqlite3';

type Fn = (...a: unknown[]) => unknown;

/** What a database connection was asked to do: statements run (by SQL text) and commits. */
export type DatabaseCounts = {
  /** Statements run, read or write, outside the transactions' own BEGIN/COMMIT. */
  statements: number;
  /** Outermost transactions plus writes run outside any transaction (each its own commit). */
  commits: number;
  readonly bySql: Map<string, number>;
};

/**
 * Counts, without changing them, the statements and the commits a connection makes: the
 * statements prepared through it are wrapped to count their runs, and its transactions to count
 * the outermost ones (a nested one commits nothing). A write outside any transaction is
 * SQLite's autocommit: one commit.
 */
export const countingDatabase = (
  db: BetterSqlite3.Database,
  /** Called as each commit starts, the database still as the last commit left it. */
  beforeCommit: () => void = () => undefined,
): { readonly db: BetterSqlite3.Database; readonly counts: DatabaseCounts } => {
  const counts: DatabaseCounts = { statements: 0, commits: 0, bySql: new Map() };
  const wrapStatement = (statement: BetterSqlite3.Statement): BetterSqlite3.Statement =>
    new Proxy(statement, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (
          typeof value !== 'function' ||
          !['run', 'get', 'all', 'iterate'].includes(String(property))
        ) {
          return typeof value === 'function' ? (value as Fn).bind(target) : value;
        }
        return (...args: unknown[]) => {
          counts.statements += 1;
          counts.bySql.set(target.source, (counts.bySql.get(target.source) ?? 0) + 1);
          if (!target.reader && !db.inTransaction) {
            beforeCommit();
            counts.commits += 1;
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const wrapTransaction = (fn: (...a: unknown[]) => unknown): ((...a: unknown[]) => unknown) => {
    const counted = (call: (...a: unknown[]) => unknown) =>
      function (this: unknown, ...args: unknown[]): unknown {
        const outermost = !db.inTransaction;
        if (outermost) beforeCommit();
        const result = call.apply(this, args);
        if (outermost) counts.commits += 1;
        return result;
      };
    const transaction = fn as ((...a: unknown[]) => unknown) &
      Record<'deferred' | 'immediate' | 'exclusive', (...a: unknown[]) => unknown>;
    return Object.assign(counted(transaction), {
      deferred: counted(transaction.deferred),
      immediate: counted(transaction.immediate),
      exclusive: counted(transaction.exclusive),
    });
  };
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'prepare') {
        return (sql: string) => wrapStatement(target.prepare(sql));
      }
      if (property === 'transaction') {
        return (body: (...a: unknown[]) => unknown) => wrapTransaction(target.transaction(body));
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as Fn).bind(target) : value;
    },
  });
  return { db: wrapped, counts };
};
