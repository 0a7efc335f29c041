import { z } from 'zod';
import type { RemovalRecord } from '../RemovalRecord';
import { RowReader } from './RowReader';

const KINDS = ['object', 'manifest', 'upload', 'uploads-at'] as const;
const OUTCOMES = ['removed', 'absent', 'not-ours', 'denied'] as const;

const targetSchema = z.object({
  endpoint: z.string(),
  region: z.string(),
  pathStyle: z.boolean(),
  bucket: z.string(),
  credentialId: z.string(),
});

/** A `removals` row as a record, or a `DamagedRowError` naming the first column no Depot wrote. */
export const decodeRemovalRow = (raw: unknown): RemovalRecord => {
  const r = new RowReader('removals', raw, ['id']);
  const target = targetSchema.safeParse(r.json('target'));
  if (!target.success) throw r.damaged('target', 'a storage target');
  const outcome = r.textOrNull('outcome');
  return {
    id: r.integer('id', 1),
    planId: r.integer('plan_id', 1),
    target: target.data,
    kind: r.oneOf('kind', KINDS),
    key: r.text('key'),
    etag: r.textOrNull('etag'),
    uploadId: r.textOrNull('upload_id'),
    outcome: outcome === null ? null : r.oneOf('outcome', OUTCOMES),
    createdAt: r.real('created_at'),
  };
};
