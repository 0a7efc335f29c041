import type { PartRecord } from './PartRecord';
import type { SqlStatements } from './SqlStatements';
import { decodePartRow } from './rows/decodePartRow';

export type NewPart = {
  readonly partNumber: number;
  readonly offset: number;
  readonly size: number;
  readonly md5: string;
};

/** A file's checksums and its part plan, as the worker hashed it. */
export type UnitHashes = {
  readonly sha256: string;
  readonly md5: string;
  /** Nanoseconds since the epoch, decimal (rclone's `mtime`, issue 15). */
  readonly mtimeNs?: string;
  readonly parts: readonly NewPart[];
};

/**
 * The `parts` table and the counters it feeds: a unit's `bytes_acked` and its plan's
 * `bytes_sent`/`bytes_resent` change only here, in the same transaction as the part they count,
 * so a kill never leaves a part and its count apart.
 */
export class PartLedger {
  constructor(private readonly sql: SqlStatements) {}

  parts(unitId: number): PartRecord[] {
    return this.sql
      .statement('SELECT * FROM parts WHERE unit_id = ? ORDER BY part_number')
      .all(unitId)
      .map(decodePartRow);
  }

  /** The unit's new part plan in place of any earlier one (call inside the unit's transaction). */
  replace(unitId: number, parts: readonly NewPart[]): void {
    const insert = this.sql.statement(
      'INSERT INTO parts (unit_id, part_number, offset, size, md5) VALUES (?, ?, ?, ?, ?)',
    );
    this.sql.transaction(() => {
      this.removeAllOf(unitId);
      for (const p of parts) insert.run(unitId, p.partNumber, p.offset, p.size, p.md5);
    });
  }

  removeAllOf(unitId: number): void {
    this.sql.statement('DELETE FROM parts WHERE unit_id = ?').run(unitId);
  }

  removeAllOfPlan(planId: number): void {
    this.sql
      .statement('DELETE FROM parts WHERE unit_id IN (SELECT id FROM units WHERE plan_id = ?)')
      .run(planId);
  }

  /**
   * The night moved to another target (issue 31): nothing of it is acknowledged or sent there yet.
   * The plan's own byte counters keep what went on the wire.
   */
  startOverAtNewTarget(planId: number): void {
    this.sql
      .statement(
        'UPDATE parts SET etag = NULL, sent_bytes = 0 WHERE unit_id IN (SELECT id FROM units WHERE plan_id = ?)',
      )
      .run(planId);
  }

  /** The unit goes under another key: nothing of it is acknowledged or sent there yet. */
  startOverAtNewKey(unitId: number): void {
    this.sql.transaction(() => {
      this.sql
        .statement('UPDATE parts SET etag = NULL, sent_bytes = 0 WHERE unit_id = ?')
        .run(unitId);
      this.sql.statement('UPDATE units SET bytes_acked = 0 WHERE id = ?').run(unitId);
    });
  }

  /** The acknowledged parts no longer count (the server does not hold them as recorded). */
  forgetAcks(unitId: number, partNumber?: number): void {
    if (partNumber !== undefined) {
      this.sql.transaction(() => {
        const part = this.sql
          .statement(
            'UPDATE parts SET etag = NULL WHERE unit_id = ? AND part_number = ? AND etag IS NOT NULL RETURNING size',
          )
          .get(unitId, partNumber) as { size: number } | undefined;
        if (part !== undefined) {
          this.sql
            .statement('UPDATE units SET bytes_acked = MAX(0, bytes_acked - ?) WHERE id = ?')
            .run(part.size, unitId);
        }
      });
      return;
    }
    this.sql.transaction(() => {
      this.sql.statement('UPDATE parts SET etag = NULL WHERE unit_id = ?').run(unitId);
      this.sql.statement('UPDATE units SET bytes_acked = 0 WHERE id = ?').run(unitId);
    });
  }

  /**
   * Before a part's bytes go out: counts the whole part as sent (and what of it goes beyond the
   * part's first full send as re-sent), so a kill during the send is not forgotten. `endSend`
   * then puts the real count in its place. Returns the bytes sent for the part before this send.
   */
  beginSend(unitId: number, partNumber: number): number {
    return this.sql.transaction(() => {
      const part = this.sentOf(unitId, partNumber);
      if (part === undefined) return 0;
      this.moveSent(unitId, partNumber, part.size, part.sentBytes, part.sentBytes + part.size);
      return part.sentBytes;
    });
  }

  /** The bytes that really went on the wire for this send (every attempt of it), after `beginSend`. */
  endSend(unitId: number, partNumber: number, before: number, sent: number): void {
    this.sql.transaction(() => {
      const part = this.sentOf(unitId, partNumber);
      if (part === undefined) return;
      this.moveSent(unitId, partNumber, part.size, part.sentBytes, before + sent);
    });
  }

  private sentOf(unitId: number, partNumber: number): PartRecord | undefined {
    const row: unknown = this.sql
      .statement('SELECT * FROM parts WHERE unit_id = ? AND part_number = ?')
      .get(unitId, partNumber);
    return row === undefined ? undefined : decodePartRow(row);
  }

  /** Part and plan counters from `from` to `to` bytes sent for the part: beyond its size is re-sent. */
  private moveSent(
    unitId: number,
    partNumber: number,
    size: number,
    from: number,
    to: number,
  ): void {
    const resent = (n: number): number => Math.max(0, n - size);
    this.sql
      .statement('UPDATE parts SET sent_bytes = ? WHERE unit_id = ? AND part_number = ?')
      .run(to, unitId, partNumber);
    this.sql
      .statement(
        `UPDATE plans SET bytes_sent = bytes_sent + ?, bytes_resent = bytes_resent + ?
         WHERE id = (SELECT plan_id FROM units WHERE id = ?)`,
      )
      .run(to - from, resent(to) - resent(from), unitId);
  }

  /** A part the server acknowledged (sent by us now, or found by ListParts), in one transaction. */
  ackPart(unitId: number, partNumber: number, etag: string): void {
    this.sql.transaction(() => {
      const part = this.sql
        .statement(
          'UPDATE parts SET etag = ? WHERE unit_id = ? AND part_number = ? AND etag IS NULL RETURNING size',
        )
        .get(etag, unitId, partNumber) as { size: number } | undefined;
      if (part !== undefined) {
        this.sql
          .statement('UPDATE units SET bytes_acked = bytes_acked + ? WHERE id = ?')
          .run(part.size, unitId);
      }
    });
  }
}
