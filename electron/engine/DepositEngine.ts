import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { FailureCause } from '../../shared/domain/FailureCause';
import { planPhase } from '../../shared/domain/planPhase';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import { sameTarget } from '../../shared/domain/StorageTarget';
import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import type { Clock } from '../../shared/ports/Clock';
import type {
  EmissionOptions,
  ListedObject,
  ObjectHead,
  ObjectStore,
} from '../../shared/ports/ObjectStore';
import type { Random } from '../../shared/ports/Random';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { Failure, Outcome, Refused } from '../../shared/retry/Outcome';
import type { ProfileName, RetryCounters, RetryEvent } from '../../shared/retry/RetryCall';
import { holdAfterGiveUp, paceAfterGiveUp } from '../../shared/retry/paceAfterGiveUp';
import { listingPrefix, nightIdFrom, nightManifestKey } from '../../shared/wire/nightManifestKey';
import type { ContentProof } from '../../shared/wire/proveSameContent';
import { bareEtag, proveSameContent } from '../../shared/wire/proveSameContent';
import type { JournalEntry } from '../store/JournalEntry';
import type { LeaseAnswer, RunLease } from '../store/RunLease';
import type { PartRecord } from '../store/PartRecord';
import type { PlanStore, UnitFilter } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';
import { buildManifest, manifestFilesOf, readManifestNightId } from './buildManifest';
import { blocksPlan, causeOfRefusal } from './causeOfRefusal';
import { choosePartSize } from './choosePartSize';
import type { EngineEvent } from './EngineEvent';
import type { EngineSettings } from './EngineSettings';
import { defaultEngineSettings } from './EngineSettings';
import { hashFile, SourceChangedError } from './hashFile';
import { objectMetadata } from './objectMetadata';
import type { LeaseHolder } from './LeaseHolder';
import { thisProcess } from './LeaseHolder';
import { multipartEtag } from './multipartEtag';
import { PlanError } from './PlanError';
import type { PlanFolderInput } from './planFolder';
import { planFolder } from './planFolder';
import type { PlanningResult, PlanSummary } from './PlanSummary';
import type { PolicyPort } from './PolicyPort';
import { readPart } from './readPart';
import type { RetryFailuresResult } from './requeueFailures';
import { requeueFailures } from './requeueFailures';
import type { RunResult } from './RunResult';
import { StreamSlots } from './StreamSlots';
import { TokenBucket } from './TokenBucket';
import type { UnitView } from './UnitView';
import { abortError, isAbort, MustWait, UnitFailure } from './waitSignals';

export type DepositEngineDeps = {
  readonly store: PlanStore;
  readonly objectStore: ObjectStore;
  readonly policy: PolicyPort;
  readonly clock: Clock;
  readonly sleeper: Sleeper;
  readonly random: Random;
  readonly settings?: Partial<EngineSettings>;
  /** This process, for the plan's run lease (default: the running process). */
  readonly leaseHolder?: LeaseHolder;
  /**
   * The object store of a night whose target is not `objectStore`'s (settings changed since it
   * was created); undefined when this Depot cannot reach it (its credentials are gone): the night
   * then waits, blocked with that cause, and never goes elsewhere (issue 11).
   */
  readonly storeFor?: (target: StorageTarget) => ObjectStore | undefined;
};

export type { PlanFolderInput } from './planFolder';

export type EngineCounters = RetryCounters & { readonly endpoint: string };

type Run = {
  readonly planId: number;
  /** The night's own target, for every request of the run. */
  readonly store: ObjectStore;
  /** What the night's prefix held when the run started (before its first payload byte). */
  listing: ReadonlyMap<string, ListedObject>;
  /** Units whose last write may have acted without a reply: ask the server before sending again. */
  readonly unsettled: Set<number>;
  readonly controller: AbortController;
  readonly held: Set<number>;
  readonly slots: StreamSlots;
  readonly bucket: string;
  paused: boolean;
  blocked: FailureCause | undefined;
  waitingNetwork: number;
  lastProgressAt: number;
  readonly acked: { at: number; bytes: number }[];
};

type Called<T> =
  | { readonly kind: 'ok'; readonly value: T; readonly attempts: number; readonly sent: number }
  | { readonly kind: 'refused'; readonly failure: Refused; readonly attempts: number };

const SHA_KEY = 'sha256';
/**
 * A file hashed when taken and this small keeps its bytes for its one request: at most two files
 * in progress per slot, so 2 x concurrency MiB at worst (ADR 0010's budget is for parts in flight).
 */
const KEEP_HASHED_BODY_UP_TO = 1024 * 1024;
const THROUGHPUT_WINDOW_MS = 10_000;
const PROGRESS_EVERY_MS = 250;
/** A multipart upload the server dropped is started again from its first part, this many times. */
const MAX_UPLOAD_RESTARTS = 2;
/** Manifests are small: one larger than this at our key is not ours. */
const MANIFEST_READ_MAX = 64 * 1024 * 1024;

/**
 * A write may have acted when its whole body went out and no answer came back (or, for bodiless
 * writes, when the request went out at all): replaying it blindly is what seed 003 forbids.
 */
const mayHaveActed = (failure: Failure, bodySent: boolean): boolean =>
  failure.kind === 'unreachable' &&
  bodySent &&
  failure.reason !== 'connection-refused' &&
  failure.reason !== 'dns' &&
  failure.reason !== 'no-route';
/**
 * Files in progress per slot. Two: while one file's round trips without payload (HeadObject,
 * Create, Complete, the verification) are out, another file's bytes use the slot (ADR 0011).
 */
const WORKERS_PER_SLOT = 2;

const errnoOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Deposits planned folders to one object store endpoint, resumably and verified (issue 3,
 * DESIGN principles 1-10). A plain class with injected ports: Electron's main process and the
 * command line only wire it. Every emission goes through the retry policy; the SQLite plan is
 * the net that makes a kill at any instant cost at most one part per file in flight.
 */
export class DepositEngine {
  private readonly store: PlanStore;
  private readonly objectStore: ObjectStore;
  private readonly policy: PolicyPort;
  private readonly clock: Clock;
  private readonly sleeper: Sleeper;
  private readonly random: Random;
  readonly settings: EngineSettings;
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private readonly runs = new Map<number, Run>();
  private readonly activity = new Map<number, UnitActivity>();
  /** Operation name -> who is calling, to attribute the policy's events. */
  private readonly inflight = new Map<string, { planId: number; unitId?: number }>();
  /** A small file's bytes as hashed when it was taken, until its request body is read. */
  private readonly hashedBodies = new Map<number, Buffer>();
  private readonly bandwidth: TokenBucket | undefined;
  /** No new emission to the endpoint before this (a give-up's not-before): no racing through the queue. */
  private holdUntil = 0;
  private consecutiveGiveUps = 0;
  private circuitOffline = false;
  private readonly holder: LeaseHolder;
  /** This engine's identity in run leases: two engines of one process are two holders. */
  private readonly leaseToken = randomUUID();
  private readonly storeFor: ((target: StorageTarget) => ObjectStore | undefined) | undefined;

  constructor(deps: DepositEngineDeps) {
    this.holder = deps.leaseHolder ?? thisProcess();
    this.storeFor = deps.storeFor;
    this.store = deps.store;
    this.objectStore = deps.objectStore;
    this.policy = deps.policy;
    this.clock = deps.clock;
    this.sleeper = deps.sleeper;
    this.random = deps.random;
    this.settings = { ...defaultEngineSettings, ...deps.settings };
    const rate = this.settings.bwlimitBytesPerSec;
    this.bandwidth =
      rate === undefined || rate <= 0
        ? undefined
        : new TokenBucket(rate, this.clock, this.sleeper, Math.max(rate, 256 * 1024));
    this.policy.onEvent((event) => this.onPolicyEvent(event));
    this.probeWith(this.objectStore);
  }

  /** While the circuit is open, a HeadBucket is the probe, not the next caller's 8 MiB part. */
  private probeWith(objectStore: ObjectStore): void {
    this.policy.probeWith(objectStore.endpoint, (ctx) =>
      objectStore.headBucket({
        deadline: ctx.deadline,
        clockOffsetMs: ctx.clockOffsetMs,
        ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      }),
    );
  }

  /** The night's own target: a plan made before targets were recorded follows the current one. */
  private targetOf(plan: {
    endpoint: string;
    bucket: string;
    region: string | null;
    pathStyle: boolean | null;
    credentialId: string | null;
  }): StorageTarget {
    const current = this.objectStore.target;
    return {
      endpoint: plan.endpoint,
      bucket: plan.bucket,
      region: plan.region ?? current.region,
      pathStyle: plan.pathStyle ?? current.pathStyle,
      credentialId: plan.credentialId ?? current.credentialId,
    };
  }

  private storeOf(target: StorageTarget): ObjectStore | undefined {
    return sameTarget(target, this.objectStore.target) ? this.objectStore : this.storeFor?.(target);
  }

  on(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------------------------------------------------------------- planning

  /**
   * Plans a folder, resumes its plan, or (asked to) brings the plan up to its changed folder:
   * see `planFolder`. Then checksums the files, unless left to the workers.
   */
  async planFolder(input: PlanFolderInput): Promise<PlanningResult> {
    const planned = await planFolder(
      {
        store: this.store,
        target: this.objectStore.target,
        newNightId: () => nightIdFrom(randomBytes(16)),
        settings: this.settings,
        clock: this.clock,
        abortUpload: (planId, upload, signal) => this.abortForPlan(planId, upload, signal),
        withLease: (planId, work) => this.withLease(planId, work),
      },
      input,
    );
    if (input.hashAhead !== false) {
      await this.hashPending(planned.planId, input.signal, (done, total) =>
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

  /** The plan's run lease for this engine, or the error naming the process that holds it. */
  private takeLease(planId: number): Extract<LeaseAnswer, { kind: 'taken' }> {
    const lease = this.store.acquireLease({
      planId,
      pid: this.holder.pid,
      host: this.holder.host,
      token: this.leaseToken,
      now: this.clock.now(),
      staleMs: this.settings.leaseStaleMs,
      isAlive: this.holder.isAlive,
    });
    if (lease.kind === 'held') throw this.heldElsewhere(lease.by);
    return lease;
  }

  /** `work` while holding the plan's run lease, refused as 'already-running' when another holds it. */
  private async withLease<T>(planId: number, work: () => Promise<T>): Promise<T> {
    if (this.runs.has(planId)) {
      throw new PlanError({ code: 'already-running', planId }, `plan ${planId} is already running`);
    }
    this.takeLease(planId);
    try {
      return await work();
    } finally {
      this.store.releaseLease(planId, this.leaseToken);
    }
  }

  /**
   * Aborts one of a plan's uploads outside a run (a plan update), through the policy and its
   * waits like every request; an upload already gone counts as aborted. Stops with the signal.
   */
  private async abortForPlan(
    planId: number,
    upload: { readonly key: string; readonly uploadId: string },
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const plan = this.store.getPlan(planId);
    const store = plan === undefined ? undefined : this.storeOf(this.targetOf(plan));
    if (plan === undefined || store === undefined) {
      // The night's target is out of reach from here: its next run's sweep aborts what it can.
      this.record(planId, `AbortMultipartUpload ${upload.key}`, 'target-unavailable', 1, null);
      return;
    }
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const run: Run = {
      planId,
      store,
      listing: new Map(),
      unsettled: new Set(),
      controller,
      held: new Set(),
      slots: new StreamSlots(1),
      bucket: plan.bucket,
      paused: false,
      blocked: undefined,
      waitingNetwork: 0,
      lastProgressAt: 0,
      acked: [],
    };
    try {
      await this.withWaits(run, undefined, () =>
        this.call(run, undefined, `AbortMultipartUpload ${upload.key}`, 'brief', 0, (o) =>
          store.abortMultipartUpload(upload, o),
        ),
      );
    } catch (error) {
      if (isAbort(error) || controller.signal.aborted) throw abortError();
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /** Streams the checksums of every unit not hashed yet (resumable: one transaction per file). */
  private async hashPending(
    planId: number,
    signal: AbortSignal | undefined,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    const plan = this.store.getPlan(planId);
    if (plan === undefined) return;
    const total = this.store.countUnhashed(planId);
    let done = 0;
    for (;;) {
      signal?.throwIfAborted();
      const unit = this.store.nextUnhashed(planId);
      if (unit === undefined) break;
      try {
        await this.hashUnit(plan.partSize, unit, signal);
      } catch (error) {
        const cause = this.sourceCause(error);
        if (cause === undefined) throw error;
        this.setState(planId, unit, { kind: 'failed', cause });
      }
      done += 1;
      onProgress?.(done, total);
    }
  }

  /** One file's SHA-256 and part MD5s, streamed and stored in one transaction. */
  private async hashUnit(
    planPartSize: number,
    unit: UnitRecord,
    signal: AbortSignal | undefined,
    keepUpTo = 0,
  ): Promise<Buffer | undefined> {
    const partSize = unit.multipart ? choosePartSize(unit.size, planPartSize) : unit.size || 1;
    const { body, ...hashes } = await hashFile(unit.absPath, unit.size, partSize, signal, keepUpTo);
    this.store.setHashes(unit.id, hashes);
    return body;
  }

  // ---------------------------------------------------------------- queries and controls

  listPlans(): PlanSummary[] {
    return this.store.listPlans().map((p) => this.planSummary(p.id));
  }

  planSummary(planId: number): PlanSummary {
    const plan = this.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    return {
      ...this.store.counts(planId),
      id: plan.id,
      dir: plan.dir,
      endpoint: plan.endpoint,
      bucket: plan.bucket,
      prefix: plan.prefix,
      metadata: plan.metadata,
      createdAt: plan.createdAt,
      completedAt: plan.completedAt,
      manifestAt: plan.manifestAt,
      paused: plan.paused,
      running: this.runs.has(planId),
      bytesSent: plan.bytesSent,
      bytesResent: plan.bytesResent,
    };
  }

  listUnits(
    planId: number,
    page: { offset: number; limit: number; filter?: UnitFilter },
  ): { total: number; units: UnitView[] } {
    const { total, units } = this.store.listUnits(planId, page);
    return {
      total,
      units: units.map((u) => ({ ...u, activity: this.activity.get(u.id) ?? { kind: 'idle' } })),
    };
  }

  failedUnits(planId: number): UnitRecord[] {
    return this.store.failedUnits(planId);
  }

  counters(): EngineCounters {
    return {
      endpoint: this.objectStore.endpoint,
      ...this.policy.counters(this.objectStore.endpoint),
    };
  }

  journal(query: { limit: number; planId?: number }): JournalEntry[] {
    return this.store.journal(query);
  }

  isRunning(planId: number): boolean {
    return this.runs.has(planId);
  }

  /** Stops the plan's work at once (in-flight parts are lost, at most one per file) and persists the pause. */
  pause(planId: number): void {
    this.store.setPaused(planId, true);
    const run = this.runs.get(planId);
    if (run !== undefined) {
      run.paused = true;
      run.controller.abort();
    }
    this.emit({ type: 'plan-state', planId, state: 'paused' });
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
    if (!this.store.forgetPlan(planId))
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
  }

  /** Lifts the pause; the caller starts `run(planId)` again. */
  resume(planId: number): void {
    this.store.setPaused(planId, false);
    this.emit({ type: 'plan-state', planId, state: 'stopped' });
  }

  /** Re-queues the failed units that retrying can help; definitive ones stay, with their cause. */
  retryFailures(planId: number): RetryFailuresResult {
    const result = requeueFailures(this.store, planId, this.clock.now(), (unit) =>
      this.emit({
        type: 'unit-state',
        planId,
        unitId: unit.id,
        relPath: unit.relPath,
        state: { kind: 'pending' },
      }),
    );
    this.emitProgress(planId, true);
    return result;
  }

  /** New credentials: units refused for authentication go back in the queue (parts kept). */
  credentialsChanged(): number {
    let rearmed = 0;
    for (const plan of this.store.listPlans()) {
      for (const unit of this.store.failedUnits(plan.id)) {
        if (unit.state.kind === 'failed' && unit.state.cause.kind === 'auth') {
          rearmed += 1;
          this.setState(plan.id, unit, { kind: 'pending' });
        }
      }
    }
    return rearmed;
  }

  // ---------------------------------------------------------------- running

  /**
   * Asks the endpoint whether the bucket is there and the credentials work, before planning or
   * running anything: a refusal is reported without touching any plan; an unreachable endpoint is
   * waited for (events say "waiting for network") until it answers or the signal aborts.
   */
  async checkEndpoint(
    bucket: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<{ kind: 'ok' } | { kind: 'blocked'; cause: FailureCause } | { kind: 'stopped' }> {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    const run: Run = {
      planId: 0,
      store: this.objectStore,
      listing: new Map(),
      unsettled: new Set(),
      controller,
      held: new Set(),
      slots: new StreamSlots(1),
      bucket,
      paused: false,
      blocked: undefined,
      waitingNetwork: 0,
      lastProgressAt: 0,
      acked: [],
    };
    // Registered like a plan's run (id 0) so circuit events report "waiting for network" for it too.
    this.runs.set(0, run);
    try {
      const outcome = await this.withWaits(run, undefined, async () => {
        const r = await this.call(run, undefined, 'HeadBucket', 'brief', 0, (o) =>
          this.objectStore.headBucket(o),
        );
        return r.kind === 'refused' ? causeOfRefusal(r.failure, bucket) : undefined;
      });
      if (outcome === undefined || outcome === 'deferred') return { kind: 'ok' };
      return { kind: 'blocked', cause: outcome };
    } catch (error) {
      if (isAbort(error) || controller.signal.aborted) return { kind: 'stopped' };
      throw error;
    } finally {
      this.runs.delete(0);
      options.signal?.removeEventListener('abort', stop);
    }
  }

  /**
   * Works on the plan until every unit is terminal, the signal aborts, or the plan is paused.
   * Transient troubles never fail a unit: it waits (paced, deferred when long, or for the network).
   */
  async run(planId: number, options: { signal?: AbortSignal } = {}): Promise<RunResult> {
    const plan = this.store.getPlan(planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId }, `no plan ${planId}`);
    if (this.runs.has(planId)) {
      throw new PlanError({ code: 'already-running', planId }, `plan ${planId} is already running`);
    }
    if (plan.paused) return { kind: 'stopped', reason: 'paused' };
    const target = this.targetOf(plan);
    const objectStore = this.storeOf(target);
    if (objectStore === undefined) {
      // Never elsewhere: the night waits for its own credentials (issue 11).
      const cause: FailureCause = {
        kind: 'target-unavailable',
        bucket: target.bucket,
        credentialId: target.credentialId,
      };
      this.emit({ type: 'plan-state', planId, state: 'blocked' });
      return { kind: 'blocked', cause };
    }
    if (objectStore !== this.objectStore) this.probeWith(objectStore);
    const lease = this.takeLease(planId);
    if (lease.tookOver !== undefined) {
      const { pid, host, heartbeatAt } = lease.tookOver;
      this.record(
        planId,
        'RunLease',
        `taken over from pid ${pid} on ${host} (last heartbeat ${new Date(heartbeatAt).toISOString()})`,
        1,
        null,
      );
    }
    const controller = new AbortController();
    const stopHeartbeat = this.holder.heartbeat(() => {
      try {
        // Taken over (our heartbeat looked stale, e.g. after a sleep): stop, resumable.
        if (!this.store.renewLease(planId, this.leaseToken, this.clock.now())) controller.abort();
      } catch {
        // A busy database: the next beat tries again, well before the lease looks stale.
      }
    }, this.settings.leaseRenewMs);
    const stop = (): void => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    const run: Run = {
      planId,
      store: objectStore,
      listing: new Map(),
      unsettled: new Set(),
      controller,
      held: new Set(),
      slots: new StreamSlots(this.settings.concurrency),
      bucket: plan.bucket,
      paused: false,
      blocked: undefined,
      waitingNetwork: 0,
      lastProgressAt: 0,
      acked: [],
    };
    this.runs.set(planId, run);
    this.emit({ type: 'plan-state', planId, state: 'running' });
    let result: RunResult;
    // A full disk fails the cleanup too: its error must not replace the one that stopped the run
    // (issue 12). Thrown after the cleanup only when the run itself ended without error.
    let cleanupError: Error | undefined;
    const cleanup = (step: () => void): void => {
      try {
        step();
      } catch (error) {
        cleanupError ??= error instanceof Error ? error : new Error(String(error));
      }
    };
    try {
      result = await this.runPlan(run);
    } catch (error) {
      if (!isAbort(error) && !controller.signal.aborted) throw error;
      result =
        run.blocked !== undefined
          ? { kind: 'blocked', cause: run.blocked }
          : { kind: 'stopped', reason: run.paused ? 'paused' : 'aborted' };
    } finally {
      stopHeartbeat();
      cleanup(() => this.store.releaseLease(planId, this.leaseToken));
      options.signal?.removeEventListener('abort', stop);
      // The run's last figures (throughput included) whatever the progress throttle let through.
      this.emitProgress(planId, true);
      this.runs.delete(planId);
      cleanup(() => this.store.resetInProgress(planId, this.clock.now()));
      for (const id of run.held) this.activity.delete(id);
    }
    if (cleanupError !== undefined) throw cleanupError;
    this.emitProgress(planId, true);
    this.emit({
      type: 'plan-state',
      planId,
      state:
        result.kind === 'stopped'
          ? result.reason === 'paused'
            ? 'paused'
            : 'stopped'
          : result.kind,
    });
    return result;
  }

  /**
   * Another process depositing this plan right now (its lease is fresh and its pid alive), so the
   * interface can refuse before starting; undefined when the plan is free or ours.
   */
  leaseHolder(planId: number): { pid: number; host: string } | undefined {
    const lease = this.store.lease(planId);
    if (lease === undefined || lease.token === this.leaseToken) return undefined;
    const stale = this.clock.now() - lease.heartbeatAt > this.settings.leaseStaleMs;
    const dead = lease.host === this.holder.host && !this.holder.isAlive(lease.pid);
    return stale || dead ? undefined : { pid: lease.pid, host: lease.host };
  }

  private heldElsewhere(by: RunLease): PlanError {
    const where = by.host === this.holder.host ? '' : ` on ${by.host}`;
    return new PlanError(
      { code: 'already-running', planId: by.planId, holder: { pid: by.pid, host: by.host } },
      `plan ${by.planId} is being deposited by another Depot process, pid ${by.pid}${where}`,
    );
  }

  private async runPlan(run: Run): Promise<RunResult> {
    const signal = run.controller.signal;
    const plan = this.store.getPlan(run.planId);
    if (plan === undefined)
      throw new PlanError({ code: 'no-such-plan', planId: run.planId }, 'gone');
    if (planPhase({ ...this.store.counts(run.planId), ...plan }) === 'complete') {
      return { kind: 'completed' };
    }
    // Reconcile before sending (issue 11): what the night's prefix already holds, listed before
    // the first payload byte. It is also the endpoint check: wrong credentials or a missing bucket
    // stop here, failing no unit.
    await this.withWaits(run, undefined, async () => {
      const prefix = listingPrefix(plan.prefix);
      const r = await this.call(run, undefined, `ListObjectsV2 ${prefix}`, 'insistent', 0, (o) =>
        run.store.listObjects({ prefix }, o),
      );
      if (r.kind === 'refused') this.block(run, causeOfRefusal(r.failure, run.bucket));
      else run.listing = new Map(r.value.map((o) => [o.key, o]));
    });
    // Files planning did not get to are hashed by the workers, one at a time, as they come.
    this.emitProgress(run.planId, true);
    // Units re-queued while the last workers were finishing (retryFailures, credentialsChanged)
    // get a new round instead of being left pending.
    for (;;) {
      const workers = Array.from(
        { length: WORKERS_PER_SLOT * Math.max(1, this.settings.concurrency) },
        () => this.worker(run),
      );
      const settled = await Promise.allSettled(workers);
      if (run.blocked !== undefined) return { kind: 'blocked', cause: run.blocked };
      signal.throwIfAborted();
      const unexpected = settled.find((s) => s.status === 'rejected' && !isAbort(s.reason));
      if (unexpected !== undefined && unexpected.status === 'rejected') throw unexpected.reason;
      if (this.store.nextRunnable(run.planId, this.clock.now(), []) === undefined) break;
    }
    const finished = await this.withWaits(run, undefined, () => this.finish(run));
    return finished === 'deferred' ? { kind: 'stopped', reason: 'aborted' } : finished;
  }

  private block(run: Run, cause: FailureCause): never {
    run.blocked = cause;
    run.controller.abort();
    throw abortError();
  }

  /**
   * Takes files one after another. A worker holds no slot: it takes one only to put payload on
   * the wire (see `withSlot`), so a file's round trips without payload (the HeadObject before it,
   * Create, Complete, the verification) overlap another file's bytes instead of idling a stream.
   */
  private async worker(run: Run): Promise<void> {
    const signal = run.controller.signal;
    for (;;) {
      if (signal.aborted) return;
      await this.waitHold(signal);
      const unit = this.store.nextRunnable(run.planId, this.clock.now(), [...run.held]);
      if (unit === undefined) {
        const next = this.store.earliestDeferred(run.planId);
        if (next === undefined) return;
        await this.sleeper.sleep(Math.max(1, Math.min(next - this.clock.now(), 5_000)), signal);
        continue;
      }
      run.held.add(unit.id);
      try {
        await this.processUnit(run, unit);
      } finally {
        run.held.delete(unit.id);
        this.activity.delete(unit.id);
      }
    }
  }

  /** Payload goes on the wire inside a slot: at most one part body per slot, in memory and in flight. */
  private async withSlot<T>(run: Run, send: () => Promise<T>): Promise<T> {
    const release = await run.slots.acquire(run.controller.signal);
    try {
      return await send();
    } finally {
      release();
    }
  }

  /** One unit until it is done, failed or deferred; short waits are slept here. */
  private async processUnit(run: Run, unit: UnitRecord): Promise<void> {
    if (unit.state.kind !== 'in-progress') this.setState(run.planId, unit, { kind: 'in-progress' });
    const result = await this.withWaits(run, unit, async () => {
      const u = this.store.getUnit(unit.id) ?? unit;
      try {
        return await this.depositUnit(run, u);
      } catch (error) {
        const cause = this.sourceCause(error);
        if (cause !== undefined) throw new UnitFailure(cause);
        throw error;
      }
    }).catch((error: unknown) => {
      if (error instanceof UnitFailure) return error;
      throw error;
    });
    if (result === 'deferred') return;
    if (result instanceof UnitFailure) {
      this.setState(run.planId, unit, { kind: 'failed', cause: result.failure });
      if (blocksPlan(result.failure)) this.block(run, result.failure);
      return;
    }
    this.setState(run.planId, unit, { kind: 'done', alreadyPresent: result.alreadyPresent });
  }

  /**
   * Runs `step` again after every transient trouble: waits for the network when the circuit is
   * open, sleeps a short wait, and (for a unit) persists a long one as `deferred`.
   */
  private async withWaits<T>(
    run: Run,
    unit: UnitRecord | undefined,
    step: () => Promise<T>,
  ): Promise<T | 'deferred'> {
    const signal = run.controller.signal;
    // "Waiting for network" lasts from the first network trouble until a step gets through (or
    // gives up for another reason), not merely until the next probe slot.
    let waitingNetwork = false;
    const networkWait = (waiting: boolean): void => {
      if (waiting === waitingNetwork) return;
      waitingNetwork = waiting;
      this.setNetworkWait(run, unit, waiting);
    };
    try {
      for (;;) {
        try {
          return await step();
        } catch (error) {
          if (!(error instanceof MustWait)) throw error;
          const now = this.clock.now();
          const circuitOpen = this.policy.circuit(run.store.endpoint).kind === 'open';
          if (error.network && circuitOpen) {
            networkWait(true);
            await this.policy.whenAvailable(run.store.endpoint, signal);
            continue;
          }
          networkWait(false);
          const wait = error.notBefore - now;
          if (unit !== undefined && wait > this.settings.deferAfterMs) {
            this.setState(run.planId, unit, { kind: 'deferred', notBefore: error.notBefore });
            return 'deferred';
          }
          if (unit !== undefined) {
            this.setActivity(run.planId, unit.id, {
              kind: 'retry-wait',
              nextAttemptAt: error.notBefore,
            });
          }
          if (wait > 0) await this.sleeper.sleep(wait, signal);
          if (unit !== undefined) this.setActivity(run.planId, unit.id, { kind: 'idle' });
        }
      }
    } finally {
      networkWait(false);
    }
  }

  private setNetworkWait(run: Run, unit: UnitRecord | undefined, waiting: boolean): void {
    const before = this.isWaitingNetwork(run);
    run.waitingNetwork += waiting ? 1 : -1;
    if (unit !== undefined) {
      this.setActivity(
        run.planId,
        unit.id,
        waiting ? { kind: 'waiting-network' } : { kind: 'idle' },
      );
    }
    this.emitNetworkChange(run, before);
  }

  /** A unit waits for the network, or the policy holds calls while the endpoint is unreachable. */
  private isWaitingNetwork(run: Run): boolean {
    return run.waitingNetwork > 0 || this.circuitOffline;
  }

  private emitNetworkChange(run: Run, before: boolean): void {
    const now = this.isWaitingNetwork(run);
    if (now !== before) this.emit({ type: 'waiting-network', planId: run.planId, waiting: now });
  }

  private async waitHold(signal: AbortSignal): Promise<void> {
    for (;;) {
      const wait = this.holdUntil - this.clock.now();
      if (wait <= 0) return;
      await this.sleeper.sleep(wait, signal);
    }
  }

  /** Pacing after a give-up that named no time: doubling, capped, equal jitter. */
  private pace(): number {
    const paced = paceAfterGiveUp(this.settings, this.consecutiveGiveUps, this.random.next());
    this.consecutiveGiveUps = paced.consecutiveGiveUps;
    return paced.delayMs;
  }

  /**
   * One logical call through the policy, with a deadline sized to the body. Success and
   * not-retryable refusals come back; a transient give-up throws MustWait (never a failure).
   * `write` marks a call that may act on the server: a failed attempt that may have acted is not
   * replayed (the policy ends with `outcome-unknown`) and the unit is marked unsettled, so its
   * next step asks the server first (seed 003). `reconciles` makes that question pay as a retry.
   */
  private async call<T>(
    run: Run,
    unit: UnitRecord | undefined,
    operation: string,
    profile: ProfileName,
    bodyBytes: number,
    emit: (options: EmissionOptions, attempt: number) => Promise<Outcome<T>>,
    options: {
      readonly write?: boolean;
      /** For a write: which failures may have acted (default: a lost reply after the whole body). */
      readonly mayHaveActed?: (failure: Failure) => boolean;
      readonly reconciles?: boolean;
      /** Told the body bytes that went out over every attempt, however the call ends. */
      readonly onSent?: (bytes: number) => void;
    } = {},
  ): Promise<Called<T>> {
    const signal = run.controller.signal;
    await this.waitHold(signal);
    const deadline =
      this.clock.now() +
      this.settings.callTimeoutMs +
      Math.ceil((bodyBytes * 1000) / this.settings.minThroughputBytesPerSec);
    let sent = 0;
    let attemptSent = 0;
    let unknown = false;
    const acted = (failure: Failure): boolean =>
      options.mayHaveActed?.(failure) ?? mayHaveActed(failure, attemptSent >= bodyBytes);
    this.inflight.set(operation, { planId: run.planId, unitId: unit?.id });
    let result;
    try {
      result = await this.policy.run(
        {
          endpoint: run.store.endpoint,
          profile,
          deadline,
          signal,
          operation,
          ...(options.reconciles === true ? { reconciles: true } : {}),
          ...(options.write === true
            ? {
                mayReplay: (failure: Failure) => {
                  unknown = acted(failure);
                  return !unknown;
                },
              }
            : {}),
        },
        (ctx) => {
          attemptSent = 0;
          return emit(
            {
              deadline: ctx.deadline,
              signal: ctx.signal,
              clockOffsetMs: ctx.clockOffsetMs,
              onBytesSent: (total) => {
                sent += Math.max(0, total - attemptSent);
                attemptSent = total;
              },
            },
            ctx.attempt,
          );
        },
      );
    } finally {
      this.inflight.delete(operation);
      options.onSent?.(sent);
    }
    if (result.kind === 'success') {
      this.consecutiveGiveUps = 0;
      if (unit !== undefined) run.unsettled.delete(unit.id);
      this.record(
        run.planId === 0 ? null : run.planId,
        operation,
        'success',
        result.attempts,
        null,
      );
      return { kind: 'ok', value: result.value, attempts: result.attempts, sent };
    }
    if (result.reason === 'aborted' || signal.aborted) {
      if (unknown && unit !== undefined) run.unsettled.add(unit.id);
      throw abortError();
    }
    if (result.last?.kind === 'refused' && result.reason === 'not-retryable') {
      return { kind: 'refused', failure: result.last, attempts: result.attempts };
    }
    // The last attempt of a write went unanswered: whatever ended the call, ask before replaying.
    if (
      options.write === true &&
      unit !== undefined &&
      result.last !== undefined &&
      acted(result.last)
    ) {
      run.unsettled.add(unit.id);
    }
    const network = result.reason === 'circuit-open' || result.last?.kind === 'unreachable';
    const notBefore = Math.max(result.notBefore ?? 0, this.clock.now() + this.pace());
    this.holdUntil = holdAfterGiveUp(
      this.settings,
      this.holdUntil,
      { notBefore, network },
      this.clock.now(),
    );
    throw new MustWait(notBefore, network);
  }

  // ---------------------------------------------------------------- one unit

  private async depositUnit(run: Run, unit: UnitRecord): Promise<{ alreadyPresent: boolean }> {
    if (unit.sha256 === null) {
      // Planning was interrupted before this file: hash it now (a source error fails the unit).
      const plan = this.store.getPlan(run.planId);
      const body = await this.hashUnit(
        plan?.partSize ?? this.settings.partSize,
        unit,
        run.controller.signal,
        KEEP_HASHED_BODY_UP_TO,
      );
      if (body !== undefined) this.hashedBodies.set(unit.id, body);
      try {
        return await this.depositUnit(run, this.store.getUnit(unit.id) ?? unit);
      } finally {
        this.hashedBodies.delete(unit.id);
      }
    }
    await this.checkSource(unit);
    return unit.multipart ? this.depositMultipart(run, unit) : this.depositSingle(run, unit);
  }

  private async checkSource(unit: UnitRecord): Promise<void> {
    let info;
    try {
      info = await stat(unit.absPath);
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') throw new UnitFailure({ kind: 'source-missing' });
      throw new UnitFailure({ kind: 'source-unreadable', detail: errnoOf(error) ?? String(error) });
    }
    if (info.size !== unit.size || Math.trunc(info.mtimeMs) !== Math.trunc(unit.mtimeMs)) {
      throw new UnitFailure({
        kind: 'source-changed',
        detail: `size ${unit.size} -> ${info.size}, modified ${new Date(info.mtimeMs).toISOString()}`,
      });
    }
  }

  private sourceCause(error: unknown): FailureCause | undefined {
    if (error instanceof UnitFailure) return error.failure;
    if (error instanceof SourceChangedError)
      return { kind: 'source-changed', detail: error.message };
    const errno = errnoOf(error);
    if (errno === 'ENOENT') return { kind: 'source-missing' };
    if (errno === 'EACCES' || errno === 'EPERM' || errno === 'EIO' || errno === 'EISDIR') {
      return { kind: 'source-unreadable', detail: errno };
    }
    return undefined;
  }

  private async readBody(run: Run, unit: UnitRecord, part: PartRecord): Promise<Buffer> {
    const hashed = this.hashedBodies.get(unit.id);
    if (hashed !== undefined && part.partNumber === 1 && hashed.length === part.size) {
      // The bytes the checksums were taken from: no second read (issue 15), same pacing.
      this.hashedBodies.delete(unit.id);
      await this.bandwidth?.take(hashed.length, run.controller.signal);
      return hashed;
    }
    return readPart(
      unit.absPath,
      part.offset,
      part.size,
      part.md5,
      this.bandwidth,
      run.controller.signal,
    );
  }

  /** What the server computed over the bytes Depot's own upload of this unit gives. */
  private expectedEtag(unit: UnitRecord, parts: readonly PartRecord[]): string {
    return unit.multipart ? multipartEtag(parts.map((p) => p.md5)) : (parts[0]?.md5 ?? '');
  }

  /**
   * The object at the unit's key before sending: from the run's listing, or, when a write of
   * this run may have acted without a reply, from HeadObject (paid as a retry).
   */
  private async remoteBefore(
    run: Run,
    unit: UnitRecord,
  ): Promise<{ size: number; etag: string } | undefined> {
    if (!run.unsettled.has(unit.id)) return run.listing.get(unit.key);
    const head = await this.head(run, unit, { reconciles: true });
    run.unsettled.delete(unit.id);
    return head;
  }

  /**
   * An object already at the key: proved the same by the server's ETag is done (counted "already
   * there" when it cannot be our own upload, as the caller knows), other bytes are a conflict
   * never overwritten, and what nothing proves is "present, content unproven" unless read back.
   */
  private async decideExisting(
    run: Run,
    unit: UnitRecord,
    remote: { size: number; etag: string },
    alreadyPresent: boolean,
  ): Promise<{ alreadyPresent: boolean }> {
    const parts = this.store.parts(unit.id);
    const proof = proveSameContent(
      {
        size: unit.size,
        expectedEtag: this.expectedEtag(unit, parts),
        ...(unit.md5 !== null
          ? { wholeMd5: unit.md5 }
          : unit.multipart
            ? {}
            : { wholeMd5: parts[0]?.md5 ?? '' }),
      },
      remote,
    );
    const settled = await this.settleProof(run, unit, proof);
    if (settled.kind === 'same') return { alreadyPresent };
    if (settled.kind === 'unproven') {
      throw new UnitFailure({ kind: 'unproven', remoteEtag: bareEtag(remote.etag) });
    }
    throw new UnitFailure({ kind: 'conflict', localSize: unit.size, remoteSize: remote.size });
  }

  /** With `readBack`, an unproven object is read and hashed (SHA-256 against the local file's). */
  private async settleProof(
    run: Run,
    unit: UnitRecord,
    proof: ContentProof,
  ): Promise<ContentProof> {
    if (proof.kind !== 'unproven' || !this.settings.readBack) return proof;
    const r = await this.call(run, unit, `GetObject ${unit.key}`, 'insistent', 0, (o) =>
      run.store.getObject({ key: unit.key, maxBytes: unit.size }, o),
    );
    if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    if (r.value === undefined) return proof;
    const sha256 = createHash('sha256').update(r.value).digest('hex');
    return sha256 === unit.sha256 ? { kind: 'same' } : { kind: 'different', why: 'etag' };
  }

  private async depositSingle(run: Run, unit: UnitRecord): Promise<{ alreadyPresent: boolean }> {
    const part = this.store.parts(unit.id)[0];
    if (part === undefined) throw new Error(`unit ${unit.id} has no part plan`);
    // Acknowledged before a stop: the PUT's ETag was the server's MD5 of the bytes.
    if (part.etag !== null) return { alreadyPresent: false };
    // Found before any byte of ours went out, it is someone else's: "already there".
    const foreign = part.sentBytes === 0;
    const remote = await this.remoteBefore(run, unit);
    if (remote !== undefined) return this.decideExisting(run, unit, remote, foreign);
    const r = await this.withSlot(run, () =>
      this.emitPart(run, unit, part, `PutObject ${unit.key}`, (body, md5Base64, o) =>
        run.store.putObject(
          { key: unit.key, body, md5Base64, metadata: objectMetadata(unit), ifNoneMatch: true },
          o,
        ),
      ),
    );
    if (r.kind === 'refused') {
      if (r.failure.status !== 412) throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
      // The key appeared since the listing (another Depot, another tool): look at what it holds.
      const head = await this.head(run, unit);
      // Gone again between the 412 and the HeadObject: try the upload again, paced.
      if (head === undefined) throw new MustWait(this.clock.now() + this.pace(), false);
      return this.decideExisting(run, unit, head, foreign);
    }
    const etag = bareEtag(r.value.etag);
    if (etag === '') {
      await this.verify(run, unit, part.md5);
    } else if (etag !== part.md5) {
      throw new UnitFailure({
        kind: 'verification-failed',
        detail: `ETag ${etag} from the server, ${part.md5} expected`,
      });
    }
    this.ackSent(run, unit, part, part.md5);
    return { alreadyPresent: false };
  }

  private async depositMultipart(run: Run, unit: UnitRecord): Promise<{ alreadyPresent: boolean }> {
    let restarts = 0;
    const restart = (): void => {
      restarts += 1;
      // The server dropped the upload (lifecycle rule, purge): from the first part again, twice.
      if (restarts > MAX_UPLOAD_RESTARTS) {
        throw new UnitFailure({ kind: 'upload-vanished', restarts: MAX_UPLOAD_RESTARTS });
      }
      this.store.forgetUpload(unit.id);
    };
    for (;;) {
      const u = this.store.getUnit(unit.id) ?? unit;
      let uploadId = u.uploadId;
      if (uploadId === null) {
        if (u.createStarted) uploadId = await this.findOwnUpload(run, u);
        if (uploadId === null) {
          if (!u.createStarted) {
            // Fresh file: if the key already holds an object, decide now instead of sending parts.
            const remote = await this.remoteBefore(run, u);
            if (remote !== undefined) return this.decideExisting(run, u, remote, true);
          }
          this.store.markCreateStarted(u.id);
          uploadId = await this.createUpload(run, u);
        }
        this.store.setUploadId(u.id, uploadId);
      } else {
        const id = uploadId;
        const listed = await this.call(
          run,
          u,
          `ListParts ${u.key}`,
          'brief',
          0,
          (o) => run.store.listParts({ key: u.key, uploadId: id }, o),
          { reconciles: run.unsettled.has(u.id) },
        );
        if (listed.kind === 'refused') {
          if (listed.failure.code !== 'NoSuchUpload' && listed.failure.status !== 404) {
            throw new UnitFailure(causeOfRefusal(listed.failure, run.bucket));
          }
          // Gone: completed by us before its reply was lost or a crash, or dropped by the server.
          const head = await this.head(run, u);
          if (head !== undefined) {
            const decided = await this.decideExisting(run, u, head, false);
            this.store.setUploadId(u.id, null);
            return decided;
          }
          restart();
          continue;
        }
        this.reconcileParts(u.id, listed.value);
      }
      const sent = await this.sendParts(
        run,
        u,
        uploadId,
        this.store.parts(u.id).filter((p) => p.etag === null),
      );
      if (sent === 'upload-gone') {
        restart();
        continue;
      }
      await this.checkSource(u);
      const parts = this.store.parts(u.id);
      const id = uploadId;
      // Some servers (radosgw 16, ADR 0003) ignore If-None-Match on Complete and would replace
      // an object that appeared while the parts were sent: look before Complete.
      const existing = await this.head(run, u, { reconciles: run.unsettled.has(u.id) });
      if (existing !== undefined) {
        // An earlier Complete of ours whose answer was lost has nothing to abort; anyone else's
        // object means ours never completed.
        const ours = run.unsettled.has(u.id);
        await this.abortQuietly(run, u.key, id);
        this.store.forgetUpload(u.id);
        return this.decideExisting(run, u, existing, !ours);
      }
      const completed = await this.call(
        run,
        u,
        `CompleteMultipartUpload ${u.key}`,
        'insistent',
        0,
        (o) =>
          run.store.completeMultipartUpload(
            {
              key: u.key,
              uploadId: id,
              parts: parts.map((p) => ({ partNumber: p.partNumber, etag: `"${p.etag ?? ''}"` })),
              ifNoneMatch: true,
            },
            o,
          ),
        {
          write: true,
          // Never replayed as it is: some servers (radosgw 16) ignore If-None-Match on Complete,
          // so each new Complete comes after a new look at the key (the HeadObject above), and a
          // gone upload's Complete is a 500 there. The next step asks the server first.
          mayHaveActed: () => true,
        },
      );
      if (completed.kind === 'refused') {
        const { status, code } = completed.failure;
        if (code === 'NoSuchUpload' || status === 404) {
          // An earlier Complete of ours whose reply was lost, or the server dropped the upload.
          const head = await this.head(run, u);
          if (head !== undefined) {
            const decided = await this.decideExisting(run, u, head, false);
            this.store.setUploadId(u.id, null);
            return decided;
          }
          restart();
          continue;
        }
        if (status === 412) {
          const head = await this.head(run, u);
          await this.abortQuietly(run, u.key, id);
          if (head === undefined) {
            restart();
            continue;
          }
          this.store.forgetUpload(u.id);
          return this.decideExisting(run, u, head, true);
        }
        if (code === 'InvalidPart' || code === 'InvalidPartOrder') {
          this.store.forgetAcks(u.id);
          continue;
        }
        throw new UnitFailure(causeOfRefusal(completed.failure, run.bucket));
      }
      const expected = this.expectedEtag(u, parts);
      // radosgw answers Complete with an empty ETag (ADR 0003): then HeadObject gives it.
      if (bareEtag(completed.value.etag) === '') await this.verify(run, u, expected);
      else if (bareEtag(completed.value.etag) !== expected) {
        throw new UnitFailure({
          kind: 'verification-failed',
          detail: `ETag ${bareEtag(completed.value.etag)} from the server, ${expected} expected`,
        });
      }
      this.store.setUploadId(u.id, null);
      return { alreadyPresent: false };
    }
  }

  /**
   * Sends a file's missing parts: one after another on a slot of its own, and more at once on
   * slots nobody waits for, each borrowed slot handed back as soon as another file wants one for
   * its payload. The first trouble stops new parts; the parts already on the wire finish (their
   * acknowledgements are kept), then it is thrown, or 'upload-gone' returned (NoSuchUpload).
   */
  private async sendParts(
    run: Run,
    unit: UnitRecord,
    uploadId: string,
    parts: readonly PartRecord[],
  ): Promise<'sent' | 'upload-gone'> {
    let next = 0;
    let trouble: { readonly error: unknown } | undefined;
    let gone = false;
    const take = (): PartRecord | undefined =>
      trouble === undefined && !gone && next < parts.length ? parts[next++] : undefined;
    const lane = async (borrowed: boolean): Promise<void> => {
      for (let part = take(); part !== undefined; part = take()) {
        try {
          if ((await this.sendPart(run, unit, uploadId, part)) === 'upload-gone') gone = true;
        } catch (error) {
          trouble ??= { error };
        }
        if (borrowed && run.slots.wanted) return;
      }
    };
    const borrowed: Promise<void>[] = [];
    const borrow = (): void => {
      while (trouble === undefined && !gone && next < parts.length) {
        const release = run.slots.tryBorrow();
        if (release === undefined) return;
        borrowed.push(lane(true).finally(release));
      }
    };
    await this.withSlot(run, async () => {
      const stopBorrowing = run.slots.onFree(borrow);
      try {
        borrow();
        await lane(false);
      } finally {
        stopBorrowing();
        await Promise.allSettled(borrowed);
      }
    });
    if (trouble !== undefined) throw trouble.error;
    return gone ? 'upload-gone' : 'sent';
  }

  private async sendPart(
    run: Run,
    unit: UnitRecord,
    uploadId: string,
    part: PartRecord,
  ): Promise<'sent' | 'upload-gone'> {
    run.controller.signal.throwIfAborted();
    await this.checkSource(unit);
    const r = await this.emitPart(
      run,
      unit,
      part,
      `UploadPart ${part.partNumber} ${unit.key}`,
      (body, md5Base64, o) =>
        run.store.uploadPart(
          { key: unit.key, uploadId, partNumber: part.partNumber, body, md5Base64 },
          o,
        ),
    );
    if (r.kind === 'refused') {
      if (r.failure.code === 'NoSuchUpload') return 'upload-gone';
      throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    }
    this.ackSent(run, unit, part, bareEtag(r.value.etag));
    this.setActivity(run.planId, unit.id, {
      kind: 'sending',
      bytesAcked: this.store.getUnit(unit.id)?.bytesAcked ?? 0,
    });
    return 'sent';
  }

  /**
   * One part's bytes (or a whole small file's) through the policy: read and checked against the
   * planned MD5, counted on the wire whatever the answer (a kill mid-send counts the whole part),
   * re-paced by the bandwidth cap on each retry, never replayed blindly after a lost reply.
   */
  private async emitPart<T>(
    run: Run,
    unit: UnitRecord,
    part: PartRecord,
    operation: string,
    emit: (
      body: { readonly kind: 'bytes'; readonly bytes: Buffer },
      md5Base64: string,
      options: EmissionOptions,
    ) => Promise<Outcome<T>>,
  ): Promise<Called<T>> {
    const bytes = await this.readBody(run, unit, part);
    const before = this.store.beginSend(unit.id, part.partNumber);
    const md5Base64 = Buffer.from(part.md5, 'hex').toString('base64');
    return this.call(
      run,
      unit,
      operation,
      'insistent',
      part.size,
      async (o, attempt) => {
        if (attempt > 1) await this.bandwidth?.take(part.size, run.controller.signal);
        return emit({ kind: 'bytes', bytes }, md5Base64, o);
      },
      {
        write: true,
        onSent: (sent) => this.store.endSend(unit.id, part.partNumber, before, sent),
      },
    );
  }

  /** A part the server acknowledged, persisted. */
  private ackSent(run: Run, unit: UnitRecord, part: PartRecord, etag: string): void {
    this.store.ackPart(unit.id, part.partNumber, etag);
    this.noteAcked(run, part.size);
  }

  /** Keeps a listed part only when its size and ETag match the local bytes; anything else is re-sent. */
  private reconcileParts(
    unitId: number,
    listed: readonly { partNumber: number; size: number; etag: string }[],
  ): void {
    const byNumber = new Map(listed.map((p) => [p.partNumber, p]));
    for (const part of this.store.parts(unitId)) {
      const remote = byNumber.get(part.partNumber);
      const matches =
        remote !== undefined && remote.size === part.size && bareEtag(remote.etag) === part.md5;
      if (matches && part.etag === null) this.store.ackPart(unitId, part.partNumber, part.md5);
      if (!matches && part.etag !== null) this.store.forgetAcks(unitId, part.partNumber);
    }
  }

  /** Our own open upload of this key (after a lost Create reply or a crash), newest first. */
  private async findOwnUpload(run: Run, unit: UnitRecord): Promise<string | null> {
    const r = await this.call(
      run,
      unit,
      `ListMultipartUploads ${unit.key}`,
      'brief',
      0,
      (o) => run.store.listMultipartUploads({ prefix: unit.key }, o),
      { reconciles: run.unsettled.has(unit.id) },
    );
    if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    const own = r.value
      .filter((up) => up.key === unit.key)
      .sort((a, b) => (b.initiated ?? 0) - (a.initiated ?? 0));
    return own[0]?.uploadId ?? null;
  }

  /**
   * CreateMultipartUpload, never blindly replayed: after a lost reply the unit is unsettled and
   * its next step looks for the upload that reply created (`findOwnUpload`) before creating one.
   */
  private async createUpload(run: Run, unit: UnitRecord): Promise<string> {
    const r = await this.call(
      run,
      unit,
      `CreateMultipartUpload ${unit.key}`,
      'insistent',
      0,
      (o) => run.store.createMultipartUpload({ key: unit.key, metadata: objectMetadata(unit) }, o),
      { write: true },
    );
    if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    return r.value.uploadId;
  }

  private async abortQuietly(run: Run, key: string, uploadId: string): Promise<void> {
    try {
      await this.call(run, undefined, `AbortMultipartUpload ${key}`, 'brief', 0, (o) =>
        run.store.abortMultipartUpload({ key, uploadId }, o),
      );
    } catch (error) {
      // The end-of-plan sweep aborts what is left; only a stop propagates.
      if (isAbort(error)) throw error;
    }
  }

  private async head(
    run: Run,
    unit: { key: string },
    options: { readonly reconciles?: boolean } = {},
  ): Promise<ObjectHead | undefined> {
    const r = await this.call(
      run,
      undefined,
      `HeadObject ${unit.key}`,
      'brief',
      0,
      (o) => run.store.headObject({ key: unit.key }, o),
      options,
    );
    if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    return r.value;
  }

  /** Done only when HeadObject shows the size and the ETag the server computed over our bytes. */
  private async verify(run: Run, unit: UnitRecord, expectedEtag: string): Promise<void> {
    const head = await this.head(run, unit);
    const problem =
      head === undefined
        ? 'the object is missing after upload'
        : head.size !== unit.size
          ? `size ${head.size} on the server, ${unit.size} here`
          : bareEtag(head.etag) !== expectedEtag
            ? `ETag ${bareEtag(head.etag) || '(none)'} on the server, ${expectedEtag} expected`
            : undefined;
    if (problem !== undefined)
      throw new UnitFailure({ kind: 'verification-failed', detail: problem });
  }

  // ---------------------------------------------------------------- end of plan

  private async finish(run: Run): Promise<RunResult> {
    const counts = this.store.counts(run.planId);
    const complete = counts.failed === 0 && counts.done === counts.units;
    // Two independent round trips or more each: at the end of a night, side by side.
    const [swept, written] = await Promise.allSettled([
      this.sweepUploads(run),
      complete ? this.writeManifest(run) : Promise.resolve(),
    ]);
    if (swept.status === 'rejected') throw swept.reason;
    if (written.status === 'rejected') throw written.reason;
    if (counts.failed > 0) return { kind: 'failures', failed: counts.failed };
    if (!complete) return { kind: 'stopped', reason: 'aborted' };
    return { kind: 'completed' };
  }

  /**
   * The manifest, last: it marks the night complete (DESIGN principle 9). Its key carries the
   * night's id and it is written only where nothing is (If-None-Match): a 412 is ours only when
   * the manifest there names this night (a reply lost, a crash before recording it); anything else
   * is a conflict, never overwritten (issue 11).
   */
  private async writeManifest(run: Run): Promise<void> {
    const plan = this.store.getPlan(run.planId);
    if (plan === undefined || plan.manifestAt !== null) return;
    const at = this.clock.now();
    const body = Buffer.from(
      buildManifest(plan, this.store.iterateUnits(run.planId), this.settings.appVersion, at),
    );
    const key = nightManifestKey(plan.prefix, plan.nightId);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const md5Hex = createHash('md5').update(body).digest('hex');
    const put = (ifNoneMatch: boolean) =>
      this.call(run, undefined, `PutObject ${key}`, 'insistent', body.length, (o) =>
        run.store.putObject(
          {
            key,
            body: { kind: 'bytes', bytes: body },
            md5Base64: Buffer.from(md5Hex, 'hex').toString('base64'),
            metadata: { [SHA_KEY]: sha256 },
            ifNoneMatch,
            contentType: 'application/json',
          },
          o,
        ),
      );
    const r = await put(true);
    if (r.kind === 'refused') {
      if (r.failure.status !== 412) this.block(run, causeOfRefusal(r.failure, run.bucket));
      const there = await this.call(run, undefined, `GetObject ${key}`, 'insistent', 0, (o) =>
        run.store.getObject({ key, maxBytes: MANIFEST_READ_MAX }, o),
      );
      if (there.kind === 'refused') this.block(run, causeOfRefusal(there.failure, run.bucket));
      // Gone again between the 412 and the read: write it again, paced.
      if (there.value === undefined) throw new MustWait(this.clock.now() + this.pace(), false);
      if (readManifestNightId(there.value) !== plan.nightId) {
        this.block(run, {
          kind: 'conflict',
          localSize: body.length,
          remoteSize: there.value.length,
        });
      }
      // This night's own manifest from before its plan was updated (`--update`, "Déposer les
      // changements"): rewritten by the same night, so it lists exactly the night's files.
      if (manifestFilesOf(there.value) !== manifestFilesOf(body)) {
        const again = await put(false);
        if (again.kind === 'refused') this.block(run, causeOfRefusal(again.failure, run.bucket));
        if (bareEtag(again.value.etag) !== '' && bareEtag(again.value.etag) !== md5Hex)
          throw new MustWait(this.clock.now() + this.pace(), false);
      }
    } else if (bareEtag(r.value.etag) !== '' && bareEtag(r.value.etag) !== md5Hex) {
      throw new MustWait(this.clock.now() + this.pace(), false);
    }
    this.store.setManifestWritten(run.planId, at);
  }

  /**
   * Aborts our multipart uploads that nothing needs any more (done units, superseded uploads), then
   * lists again to confirm. A failed unit keeps its upload: retrying it re-uses the parts.
   */
  private async sweepUploads(run: Run): Promise<void> {
    const plan = this.store.getPlan(run.planId);
    if (plan === undefined) return;
    const prefix = listingPrefix(plan.prefix);
    const list = async (): Promise<{ key: string; uploadId: string }[]> => {
      const r = await this.call(run, undefined, `ListMultipartUploads ${prefix}`, 'brief', 0, (o) =>
        run.store.listMultipartUploads({ prefix }, o),
      );
      if (r.kind === 'refused') return [];
      return r.value.filter((up) => {
        const unit = this.store.unitByKey(run.planId, up.key);
        if (unit === undefined) return false;
        const kept = unit.state.kind !== 'done' && unit.uploadId === up.uploadId;
        return !kept;
      });
    };
    for (let round = 0; round < 3; round += 1) {
      const orphans = await list();
      if (orphans.length === 0) return;
      for (const up of orphans) await this.abortQuietly(run, up.key, up.uploadId);
    }
    // Still listed after three rounds of aborts: say so in the journal, the next run tries again.
    const left = await list();
    if (left.length > 0) {
      this.record(run.planId, `Sweep ${prefix}`, `uploads-left:${left.length}`, 3, null);
    }
  }

  // ---------------------------------------------------------------- events and journal

  private setState(planId: number, unit: UnitRecord, state: UnitState): void {
    this.store.setState(unit.id, state, this.clock.now());
    this.emit({ type: 'unit-state', planId, unitId: unit.id, relPath: unit.relPath, state });
    // Throttled like the bytes: the counts are a query over the whole plan, and forced at every
    // state change they grew with the square of the files (78 of 196 s for 10,000, ADR 0010).
    // The end of a run emits them once more, forced.
    if (state.kind !== 'in-progress') this.emitProgress(planId, false);
  }

  private setActivity(planId: number, unitId: number, activity: UnitActivity): void {
    this.activity.set(unitId, activity);
    this.emit({ type: 'unit-activity', planId, unitId, activity });
  }

  private noteAcked(run: Run, bytes: number): void {
    const now = this.clock.now();
    run.acked.push({ at: now, bytes });
    while (run.acked.length > 0 && (run.acked[0]?.at ?? now) < now - THROUGHPUT_WINDOW_MS) {
      run.acked.shift();
    }
    this.emitProgress(run.planId, false);
  }

  private emitProgress(planId: number, force: boolean): void {
    const run = this.runs.get(planId);
    const now = this.clock.now();
    if (!force && run !== undefined && now - run.lastProgressAt < PROGRESS_EVERY_MS) return;
    if (run !== undefined) run.lastProgressAt = now;
    const c = this.store.counts(planId);
    this.emit({
      type: 'plan-progress',
      planId,
      bytesAcked: c.bytesAcked,
      bytesTotal: c.bytesTotal,
      units: c.units,
      done: c.done,
      failed: c.failed,
    });
    if (run !== undefined && run.acked.length > 0) {
      const first = run.acked[0]?.at ?? now;
      const span = Math.max(1_000, now - first);
      const bytes = run.acked.reduce((sum, a) => sum + a.bytes, 0);
      this.emit({ type: 'throughput', planId, bytesPerSec: (bytes * 1000) / span });
    }
    const endpoint = run?.store.endpoint ?? this.objectStore.endpoint;
    this.emit({ type: 'counters', counters: this.policy.counters(endpoint) });
  }

  private onPolicyEvent(event: RetryEvent): void {
    if (event.type === 'circuit') {
      if (!this.knows(event.endpoint)) return;
      // Calls wait inside the policy while the circuit is open for the network: say so.
      // Half-open is a probe on its way: still offline until it succeeds (closed).
      const offline =
        event.state.kind === 'half-open'
          ? this.circuitOffline
          : event.state.kind === 'open' && event.state.cause === 'offline';
      const before = [...this.runs.values()].map((run) => this.isWaitingNetwork(run));
      this.circuitOffline = offline;
      [...this.runs.values()].forEach((run, i) => this.emitNetworkChange(run, before[i] ?? false));
      return;
    }
    if (!this.knows(event.endpoint)) return;
    const who = this.inflight.get(event.operation);
    const planId = who?.planId ?? null;
    if (event.type === 'retry-scheduled') {
      const f = event.failure;
      const outcome =
        f.kind === 'refused'
          ? `refused:${f.status}:${f.code ?? ''}`
          : f.kind === 'unreachable'
            ? `unreachable:${f.reason}`
            : f.kind;
      this.record(
        planId,
        event.operation,
        outcome,
        event.attempt,
        event.nextAttemptAt - this.clock.now(),
      );
      if (who?.unitId !== undefined) {
        this.setActivity(who.planId, who.unitId, {
          kind: 'retry-wait',
          nextAttemptAt: event.nextAttemptAt,
        });
      }
    } else {
      const f = event.failure;
      const last =
        f === undefined
          ? ''
          : f.kind === 'refused'
            ? `:${f.status}:${f.code ?? ''}`
            : f.kind === 'unreachable'
              ? `:unreachable:${f.reason}`
              : `:${f.kind}`;
      this.record(planId, event.operation, `gave-up:${event.reason}${last}`, event.attempts, null);
    }
  }

  /** The current settings' endpoint, or a running night's own. */
  private knows(endpoint: string): boolean {
    if (endpoint === this.objectStore.endpoint) return true;
    for (const run of this.runs.values()) if (run.store.endpoint === endpoint) return true;
    return false;
  }

  private record(
    planId: number | null,
    operation: string,
    outcome: string,
    attempt: number,
    delayMs: number | null,
  ): void {
    this.store.addJournal({ planId, operation, outcome, attempt, delayMs, at: this.clock.now() });
  }

  private emit(event: EngineEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
