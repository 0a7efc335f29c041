import { DamagedRowError } from '../DamagedRowError';

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Uint8Array) return `a blob of ${value.length} bytes`;
  return typeof value;
};

/**
 * One raw row as SQLite gave it, read column by column for a decoder: each getter returns the
 * column with its type or throws a `DamagedRowError` naming the table, the row and the column.
 * Pure (no SQLite type): the decoders are tested from plain objects.
 */
export class RowReader {
  private readonly row: Readonly<Record<string, unknown>>;
  private readonly rowId: string;

  constructor(
    private readonly table: string,
    raw: unknown,
    idColumns: readonly string[],
  ) {
    if (typeof raw !== 'object' || raw === null)
      throw new DamagedRowError(table, '?', '*', shown(raw), 'a row');
    this.row = raw as Readonly<Record<string, unknown>>;
    this.rowId = idColumns.map((c) => `${c} ${shown(this.row[c])}`).join(', ');
  }

  /** The named error for this row's column, for checks a getter cannot make alone. */
  damaged(column: string, expected: string): DamagedRowError {
    return new DamagedRowError(this.table, this.rowId, column, shown(this.row[column]), expected);
  }

  text(column: string): string {
    const v = this.row[column];
    if (typeof v !== 'string') throw this.damaged(column, 'text');
    return v;
  }

  textOrNull(column: string): string | null {
    return this.row[column] === null ? null : this.text(column);
  }

  /** A whole number of at least `min` (counts, sizes, ids: 0; part numbers: 1). */
  integer(column: string, min = Number.MIN_SAFE_INTEGER): number {
    const v = this.row[column];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
      throw this.damaged(
        column,
        min === Number.MIN_SAFE_INTEGER ? 'a whole number' : `a whole number >= ${min}`,
      );
    return v;
  }

  integerOrNull(column: string, min?: number): number | null {
    return this.row[column] === null ? null : this.integer(column, min);
  }

  /**
   * A finite number of at least `min`: times and delays (an injected clock or a jittered delay
   * may have a fraction, which SQLite keeps as REAL even in an INTEGER column).
   */
  real(column: string, min = -Infinity): number {
    const v = this.row[column];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min)
      throw this.damaged(column, min === -Infinity ? 'a number' : `a number >= ${min}`);
    return v;
  }

  realOrNull(column: string, min?: number): number | null {
    return this.row[column] === null ? null : this.real(column, min);
  }

  /** SQLite's boolean: 0 or 1, nothing else. */
  flag(column: string): boolean {
    const v = this.row[column];
    if (v !== 0 && v !== 1) throw this.damaged(column, '0 or 1');
    return v === 1;
  }

  flagOrNull(column: string): boolean | null {
    return this.row[column] === null ? null : this.flag(column);
  }

  oneOf<const T extends string>(column: string, values: readonly T[]): T {
    const v = this.row[column];
    if (typeof v !== 'string' || !(values as readonly string[]).includes(v))
      throw this.damaged(column, `one of ${values.join(', ')}`);
    return v as T;
  }

  /** The JSON text of the column, parsed (what it must look like is the caller's check). */
  json(column: string): unknown {
    const v = this.row[column];
    if (typeof v !== 'string') throw this.damaged(column, 'JSON text');
    try {
      return JSON.parse(v) as unknown;
    } catch {
      throw this.damaged(column, 'JSON text');
    }
  }
}
