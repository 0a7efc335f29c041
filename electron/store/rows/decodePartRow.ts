import type { PartRecord } from '../PartRecord';
import { RowReader } from './RowReader';

/** A `parts` row as a record, or a `DamagedRowError` naming the first column no Depot wrote. */
export const decodePartRow = (raw: unknown): PartRecord => {
  const r = new RowReader('parts', raw, ['unit_id', 'part_number']);
  return {
    unitId: r.integer('unit_id', 1),
    partNumber: r.integer('part_number', 1),
    offset: r.integer('offset', 0),
    size: r.integer('size', 0),
    md5: r.text('md5'),
    etag: r.textOrNull('etag'),
    sentBytes: r.integer('sent_bytes', 0),
  };
};
