import type { Correction } from '../../shared/domain/Correction';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { ProgrammeRecord } from '../../shared/programme/ProgrammeRecord';
import type { PlanRecord } from './PlanRecord';
import type { SqlStatements } from './SqlStatements';
import { decodePlanRow } from './rows/decodePlanRow';

/** A plan as the engine creates it: the record without what the store assigns or counts later. */
export type NewPlan = Omit<
  PlanRecord,
  | 'id'
  | 'paused'
  | 'completedAt'
  | 'manifestAt'
  | 'bytesSent'
  | 'bytesResent'
  | 'region'
  | 'pathStyle'
  | 'credentialId'
  | 'programme'
  | 'correction'
  | 'removing'
  | 'portal'
  | 'analysisAt'
> & {
  readonly region: string;
  readonly pathStyle: boolean;
  readonly credentialId: string;
  /** Absent: a night made without a programme profile. */
  readonly programme?: ProgrammeRecord | null;
  /**
   * A portal night's kind; its `endpoint` is then the API and its `bucket` the participation
   * (migration 8). Absent: an S3 night.
   */
  readonly portal?: 'vigiechiro';
};

/** What finds a folder's plan: one plan per folder and destination. */
export type PlanKey = { dir: string; endpoint: string; bucket: string; prefix: string };

/** A night's place after a correction (issue 31): its target, prefix, names and why. */
export type PlanPlace = {
  readonly target: StorageTarget;
  readonly prefix: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly programme: ProgrammeRecord | null;
  readonly correction: Correction;
};

/** The `plans` table: a night's target, settings and milestones. Its byte counters are the part ledger's. */
export class PlanRepository {
  constructor(private readonly sql: SqlStatements) {}

  find(key: PlanKey): PlanRecord | undefined {
    const row: unknown = this.sql
      .statement('SELECT * FROM plans WHERE dir = ? AND endpoint = ? AND bucket = ? AND prefix = ?')
      .get(key.dir, key.endpoint, key.bucket, key.prefix);
    return row === undefined ? undefined : decodePlanRow(row);
  }

  get(planId: number): PlanRecord | undefined {
    const row: unknown = this.sql.statement('SELECT * FROM plans WHERE id = ?').get(planId);
    return row === undefined ? undefined : decodePlanRow(row);
  }

  list(): PlanRecord[] {
    return this.sql.statement('SELECT * FROM plans ORDER BY id').all().map(decodePlanRow);
  }

  /** The plan's row alone (its units are the queue's); its id. */
  insert(plan: NewPlan): number {
    return Number(
      this.sql
        .statement(
          `INSERT INTO plans (dir, endpoint, bucket, prefix, fingerprint, metadata, part_size, threshold, created_at,
                          night_id, region, path_style, credential_id, programme, portal)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          plan.dir,
          plan.endpoint,
          plan.bucket,
          plan.prefix,
          plan.fingerprint,
          JSON.stringify(plan.metadata),
          plan.partSize,
          plan.threshold,
          plan.createdAt,
          plan.nightId,
          plan.region,
          plan.pathStyle ? 1 : 0,
          plan.credentialId,
          plan.programme == null ? null : JSON.stringify(plan.programme),
          plan.portal ?? null,
        ).lastInsertRowid,
    );
  }

  /** The sources' new fingerprint; a plan whose units changed is no longer complete (its manifest must be written again). */
  setFingerprint(planId: number, fingerprint: string, unitsChanged: boolean): void {
    this.sql
      .statement(
        unitsChanged
          ? 'UPDATE plans SET fingerprint = ?, completed_at = NULL, manifest_at = NULL WHERE id = ?'
          : 'UPDATE plans SET fingerprint = ? WHERE id = ?',
      )
      .run(fingerprint, planId);
  }

  setMetadata(planId: number, metadata: Readonly<Record<string, unknown>>): void {
    this.sql
      .statement('UPDATE plans SET metadata = ? WHERE id = ?')
      .run(JSON.stringify(metadata), planId);
  }

  /** The portal accepted "start the analysis" for the night. */
  setAnalysisAt(planId: number, at: number): void {
    this.sql.statement('UPDATE plans SET analysis_at = ? WHERE id = ?').run(at, planId);
  }

  setPaused(planId: number, paused: boolean): void {
    this.sql.statement('UPDATE plans SET paused = ? WHERE id = ?').run(paused ? 1 : 0, planId);
  }

  setCompleted(planId: number, at: number | null): void {
    this.sql.statement('UPDATE plans SET completed_at = ? WHERE id = ?').run(at, planId);
  }

  /** The night's manifest is on the server: written and completed in one statement (a kill never splits them). */
  setManifestWritten(planId: number, at: number | null): void {
    this.sql
      .statement('UPDATE plans SET manifest_at = ?, completed_at = ? WHERE id = ?')
      .run(at, at, planId);
  }

  /**
   * The night's new destination (issue 31): target, prefix, what the volunteer entered, and where
   * it came from. No longer complete: its manifest is written again at the new place.
   */
  moveTo(planId: number, to: PlanPlace): void {
    this.sql
      .statement(
        `UPDATE plans SET endpoint = ?, region = ?, path_style = ?, bucket = ?, credential_id = ?,
           prefix = ?, metadata = ?, programme = ?, correction = ?, completed_at = NULL,
           manifest_at = NULL WHERE id = ?`,
      )
      .run(
        to.target.endpoint,
        to.target.region,
        to.target.pathStyle ? 1 : 0,
        to.target.bucket,
        to.target.credentialId,
        to.prefix,
        JSON.stringify(to.metadata),
        to.programme === null ? null : JSON.stringify(to.programme),
        JSON.stringify(to.correction),
        planId,
      );
  }

  /** Asked off the server: no longer complete, never run again as a deposit. */
  setRemoving(planId: number): void {
    this.sql
      .statement(
        'UPDATE plans SET removing = 1, completed_at = NULL, manifest_at = NULL, paused = 0 WHERE id = ?',
      )
      .run(planId);
  }

  /** True when there was such a plan. Its units, parts, journal and lease are the caller's to remove first. */
  delete(planId: number): boolean {
    return this.sql.statement('DELETE FROM plans WHERE id = ?').run(planId).changes === 1;
  }
}
