import type { Correction } from '../../shared/domain/Correction';
import type { PortalNight } from '../../shared/portal/PortalNight';
import type { ProgrammeRecord } from '../../shared/programme/ProgrammeRecord';
import type { ScanIssue } from '../../shared/field/ScanResult';
import type { RemovalCounts, StateCounts } from '../store/PlanStore';
import type { PlanUpdateReport } from './PlanUpdateReport';

/** A plan as the interface and the command line show it. Plain data. */
export type PlanSummary = StateCounts & {
  readonly id: number;
  readonly dir: string;
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The programme profile the night was created with; null without one. */
  readonly programme: ProgrammeRecord | null;
  readonly createdAt: number;
  readonly completedAt: number | null;
  readonly manifestAt: number | null;
  readonly paused: boolean;
  readonly bytesSent: number;
  readonly bytesResent: number;
  /** Its destination was corrected (issue 31): from where, when, why. */
  readonly correction: Correction | null;
  /** Asked off the server: its removal goes on, it is deposited no more. */
  readonly removing: boolean;
  /** What it takes back from the server (a correction's old place, or all of it when removing). */
  readonly removals: RemovalCounts & { readonly uploads: number };
  /** A portal night's portal and participation (ADR 0032); null for an S3 night. */
  readonly portal: PortalNight | null;
  /** When the portal accepted "start the analysis" for the night; null before. */
  readonly analysisAt: number | null;
};

/** What `planFolder` returns: the summary plus what planning itself found. */
export type PlanningResult = PlanSummary & {
  /** True when an existing plan for the same folder, endpoint, bucket and prefix was resumed. */
  readonly resumed: boolean;
  readonly skippedJunk: number;
  /** Files the scanner refused (control characters, `..`...): not in the plan. */
  readonly refused: readonly ScanIssue[];
  /** Present when the plan was brought up to its changed folder (`update`). */
  readonly update?: PlanUpdateReport;
};
