import { correctionSchema } from '../../../shared/domain/Correction';
import { programmeRecordSchema } from '../../../shared/programme/ProgrammeRecord';
import type { PlanRecord } from '../PlanRecord';
import { RowReader } from './RowReader';

/** A `plans` row as a record, or a `DamagedRowError` naming the first column no Depot wrote. */
export const decodePlanRow = (raw: unknown): PlanRecord => {
  const r = new RowReader('plans', raw, ['id']);
  const metadata = r.json('metadata');
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
    throw r.damaged('metadata', 'a JSON object');
  // A row read before migration 5 has no such column: no profile.
  const programmeJson =
    (raw as { programme?: unknown }).programme == null ? null : r.json('programme');
  const programme = programmeJson === null ? null : programmeRecordSchema.safeParse(programmeJson);
  if (programme !== null && !programme.success)
    throw r.damaged('programme', 'a programme record (name, version, sha256, fields)');
  // Rows read before migration 6 have neither column: never corrected, not being removed.
  const correctionJson =
    (raw as { correction?: unknown }).correction == null ? null : r.json('correction');
  const correction = correctionJson === null ? null : correctionSchema.safeParse(correctionJson);
  if (correction !== null && !correction.success)
    throw r.damaged('correction', 'a destination correction (from, at, by)');
  const removing =
    (raw as { removing?: unknown }).removing === undefined ? false : r.flag('removing');
  // Rows read before migration 8 have no such columns: S3 nights.
  const portalKind =
    (raw as { portal?: unknown }).portal == null
      ? null
      : r.oneOf('portal', ['vigiechiro'] as const);
  const analysisAt =
    (raw as { analysis_at?: unknown }).analysis_at == null ? null : r.real('analysis_at');
  const endpoint = r.text('endpoint');
  const bucket = r.text('bucket');
  return {
    id: r.integer('id', 1),
    dir: r.text('dir'),
    endpoint,
    bucket,
    prefix: r.text('prefix'),
    fingerprint: r.text('fingerprint'),
    metadata: metadata as Record<string, unknown>,
    partSize: r.integer('part_size', 1),
    threshold: r.integer('threshold', 0),
    paused: r.flag('paused'),
    createdAt: r.real('created_at'),
    completedAt: r.realOrNull('completed_at'),
    manifestAt: r.realOrNull('manifest_at'),
    bytesSent: r.integer('bytes_sent', 0),
    bytesResent: r.integer('bytes_resent', 0),
    nightId: r.text('night_id'),
    region: r.textOrNull('region'),
    pathStyle: r.flagOrNull('path_style'),
    credentialId: r.textOrNull('credential_id'),
    programme: programme === null ? null : programme.data,
    correction: correction === null ? null : correction.data,
    removing,
    portal:
      portalKind === null
        ? null
        : { target: { kind: portalKind, api: endpoint }, participationId: bucket },
    analysisAt,
  };
};
