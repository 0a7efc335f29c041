import type { Migration } from '../Migration';

/**
 * Nights deposited to a programme's portal (issue 33, ADR 0032). `plans.portal` names its kind
 * (`vigiechiro`; NULL for an S3 night); such a night's `endpoint` is the portal's API and its
 * `bucket` the participation its files are declared in (the portal's container, as a bucket is
 * S3's: part of the plan's identity, so two participations of one folder are two nights), its
 * `prefix` empty. `plans.analysis_at`: when the portal accepted "start the analysis" for it.
 * `units.portal_file_id`: the file's `_id` once declared, to finalize it (or find it again) after
 * a stop; its PUT's proof is the part's ETag, as for S3.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'portal nights',
  sql: `
    ALTER TABLE plans ADD COLUMN portal TEXT;
    ALTER TABLE plans ADD COLUMN analysis_at INTEGER;
    ALTER TABLE units ADD COLUMN portal_file_id TEXT;
  `,
};
