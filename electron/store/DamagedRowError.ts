/**
 * A row of the plan database that no Depot could have written (an unknown state, a cause that is
 * not a known one, a negative size, a null where none is allowed): the database was damaged or
 * edited by hand. It names the row and is never read as something else (a fake cause, a silent
 * "pending"). The row is left as it is; the command line exits 2 with this message and the app
 * answers `unavailable`.
 */
export class DamagedRowError extends Error {
  override readonly name = 'DamagedRowError';
  constructor(
    readonly table: string,
    /** The row's key, as `id 12` or `unit_id 12, part_number 3`. */
    readonly rowId: string,
    readonly column: string,
    /** What the column holds, shortened for a one-line message. */
    readonly found: string,
    readonly expected: string,
  ) {
    super(
      `the plan database has a damaged row (${table} ${rowId}, column ${column}: ${found}, expected ${expected}); it was left untouched: restore the database from a backup, or move it aside and deposit again (files already on the server cost no payload)`,
    );
  }
}
