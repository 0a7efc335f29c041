import { randomBytes } from 'node:crypto';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import { targetOfPlan } from '../../shared/engine/targetOfPlan';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { Portal, PortalFile, PortalParticipations } from '../../shared/ports/Portal';
import type { NewParticipation, Participation } from '../../shared/portal/Participation';
import type { RetryCounters } from '../../shared/retry/RetryCall';
import { nightIdFrom } from '../../shared/wire/nightManifestKey';
import type { JournalEntry } from '../store/JournalEntry';
import type { UnitFilter } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';
import type { EngineEvent } from './EngineEvent';
import type { EnginePorts } from './EnginePorts';
import type { EngineSettings } from './EngineSettings';
import { defaultEngineSettings } from './EngineSettings';
import type { EventHub } from './events/EventHub';
import { hashPending } from './hashPending';
import { PlanError } from './PlanError';
import type { PlanFolderInput } from './planFolder';
import { planFolder } from './planFolder';
import type { PlanningResult, PlanSummary } from './PlanSummary';
import type { RetryFailuresResult } from './requeueFailures';
import { credentialsChanged, readBackUnproven, retryFailures } from './requeueUnits';
import { planSummaryOf } from './planSummaryOf';
import { runNight } from './run/runNight';
import { abortForPlan } from './run/abortForPlan';
import type { EndpointCheck } from './run/checkEndpoint';
import { checkEndpoint } from './run/checkEndpoint';
import type { PlanLease } from './run/PlanLease';
import type { RunContext } from './run/RunContext';
import type { RunResult } from './RunResult';
import type { UnitView } from './UnitView';
import type { RemovalCounts } from '../store/PlanStore';
import type { MoveReport, NightMove } from './ways/moveNight';
import type { RemovalPass } from './ways/workRemovals';
import type { ConflictFacts, SettleChoice, Settled, Unanswered } from './ways/settleConflict';
import type { NightLive } from './NightLive';
import type { PortalAnswer } from './portal/portalRequests';
import type { ReadBack } from './portal/readBackThroughPortal';

import type { DepositEngineDeps } from './DepositEngineDeps';
import type { EngineWiring } from './EngineWiring';
import { wireEngine } from './EngineWiring';
import { NightWays } from './ways/NightWays';
import { PortalNights } from './portal/PortalNights';

export type { DepositEngineDeps } from './DepositEngineDeps';

export type { PlanFolderInput } from './planFolder';

export type EngineCounters = RetryCounters & { readonly endpoint: string };

/**
 * Deposits planned folders to one object store endpoint, resumably and verified (issue 3,
 * DESIGN principles 1-10). The facade of the engine's parts (ADR 0018): it wires them over the
 * injected ports, and Electron's main process, the command line, the tests and the bench use only
 * it. Every emission goes through the retry policy; the SQLite plan is the net that makes a kill
 * at any instant cost at most one part per file in flight.
 */
export class DepositEngine {
  readonly settings: EngineSettings;
  private readonly engine: EngineWiring;
  private readonly ports: EnginePorts;
  private readonly hub: EventHub;
  private readonly runs: ReadonlyMap<number, RunContext>;
  private readonly lease: PlanLease;
  private readonly ways: NightWays;
  private readonly portals: PortalNights;

  constructor(deps: DepositEngineDeps) {
    this.settings = { ...defaultEngineSettings, ...deps.settings };
    this.engine = wireEngine(deps, this.settings);
    ({ ports: this.ports, hub: this.hub, runs: this.runs, lease: this.lease } = this.engine);
    this.ways = new NightWays(this.engine);
    this.portals = new PortalNights(this.engine);
  }

  private storeOf(target: StorageTarget): ObjectStore | undefined {
    return this.engine.storeOf(target);
  }

  on(listener: (event: EngineEvent) => void): () => void {
    return this.hub.on(listener);
  }

  // ---------------------------------------------------------------- planning

  /**
   * Plans a folder, resumes its plan, or (asked to) brings the plan up to its changed folder:
   * see `planFolder`. Then checksums the files, unless left to the workers.
   */
  async planFolder(input: PlanFolderInput): Promise<PlanningResult> {
    const { store, clock } = this.ports;
    const { hub } = this;
    const planned = await planFolder(
      {
        store,
        target: this.ports.objectStore.target,
        newNightId: () => nightIdFrom(randomBytes(16)),
        settings: this.settings,
        clock,
        abortUpload: (planId, upload, signal) => {
          const plan = store.getPlan(planId);
          const objects =
            plan === undefined
              ? undefined
              : this.storeOf(targetOfPlan(plan, this.ports.objectStore.target));
          const bucket = plan?.bucket ?? '';
          return abortForPlan(this.ports, this.hub, { planId, bucket, objects }, upload, signal);
        },
        withLease: (planId, work) => this.lease.withLease(planId, work),
      },
      input,
    );
    if (input.hashAhead !== false) {
      await hashPending(this.ports, hub, planned.planId, input.signal, (done, total) =>
        input.onProgress?.({ phase: 'hash', done, total }),
      );
    }
    return {
      ...this.planSummary(planned.planId),
      resumed: planned.resumed,
      skippedJunk: planned.skippedJunk,
      refused: planned.refused,
      ...(planned.update === undefined ? {} : { update: planned.update }),
    };
  }

  // ---------------------------------------------------------------- queries and controls

  listPlans(): PlanSummary[] {
    return this.ports.store.listPlans().map((p) => this.planSummary(p.id));
  }

  planSummary(planId: number): PlanSummary {
    return planSummaryOf(this.ports.store, planId, this.removalCounts(planId));
  }

  listUnits(
    planId: number,
    page: { offset: number; limit: number; filter?: UnitFilter },
  ): { total: number; units: UnitView[] } {
    const { total, units } = this.ports.store.listUnits(planId, page);
    return {
      total,
      units: units.map((u) => ({ ...u, activity: this.hub.activityOf(u.id) })),
    };
  }

  /** What the night is doing now that no table holds (ADR 0037). */
  nightLive(planId: number): NightLive {
    return this.hub.liveOf(planId);
  }

  failedUnits(planId: number): UnitRecord[] {
    return this.ports.store.failedUnits(planId);
  }

  counters(): EngineCounters {
    const { endpoint } = this.ports.objectStore;
    return { endpoint, ...this.ports.policy.counters(endpoint) };
  }

  journal(query: { limit: number; planId?: number }): JournalEntry[] {
    return this.ports.store.journal(query);
  }

  /** Stops the plan's work at once (in-flight parts are lost, at most one per file) and persists the pause. */
  pause(planId: number): void {
    this.ports.store.setPaused(planId, true);
    const run = this.runs.get(planId);
    if (run !== undefined) {
      run.state.paused = true;
      run.controller.abort();
    }
    this.hub.emit({ type: 'plan-state', planId, state: 'paused' });
  }

  /**
   * Forgets the plan in this database only; the server keeps every object. Refused while a run of
   * this process or another one holds it: the volunteer pauses it first.
   */
  forget(planId: number): void {
    const holder = this.leaseHolder(planId);
    if (this.runs.has(planId) || holder !== undefined) {
      throw new PlanError(
        { code: 'already-running', planId, ...(holder === undefined ? {} : { holder }) },
        `plan ${planId} is depositing: pause it before forgetting it`,
      );
    }
    if (!this.ports.store.forgetPlan(planId))
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
  }

  /** Lifts the pause; the caller starts `run(planId)` again. */
  resume(planId: number): void {
    this.ports.store.setPaused(planId, false);
    this.hub.emit({ type: 'plan-state', planId, state: 'stopped' });
  }

  /** Re-queues the failed units that retrying can help; definitive ones stay, with their cause. */
  retryFailures(planId: number): RetryFailuresResult {
    return retryFailures(this.ports.store, this.hub, planId, this.ports.clock.now());
  }

  /** New credentials: units refused for authentication go back in the queue (parts kept). */
  credentialsChanged(): number {
    return credentialsChanged(this.ports.store, this.hub);
  }

  /** `--read-back`: the units failed as "present, content unproven" go back in the queue. */
  readBackUnproven(planId: number): number {
    return readBackUnproven(this.ports.store, this.hub, planId);
  }

  // ---------------------------------------------------------------- running

  /**
   * See `checkEndpoint`: the bucket and the credentials, asked before planning or running with a
   * listing of `prefix` (the fixed part of the night's prefix template: nothing outside it).
   */
  checkEndpoint(
    bucket: string,
    options: { signal?: AbortSignal; prefix?: string } = {},
  ): Promise<EndpointCheck> {
    return checkEndpoint(this.engine, bucket, options.prefix ?? '', options.signal);
  }

  /**
   * Works on the plan until every unit is terminal, the signal aborts, or the plan is paused.
   * Transient troubles never fail a unit: it waits (paced, deferred when long, or for the network).
   */
  run(planId: number, options: { signal?: AbortSignal } = {}): Promise<RunResult> {
    return runNight(this.engine, this.portals, this.ways, planId, options.signal);
  }

  // ---------------------------------------------------------------- ways back (issue 31)
  // What a night wrote, corrected, taken back or settled: `NightWays`.

  targetOf(planId: number): StorageTarget {
    return this.ways.targetOf(planId);
  }

  ownObjects(planId: number): { readonly objects: number; readonly uploads: number } {
    return this.ways.ownObjects(planId);
  }

  correctDestination(planId: number, move: NightMove): MoveReport {
    return this.ways.correctDestination(planId, move);
  }

  removeFromServer(planId: number): { readonly objects: number; readonly uploads: number } {
    return this.ways.removeFromServer(planId);
  }

  workRemovals(planId: number, signal?: AbortSignal): Promise<RemovalPass> {
    return this.ways.workRemovals(planId, signal);
  }

  removalCounts(planId: number): RemovalCounts & { readonly uploads: number } {
    return this.ways.removalCounts(planId);
  }

  retryDeniedRemovals(planId: number): number {
    return this.ways.retryDeniedRemovals(planId);
  }

  dropDeniedRemovals(planId: number): number {
    return this.ways.dropDeniedRemovals(planId);
  }

  hasWritten(planId: number): boolean {
    return this.ways.hasWritten(planId);
  }

  /** Which nights hold a file of this path, size and time (one card, one deposit). */
  plansHolding(file: {
    readonly relPath: string;
    readonly size: number;
    readonly mtimeMs: number;
  }): number[] {
    return this.ports.store.plansHolding(file);
  }

  conflictFacts(
    planId: number,
    unitId: number,
    pattern?: RegExp,
  ): Promise<ConflictFacts | Unanswered> {
    return this.ways.conflictFacts(planId, unitId, pattern);
  }

  settleConflict(
    planId: number,
    unitId: number,
    choice: SettleChoice,
    pattern?: RegExp,
  ): Promise<Settled> {
    return this.ways.settleConflict(planId, unitId, choice, pattern);
  }

  // ---------------------------------------------------------------- portals (ADR 0032)
  // A programme's portal outside a night's run: `PortalNights`.

  checkPortal(
    portal: Portal,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<undefined>> {
    return this.portals.checkPortal(portal, options);
  }

  participations(
    portal: Portal & PortalParticipations,
    siteId: string | undefined,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<Participation[]>> {
    return this.portals.participations(portal, siteId, options);
  }

  createParticipation(
    portal: Portal & PortalParticipations,
    input: NewParticipation,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<Participation>> {
    return this.portals.createParticipation(portal, input, options);
  }

  portalFiles(
    planId: number,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<PortalFile[]>> {
    return this.portals.portalFiles(planId, options);
  }

  startAnalysis(
    planId: number,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<'started' | 'already-planned'>> {
    return this.portals.startAnalysis(planId, options);
  }

  readBackPortalFile(
    planId: number,
    file: { readonly fileId: string; readonly name: string; readonly maxBytes: number },
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<ReadBack>> {
    return this.portals.readBackPortalFile(planId, file, options);
  }

  /**
   * Another process depositing this plan right now (its lease is fresh and its pid alive), so the
   * interface can refuse before starting; undefined when the plan is free or ours.
   */
  leaseHolder(planId: number): { pid: number; host: string } | undefined {
    return this.lease.holderOf(planId);
  }
}
