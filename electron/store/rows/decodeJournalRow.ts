import type { JournalEntry } from '../JournalEntry';
import { RowReader } from './RowReader';

/** A `journal` row as an entry, or a `DamagedRowError` naming the first column no Depot wrote. */
export const decodeJournalRow = (raw: unknown): JournalEntry => {
  const r = new RowReader('journal', raw, ['id']);
  return {
    id: r.integer('id', 1),
    planId: r.integerOrNull('plan_id', 1),
    operation: r.text('operation'),
    outcome: r.text('outcome'),
    attempt: r.integer('attempt', 0),
    delayMs: r.realOrNull('delay_ms', 0),
    at: r.real('at'),
  };
};
