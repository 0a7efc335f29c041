import type { Correction } from '../../shared/domain/Correction';
import type { PortalNight } from '../../shared/portal/PortalNight';
import type { ProgrammeRecord } from '../../shared/programme/ProgrammeRecord';

/** A deposit plan as persisted: one folder towards one bucket and prefix. */
export type PlanRecord = {
  readonly id: number;
  readonly dir: string;
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string;
  /** SHA-256 over the ordered (path, size, mtime) of the sources. */
  readonly fingerprint: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly partSize: number;
  readonly threshold: number;
  readonly paused: boolean;
  readonly createdAt: number;
  readonly completedAt: number | null;
  readonly manifestAt: number | null;
  readonly bytesSent: number;
  readonly bytesResent: number;
  /** The night's identity (random, made with the plan): its manifest's key carries it. */
  readonly nightId: string;
  /** The rest of the night's own target; null on plans made before issue 11 (they followed the settings). */
  readonly region: string | null;
  readonly pathStyle: boolean | null;
  /** Which credentials (the access key id, never a secret). */
  readonly credentialId: string | null;
  /** The programme profile the night was created with (its names are the plan's keys); null without one. */
  readonly programme: ProgrammeRecord | null;
  /** Its destination was corrected: from where, when, why (issue 31); null when never. */
  readonly correction: Correction | null;
  /** Asked off the server ("Retirer ce dépôt du serveur"): not deposited any more. */
  readonly removing: boolean;
  /**
   * A night deposited to a programme's portal: its API (the plan's `endpoint`) and participation
   * (the plan's `bucket`), ADR 0032; null for an S3 night.
   */
  readonly portal: PortalNight | null;
  /** When the portal accepted "start the analysis" for the night; null before. */
  readonly analysisAt: number | null;
};
