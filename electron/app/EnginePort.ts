import type { ScanResult } from '../../shared/field/ScanResult';
import type { NewParticipation, Participation } from '../../shared/portal/Participation';
import type { PortalNight } from '../../shared/portal/PortalNight';
import type { NightLive } from '../engine/NightLive';
import type { Portal, PortalFile, PortalParticipations } from '../../shared/ports/Portal';
import type { PortalAnswer } from '../engine/portal/portalRequests';
import type { RetryCounters } from '../../shared/retry/RetryCall';
import type { EngineEvent } from '../engine/EngineEvent';
import type { PlanSummary, PlanningResult } from '../engine/PlanSummary';
import type { RunResult } from '../engine/RunResult';
import type { UnitView as EngineUnitView } from '../engine/UnitView';
import type { JournalEntry } from '../store/JournalEntry';
import type { RemovalCounts, UnitFilter } from '../store/PlanStore';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { MoveReport, NightMove } from '../engine/ways/moveNight';
import type { RemovalPass } from '../engine/ways/workRemovals';
import type {
  ConflictFacts,
  SettleChoice,
  Settled,
  Unanswered,
} from '../engine/ways/settleConflict';

/** What the backend uses of `DepositEngine` (the class satisfies it structurally). */
export type EnginePort = {
  planFolder(input: {
    dir: string;
    /** The pre-flight's scan: the app plans only from the snapshot its verdict describes. */
    scan: ScanResult;
    bucket: string;
    prefix: string;
    metadata?: Readonly<Record<string, unknown>>;
    include?: readonly string[];
    update?: boolean;
    /** A programme's portal and the night's participation (ADR 0032). */
    portal?: PortalNight;
    signal?: AbortSignal;
  }): Promise<PlanningResult>;
  run(planId: number, options: { signal?: AbortSignal }): Promise<RunResult>;
  /** Another process depositing the plan right now (its run lease), if any. */
  leaseHolder(planId: number): { pid: number; host: string } | undefined;
  pause(planId: number): void;
  resume(planId: number): void;
  /** Removes the plan from this database only (refused while it is depositing). */
  forget(planId: number): void;
  retryFailures(planId: number): { requeued: number; lifted: number; definitive: number };
  credentialsChanged(): void;
  listPlans(): readonly PlanSummary[];
  planSummary(planId: number): PlanSummary | undefined;
  listUnits(
    planId: number,
    page: { offset: number; limit: number; filter?: UnitFilter },
  ): { total: number; units: readonly EngineUnitView[] };
  counters(): RetryCounters;
  /** What the night is doing now that no table holds (ADR 0037). */
  nightLive(planId: number): NightLive;
  /** The ways back of issue 31 (see `DepositEngine`). */
  targetOf(planId: number): StorageTarget;
  ownObjects(planId: number): { readonly objects: number; readonly uploads: number };
  correctDestination(planId: number, move: NightMove): MoveReport;
  removeFromServer(planId: number): { readonly objects: number; readonly uploads: number };
  workRemovals(planId: number, signal?: AbortSignal): Promise<RemovalPass>;
  removalCounts(planId: number): RemovalCounts & { readonly uploads: number };
  retryDeniedRemovals(planId: number): number;
  dropDeniedRemovals(planId: number): number;
  hasWritten(planId: number): boolean;
  plansHolding(file: {
    readonly relPath: string;
    readonly size: number;
    readonly mtimeMs: number;
  }): number[];
  conflictFacts(
    planId: number,
    unitId: number,
    pattern?: RegExp,
  ): Promise<ConflictFacts | Unanswered>;
  settleConflict(
    planId: number,
    unitId: number,
    choice: SettleChoice,
    pattern?: RegExp,
  ): Promise<Settled>;
  journal(query: { limit: number }): readonly JournalEntry[];
  on(listener: (event: EngineEvent) => void): () => void;
  /** Requests to a programme's portal through the policy (ADR 0032). */
  checkPortal(portal: Portal, options?: { signal?: AbortSignal }): Promise<PortalAnswer<undefined>>;
  participations(
    portal: Portal & PortalParticipations,
    siteId: string | undefined,
    options?: { signal?: AbortSignal },
  ): Promise<PortalAnswer<Participation[]>>;
  createParticipation(
    portal: Portal & PortalParticipations,
    input: NewParticipation,
    options?: { signal?: AbortSignal },
  ): Promise<PortalAnswer<Participation>>;
  portalFiles(
    planId: number,
    options?: { signal?: AbortSignal },
  ): Promise<PortalAnswer<PortalFile[]>>;
  startAnalysis(
    planId: number,
    options?: { signal?: AbortSignal },
  ): Promise<PortalAnswer<'started' | 'already-planned'>>;
};
