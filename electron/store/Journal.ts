import type { JournalEntry } from './JournalEntry';
import type { SqlStatements } from './SqlStatements';
import { decodeJournalRow } from './rows/decodeJournalRow';

/** The `journal` table: every attempt and give-up, newest first when read. */
export class Journal {
  constructor(private readonly sql: SqlStatements) {}

  add(entry: Omit<JournalEntry, 'id'>): void {
    this.sql
      .statement(
        'INSERT INTO journal (plan_id, operation, outcome, attempt, delay_ms, at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(entry.planId, entry.operation, entry.outcome, entry.attempt, entry.delayMs, entry.at);
  }

  entries(query: { limit: number; planId?: number }): JournalEntry[] {
    const rows =
      query.planId === undefined
        ? this.sql.statement('SELECT * FROM journal ORDER BY id DESC LIMIT ?').all(query.limit)
        : this.sql
            .statement('SELECT * FROM journal WHERE plan_id = ? ORDER BY id DESC LIMIT ?')
            .all(query.planId, query.limit);
    return rows.map(decodeJournalRow);
  }

  removeAllOfPlan(planId: number): void {
    this.sql.statement('DELETE FROM journal WHERE plan_id = ?').run(planId);
  }
}
