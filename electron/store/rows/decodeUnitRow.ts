import { failureCauseSchema } from '../../../shared/domain/failureCauseSchema';
import { settlementSchema } from '../../../shared/domain/Settlement';
import type { Settlement } from '../../../shared/domain/Settlement';
import type { UnitState } from '../../../shared/domain/UnitState';
import type { UnitRecord } from '../UnitRecord';
import { RowReader } from './RowReader';

const STATES = ['pending', 'in-progress', 'deferred', 'done', 'failed', 'left-out'] as const;

/**
 * The columns a state needs, and only those: a deferred unit without its time or a failed one
 * without a known cause is damage, never "not before 0" or an invented cause.
 */
const stateOf = (r: RowReader): UnitState => {
  const kind = r.oneOf('state', STATES);
  switch (kind) {
    case 'pending':
    case 'in-progress':
      return { kind };
    case 'deferred':
      return { kind, notBefore: r.real('not_before') };
    case 'done':
      return r.flag('unverifiable')
        ? { kind, alreadyPresent: r.flag('already_present'), unverifiable: true }
        : { kind, alreadyPresent: r.flag('already_present') };
    case 'failed': {
      const cause = failureCauseSchema.safeParse(r.json('cause'));
      if (!cause.success) throw r.damaged('cause', 'a known failure cause');
      return { kind, cause: cause.data };
    }
    case 'left-out':
      return { kind, reason: 'kept-server-object' };
  }
};

/** A row read before migration 6 has no such column: no settlement. */
const settlementOf = (r: RowReader, raw: unknown): Settlement | null => {
  if ((raw as { settlement?: unknown }).settlement == null) return null;
  const parsed = settlementSchema.safeParse(r.json('settlement'));
  if (!parsed.success) throw r.damaged('settlement', 'a conflict settlement');
  return parsed.data;
};

/** A `units` row as a record, or a `DamagedRowError` naming the first column no Depot wrote. */
export const decodeUnitRow = (raw: unknown): UnitRecord => {
  const r = new RowReader('units', raw, ['id']);
  return {
    id: r.integer('id', 1),
    planId: r.integer('plan_id', 1),
    seq: r.integer('seq', 0),
    relPath: r.text('rel_path'),
    absPath: r.text('abs_path'),
    key: r.text('key'),
    size: r.integer('size', 0),
    mtimeMs: r.real('mtime_ms'),
    multipart: r.flag('multipart'),
    sha256: r.textOrNull('sha256'),
    md5: r.textOrNull('md5'),
    mtimeNs: r.textOrNull('mtime_ns'),
    state: stateOf(r),
    uploadId: r.textOrNull('upload_id'),
    createStarted: r.flag('create_started'),
    bytesAcked: r.integer('bytes_acked', 0),
    settlement: settlementOf(r, raw),
    // A row read before migration 8 has no such column.
    portalFileId:
      (raw as { portal_file_id?: unknown }).portal_file_id == null
        ? null
        : r.text('portal_file_id'),
    // updated_at is written (NOT NULL since migration 0001, a clue for whoever opens the database
    // by hand) but read by no code: not decoded, so a damaged value there breaks nothing.
  };
};
