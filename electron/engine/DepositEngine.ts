import { randomBytes, randomUUID } from 'node:crypto';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import { sameTarget } from '../../shared/domain/StorageTarget';
import { targetOfPlan } from '../../shared/engine/targetOfPlan';
import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type {
  Portal,
  PortalFile,
  PortalParticipations,
  PortalTarget,
} from '../../shared/ports/Portal';
import type { NewParticipation, Participation } from '../../shared/portal/Participation';
import type { Random } from '../../shared/ports/Random';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { SourceReader } from '../../shared/ports/SourceReader';
import type { RetryCounters } from '../../shared/retry/RetryCall';
import { nightIdFrom } from '../../shared/wire/nightManifestKey';
import { fsSourceReader } from '../runtime/fsSourceReader';
import type { JournalEntry } from '../store/JournalEntry';
import type { PlanStore, UnitFilter } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';
import { EmissionsInFlight } from './call/EmissionsInFlight';
import type { EngineEvent } from './EngineEvent';
import type { EnginePorts } from './EnginePorts';
import type { EngineSettings } from './EngineSettings';
import { defaultEngineSettings } from './EngineSettings';
import { EventHub } from './events/EventHub';
import { hashPending } from './hashPending';
import type { LeaseHolder } from './LeaseHolder';
import { thisProcess } from './LeaseHolder';
import { Pacer } from './pacer/Pacer';
import { PlanError } from './PlanError';
import type { PlanFolderInput } from './planFolder';
import { planFolder } from './planFolder';
import type { PlanningResult, PlanSummary } from './PlanSummary';
import type { PolicyPort } from './PolicyPort';
import type { RetryFailuresResult } from './requeueFailures';
import { requeueFailures } from './requeueFailures';
import { abortForPlan } from './run/abortForPlan';
import type { EndpointCheck } from './run/checkEndpoint';
import { checkEndpoint } from './run/checkEndpoint';
import { executeRun } from './run/executeRun';
import { PlanLease } from './run/PlanLease';
import type { RunContext } from './run/RunContext';
import type { RunResult } from './RunResult';
import { TokenBucket } from './TokenBucket';
import type { FileHashing } from './FileHashing';
import type { UnitView } from './UnitView';
import type { RemovalCounts } from '../store/PlanStore';
import { moveNight } from './ways/moveNight';
import type { MoveReport, NightMove } from './ways/moveNight';
import { removalsOf } from './ways/removalsOf';
import { workRemovals } from './ways/workRemovals';
import type { RemovalPass } from './ways/workRemovals';
import { conflictFacts, settleConflict } from './ways/settleConflict';
import type { ConflictFacts, SettleChoice, Settled, Unanswered } from './ways/settleConflict';
import type { NightLive } from './NightLive';
import { newPortalRun } from './portal/PortalRun';
import type { PortalAnswer, ReadBack } from './portal/portalRequests';
import {
  checkPortal,
  createParticipation,
  listParticipations,
  listPortalFiles,
  readBackPortalFile,
  startProcessing,
} from './portal/portalRequests';

export type DepositEngineDeps = {
  readonly store: PlanStore;
  readonly objectStore: ObjectStore;
  readonly policy: PolicyPort;
  /** The engine's time: every wait, deadline and pace (the monotonic clock in production). */
  readonly clock: Clock;
  /** Times another process compares with its own (the run lease's heartbeat); default `clock`. */
  readonly wallClock?: Clock;
  readonly sleeper: Sleeper;
  readonly random: Random;
  readonly settings?: Partial<EngineSettings>;
  /** How the source files are read (default: the local file system). */
  readonly sourceReader?: SourceReader;
  /** How files are hashed (`electron/hashing/`, wired by `createEngineStack`). */
  readonly hashing: FileHashing;
  /** This process, for the plan's run lease (default: the running process). */
  readonly leaseHolder?: LeaseHolder;
  /**
   * The object store of a night whose target is not `objectStore`'s (settings changed since it
   * was created); undefined when this Depot cannot reach it (its credentials are gone): the night
   * then waits, blocked with that cause, and never goes elsewhere (issue 11).
   */
  readonly storeFor?: (target: StorageTarget) => ObjectStore | undefined;
  /**
   * The portal of a night that deposits to a programme's portal (ADR 0032), with the volunteer's
   * sign-in; undefined when this Depot cannot reach it (no sign-in held for it): the night then
   * waits, blocked, until the volunteer signs in.
   */
  readonly portalFor?: (target: PortalTarget) => Portal | undefined;
};

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
  private readonly ports: EnginePorts;
  private readonly lease: PlanLease;
  private readonly storeFor: ((target: StorageTarget) => ObjectStore | undefined) | undefined;
  private readonly wallClock: Clock;
  private readonly portalFor: ((target: PortalTarget) => Portal | undefined) | undefined;
  private readonly probedPortals = new Set<string>();

  constructor(deps: DepositEngineDeps) {
    this.storeFor = deps.storeFor;
    this.wallClock = deps.wallClock ?? deps.clock;
    this.portalFor = deps.portalFor;
    this.settings = { ...defaultEngineSettings, ...deps.settings };
    const { store, objectStore, policy, clock, sleeper, random } = deps;
    const rate = this.settings.bwlimitBytesPerSec;
    const runs = new Map<number, RunContext>();
    this.ports = {
      store,
      objectStore,
      policy,
      clock,
      wallClock: deps.wallClock ?? clock,
      sleeper,
      random,
      source: deps.sourceReader ?? fsSourceReader,
      hashing: deps.hashing,
      settings: this.settings,
      bandwidth:
        rate === undefined || rate <= 0 ? undefined : new TokenBucket(rate, clock, sleeper),
      hub: new EventHub(store, clock, policy, runs, objectStore.endpoint),
      pacer: new Pacer(this.settings, clock, sleeper, random),
      inFlight: new EmissionsInFlight(clock, sleeper),
      runs,
      probe: { prefix: '' },
    };
    this.lease = new PlanLease(
      store,
      deps.wallClock ?? clock,
      this.settings,
      deps.leaseHolder ?? thisProcess(),
      randomUUID(),
      (planId) => runs.has(planId),
    );
    policy.onEvent((event) => {
      this.ports.hub.onPolicyEvent(event);
      this.ports.inFlight.onPolicyEvent(event);
    });
    this.probeWith(objectStore);
  }

  /**
   * While the circuit is open, a listing of the night's prefix with max-keys 0 is the probe, not
   * the next caller's 8 MiB part; while the route was gone, a look at the route comes first (it
   * sends nothing). Any answer, a 403 of a key that may not list included, proves the endpoint
   * answers (ADR 0028).
   */
  private probeWith(objectStore: ObjectStore): void {
    const probe = this.ports.probe;
    this.ports.policy.probeWith(
      objectStore.endpoint,
      (ctx) =>
        objectStore.probeListing(
          { prefix: probe.prefix },
          {
            deadline: ctx.deadline,
            ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
          },
        ),
      () => objectStore.checkRoute(),
    );
  }

  private storeOf(target: StorageTarget): ObjectStore | undefined {
    const current = this.ports.objectStore;
    return sameTarget(target, current.target) ? current : this.storeFor?.(target);
  }

  on(listener: (event: EngineEvent) => void): () => void {
    return this.ports.hub.on(listener);
  }

  // ---------------------------------------------------------------- planning

  /**
   * Plans a folder, resumes its plan, or (asked to) brings the plan up to its changed folder:
   * see `planFolder`. Then checksums the files, unless left to the workers.
   */
  async planFolder(input: PlanFolderInput): Promise<PlanningResult> {
    const { store, clock, hub, source, hashing } = this.ports;
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
          return abortForPlan(this.ports, { planId, bucket, objects }, upload, signal);
        },
        withLease: (planId, work) => this.lease.withLease(planId, work),
      },
      input,
    );
    if (input.hashAhead !== false) {
      await hashPending(store, source, hashing, hub, planned.planId, input.signal, (done, total) =>
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
    const { store } = this.ports;
    const plan = store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    return {
      ...store.counts(planId),
      id: plan.id,
      dir: plan.dir,
      endpoint: plan.endpoint,
      bucket: plan.bucket,
      prefix: plan.prefix,
      metadata: plan.metadata,
      programme: plan.programme,
      createdAt: plan.createdAt,
      completedAt: plan.completedAt,
      manifestAt: plan.manifestAt,
      paused: plan.paused,
      bytesSent: plan.bytesSent,
      bytesResent: plan.bytesResent,
      correction: plan.correction,
      removing: plan.removing,
      removals: this.removalCounts(planId),
      portal: plan.portal,
      analysisAt: plan.analysisAt,
    };
  }

  listUnits(
    planId: number,
    page: { offset: number; limit: number; filter?: UnitFilter },
  ): { total: number; units: UnitView[] } {
    const { total, units } = this.ports.store.listUnits(planId, page);
    return {
      total,
      units: units.map((u) => ({ ...u, activity: this.ports.hub.activityOf(u.id) })),
    };
  }

  /** What the night is doing now that no table holds (ADR 0037). */
  nightLive(planId: number): NightLive {
    return this.ports.hub.liveOf(planId);
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
    const run = this.ports.runs.get(planId);
    if (run !== undefined) {
      run.state.paused = true;
      run.controller.abort();
    }
    this.ports.hub.emit({ type: 'plan-state', planId, state: 'paused' });
  }

  /**
   * Forgets the plan in this database only; the server keeps every object. Refused while a run of
   * this process or another one holds it: the volunteer pauses it first.
   */
  forget(planId: number): void {
    const holder = this.leaseHolder(planId);
    if (this.ports.runs.has(planId) || holder !== undefined) {
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
    this.ports.hub.emit({ type: 'plan-state', planId, state: 'stopped' });
  }

  /** Re-queues the failed units that retrying can help; definitive ones stay, with their cause. */
  retryFailures(planId: number): RetryFailuresResult {
    const { store, clock, hub } = this.ports;
    const result = requeueFailures(store, planId, clock.now(), (unit) =>
      hub.emit({
        type: 'unit-state',
        planId,
        unitId: unit.id,
        relPath: unit.relPath,
        state: { kind: 'pending' },
        activity: { kind: 'idle' },
        was: unit.state.kind,
      }),
    );
    hub.emitProgress(planId, true);
    return result;
  }

  /** New credentials: units refused for authentication go back in the queue (parts kept). */
  credentialsChanged(): number {
    const { store, hub } = this.ports;
    let rearmed = 0;
    for (const plan of store.listPlans()) {
      for (const unit of store.failedUnits(plan.id)) {
        const kind = unit.state.kind === 'failed' ? unit.state.cause.kind : undefined;
        // A new key may be the one with the permission that was missing (issue 29); a new
        // sign-in is the portal's new credentials (ADR 0032).
        if (kind === 'auth' || kind === 'denied' || kind === 'portal-signed-out') {
          rearmed += 1;
          hub.setState(plan.id, unit, { kind: 'pending' });
        }
      }
    }
    return rearmed;
  }

  /**
   * The volunteer asked to read back what nothing the server computed proves (`--read-back`):
   * the plan's units failed as "present, content unproven" go back in the queue, to be read and
   * compared this time. Without it the advice to use `--read-back` led back to itself (issue 30).
   */
  readBackUnproven(planId: number): number {
    const { store, hub } = this.ports;
    let requeued = 0;
    for (const unit of store.failedUnits(planId)) {
      if (unit.state.kind !== 'failed' || unit.state.cause.kind !== 'unproven') continue;
      requeued += 1;
      hub.setState(planId, unit, { kind: 'pending' });
    }
    if (requeued > 0) store.setCompleted(planId, null);
    return requeued;
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
    return checkEndpoint(this.ports, bucket, options.prefix ?? '', options.signal);
  }

  /**
   * Works on the plan until every unit is terminal, the signal aborts, or the plan is paused.
   * Transient troubles never fail a unit: it waits (paced, deferred when long, or for the network).
   */
  async run(planId: number, options: { signal?: AbortSignal } = {}): Promise<RunResult> {
    const plan = this.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    if (this.ports.runs.has(planId)) {
      throw new PlanError({ code: 'already-running', planId }, `plan ${planId} is already running`);
    }
    if (plan.paused) return { kind: 'stopped', reason: 'paused' };
    // Asked off the server: its removal is `workRemovals`' work, never a deposit again.
    if (plan.removing) return { kind: 'stopped', reason: 'aborted' };
    // What it wrote before its destination was corrected is taken back first (issue 31); a
    // refusal is recorded on those removals, and the night goes on at its right place.
    if (this.ports.store.pendingRemovals(planId).length > 0) {
      const pass = await this.workRemovals(planId, options.signal);
      if (pass.ended === 'stopped') {
        const paused = this.ports.store.getPlan(planId)?.paused ?? false;
        return { kind: 'stopped', reason: paused ? 'paused' : 'aborted' };
      }
    }
    if (plan.portal !== null) {
      // Its own portal and participation, never elsewhere; without a sign-in for it, it waits.
      const portal = this.portalFor?.(plan.portal.target);
      if (portal === undefined) {
        this.ports.hub.emit({ type: 'plan-state', planId, state: 'blocked' });
        return { kind: 'blocked', cause: { kind: 'portal-signed-out' } };
      }
      this.probePortal(portal);
      return executeRun(
        this.ports,
        this.lease,
        {
          planId,
          objects: this.ports.objectStore,
          bucket: plan.bucket,
          partSize: plan.partSize,
          portal: newPortalRun(portal, plan.portal.participationId),
        },
        options.signal,
      );
    }
    const target = targetOfPlan(plan, this.ports.objectStore.target);
    const objects = this.storeOf(target);
    if (objects === undefined) {
      // Never elsewhere: the night waits for its own credentials (issue 11).
      this.ports.hub.emit({ type: 'plan-state', planId, state: 'blocked' });
      return {
        kind: 'blocked',
        cause: {
          kind: 'target-unavailable',
          bucket: target.bucket,
          credentialId: target.credentialId,
        },
      };
    }
    if (objects !== this.ports.objectStore) this.probeWith(objects);
    return executeRun(
      this.ports,
      this.lease,
      { planId, objects, bucket: plan.bucket, partSize: plan.partSize },
      options.signal,
    );
  }

  // ---------------------------------------------------------------- ways back (issue 31)

  /** The night's own target (a plan made before targets were recorded follows the settings). */
  targetOf(planId: number): StorageTarget {
    const plan = this.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    return targetOfPlan(plan, this.ports.objectStore.target);
  }

  private refuseWhileRunning(planId: number): void {
    const holder = this.leaseHolder(planId);
    if (this.ports.runs.has(planId) || holder !== undefined) {
      throw new PlanError(
        { code: 'already-running', planId, ...(holder === undefined ? {} : { holder }) },
        `plan ${planId} is depositing: pause it first`,
      );
    }
  }

  /**
   * What the night wrote at its destination and would take back, counted from its plan (objects,
   * uploads), for the confirmation the volunteer reads before a correction or a removal.
   */
  ownObjects(planId: number): { readonly objects: number; readonly uploads: number } {
    const plan = this.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    const removals = removalsOf(this.ports.store, plan, this.targetOf(planId), 0);
    return {
      objects: removals.filter((r) => r.kind === 'object').length,
      uploads: removals.filter((r) => r.kind === 'upload' || r.kind === 'uploads-at').length,
    };
  }

  /**
   * Moves a night to its corrected destination (see `moveNight`); refused while it deposits. What
   * it wrote at the old place is taken back by its next run (or `workRemovals`).
   */
  correctDestination(planId: number, move: NightMove): MoveReport {
    this.refuseWhileRunning(planId);
    const plan = this.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    const report = moveNight(
      this.ports.store,
      plan,
      this.targetOf(planId),
      move,
      this.ports.clock.now(),
    );
    if (report.moved) this.ports.hub.emitProgress(planId, true);
    return report;
  }

  /**
   * "Retirer ce dépôt du serveur": everything the night wrote is queued for removal and the night
   * is no longer deposited; `workRemovals` then takes it back. Refused while it deposits.
   */
  removeFromServer(planId: number): { readonly objects: number; readonly uploads: number } {
    this.refuseWhileRunning(planId);
    const plan = this.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    const removals = plan.removing
      ? []
      : removalsOf(this.ports.store, plan, this.targetOf(planId), this.ports.clock.now());
    if (!plan.removing) this.ports.store.removeNight(planId, removals);
    this.ports.hub.emit({ type: 'plan-state', planId, state: 'stopped' });
    return {
      objects: removals.filter((r) => r.kind === 'object').length,
      uploads: removals.filter((r) => r.kind === 'upload' || r.kind === 'uploads-at').length,
    };
  }

  /** Takes back what the night queued for removal (see `workRemovals`). */
  workRemovals(planId: number, signal?: AbortSignal): Promise<RemovalPass> {
    if (this.ports.runs.has(planId)) {
      throw new PlanError({ code: 'already-running', planId }, `plan ${planId} is already running`);
    }
    return workRemovals(this.ports, this.lease, planId, (t) => this.storeOf(t), signal);
  }

  removalCounts(planId: number): RemovalCounts & { readonly uploads: number } {
    return {
      ...this.ports.store.removalCounts(planId),
      uploads: this.ports.store.pendingUploadRemovals(planId),
    };
  }

  /** The volunteer asks again after a refusal (a permission granted since), or leaves them. */
  retryDeniedRemovals(planId: number): number {
    return this.ports.store.retryDeniedRemovals(planId);
  }

  dropDeniedRemovals(planId: number): number {
    return this.ports.store.dropDeniedRemovals(planId);
  }

  /** Whether the night wrote anything at its destination yet (a file's bytes, its manifest). */
  hasWritten(planId: number): boolean {
    const plan = this.ports.store.getPlan(planId);
    if (plan === undefined) return false;
    return removalsOf(this.ports.store, plan, this.targetOf(planId), 0).length > 0;
  }

  /** Which nights hold a file of this path, size and time (one card, one deposit). */
  plansHolding(file: {
    readonly relPath: string;
    readonly size: number;
    readonly mtimeMs: number;
  }): number[] {
    return this.ports.store.plansHolding(file);
  }

  private objectsOf(planId: number): ObjectStore {
    const objects = this.storeOf(this.targetOf(planId));
    if (objects === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `plan ${planId}: target unavailable`);
    return objects;
  }

  /** Both sides of a file's conflict, and the free name it would take (see `conflictFacts`). */
  conflictFacts(
    planId: number,
    unitId: number,
    pattern?: RegExp,
  ): Promise<ConflictFacts | Unanswered> {
    return conflictFacts(this.ports, planId, unitId, this.objectsOf(planId), pattern);
  }

  /** The volunteer's choice on a conflict, written in the plan (see `settleConflict`). */
  settleConflict(
    planId: number,
    unitId: number,
    choice: SettleChoice,
    pattern?: RegExp,
  ): Promise<Settled> {
    return settleConflict(
      this.ports,
      planId,
      unitId,
      this.objectsOf(planId),
      choice,
      pattern,
      this.wallClock.now(),
    );
  }

  // ---------------------------------------------------------------- portals (ADR 0032)

  /** While the API's circuit is open, its smallest listing is the probe; a route check first. */
  private probePortal(portal: Portal): void {
    if (this.probedPortals.has(portal.endpoint)) return;
    this.probedPortals.add(portal.endpoint);
    this.ports.policy.probeWith(
      portal.endpoint,
      (ctx) =>
        portal.probe({
          deadline: ctx.deadline,
          ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
        }),
      () => portal.checkRoute(),
    );
  }

  /** The night's portal and participation, or why it cannot be reached now. */
  private portalOf(planId: number): { portal: Portal; participationId: string } | 'signed-out' {
    const plan = this.ports.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    if (plan.portal === null)
      throw new PlanError({ code: 'not-a-portal-night', planId }, `plan ${planId} is an S3 night`);
    const portal = this.portalFor?.(plan.portal.target);
    if (portal === undefined) return 'signed-out';
    this.probePortal(portal);
    return { portal, participationId: plan.portal.participationId };
  }

  /** Whether the portal takes the volunteer's sign-in now (waits for the network). */
  checkPortal(
    portal: Portal,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<undefined>> {
    this.probePortal(portal);
    return checkPortal(this.ports, portal, options.signal);
  }

  /** A site's participations, or the volunteer's own (no site). */
  participations(
    portal: Portal & PortalParticipations,
    siteId: string | undefined,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<Participation[]>> {
    this.probePortal(portal);
    return listParticipations(this.ports, portal, siteId, options.signal);
  }

  /** A new participation for a night (never two after a lost reply: see `createParticipation`). */
  createParticipation(
    portal: Portal & PortalParticipations,
    input: NewParticipation,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<Participation>> {
    this.probePortal(portal);
    return createParticipation(this.ports, portal, input, options.signal);
  }

  /** What the night's participation holds on the portal now (a request made by this call). */
  async portalFiles(
    planId: number,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<PortalFile[]>> {
    const night = this.portalOf(planId);
    if (night === 'signed-out') return { kind: 'refused', cause: { kind: 'portal-signed-out' } };
    return listPortalFiles(this.ports, night.portal, night.participationId, planId, options.signal);
  }

  /**
   * "Lancer l'analyse": asks the portal to process the night's participation, once: an analysis
   * already planned is success. Recorded on the plan when the portal accepted it.
   */
  async startAnalysis(
    planId: number,
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<'started' | 'already-planned'>> {
    const night = this.portalOf(planId);
    if (night === 'signed-out') return { kind: 'refused', cause: { kind: 'portal-signed-out' } };
    const answer = await startProcessing(
      this.ports,
      night.portal,
      night.participationId,
      planId,
      options.signal,
    );
    if (answer.kind === 'ok') this.ports.store.setAnalysisAt(planId, this.ports.clock.now());
    return answer;
  }

  /** One file of the night read back through the portal's signed GET URL (`verify --read-back`). */
  async readBackPortalFile(
    planId: number,
    file: { readonly fileId: string; readonly name: string; readonly maxBytes: number },
    options: { signal?: AbortSignal } = {},
  ): Promise<PortalAnswer<ReadBack>> {
    const night = this.portalOf(planId);
    if (night === 'signed-out') return { kind: 'refused', cause: { kind: 'portal-signed-out' } };
    return readBackPortalFile(this.ports, night.portal, file, planId, options.signal);
  }

  /**
   * Another process depositing this plan right now (its lease is fresh and its pid alive), so the
   * interface can refuse before starting; undefined when the plan is free or ours.
   */
  leaseHolder(planId: number): { pid: number; host: string } | undefined {
    return this.lease.holderOf(planId);
  }
}
