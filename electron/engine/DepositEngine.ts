import { createHash, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FailureCause } from '../../shared/domain/FailureCause';
import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import { objectKey } from '../../shared/field/objectKey';
import type { Clock } from '../../shared/ports/Clock';
import type { EmissionOptions, ObjectHead, ObjectStore } from '../../shared/ports/ObjectStore';
import type { Random } from '../../shared/ports/Random';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { Outcome, Refused } from '../../shared/retry/Outcome';
import { success } from '../../shared/retry/Outcome';
import type { ProfileName, RetryCounters, RetryEvent } from '../../shared/retry/RetryCall';
import { scanFolder } from '../scan/scanFolder';
import type { JournalEntry } from '../store/JournalEntry';
import type { RunLease } from '../store/RunLease';
import type { PartRecord } from '../store/PartRecord';
import type { PlanStore, UnitFilter } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';
import { buildManifest, MANIFEST_NAME } from './buildManifest';
import { blocksPlan, causeOfRefusal } from './causeOfRefusal';
import { choosePartSize } from './choosePartSize';
import type { EngineEvent } from './EngineEvent';
import type { EngineSettings } from './EngineSettings';
import { defaultEngineSettings } from './EngineSettings';
import { diffSources, fingerprint } from './fingerprint';
import { hashFile, SourceChangedError } from './hashFile';
import type { LeaseHolder } from './LeaseHolder';
import { thisProcess } from './LeaseHolder';
import { bareEtag, multipartEtag } from './multipartEtag';
import { PlanError } from './PlanError';
import type { PlanningResult, PlanSummary } from './PlanSummary';
import type { PolicyPort } from './PolicyPort';
import { readPart } from './readPart';
import type { RetryFailuresResult } from './requeueFailures';
import { requeueFailures } from './requeueFailures';
import type { RunResult } from './RunResult';
import { StreamSlots } from './StreamSlots';
import { TokenBucket } from './TokenBucket';
import type { UnitView } from './UnitView';
import { abortError, isAbort, MustWait, UnitFailure, UploadGone } from './waitSignals';

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
};

export type PlanFolderInput = {
  readonly dir: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Only these relative paths (the pre-flight's depositable files); every scanned file when absent. */
  readonly include?: readonly string[];
  /**
   * Checksum every file while planning (default), or leave it to the workers, file by file as
   * they take them: a 30 GB card read at 90 MB/s is five minutes of hashing before the first
   * byte leaves otherwise, where the link is the slow side anyway.
   */
  readonly hashAhead?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: {
    readonly phase: 'scan' | 'hash';
    readonly done: number;
    readonly total: number;
  }) => void;
};

export type EngineCounters = RetryCounters & { readonly endpoint: string };

type Run = {
  readonly planId: number;
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
const THROUGHPUT_WINDOW_MS = 10_000;
const PROGRESS_EVERY_MS = 250;
const MAX_UPLOAD_RESTARTS = 3;
/** A run starting this soon after a yes to HeadBucket does not ask again (one round trip saved). */
const ENDPOINT_CHECK_FRESH_MS = 60_000;
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
  private readonly bandwidth: TokenBucket | undefined;
  /** No new emission to the endpoint before this (a give-up's not-before): no racing through the queue. */
  private holdUntil = 0;
  /** When the endpoint last said yes to HeadBucket (checkEndpoint or a run's start). */
  private endpointCheckedAt = Number.NEGATIVE_INFINITY;
  private consecutiveGiveUps = 0;
  private circuitOffline = false;
  private readonly holder: LeaseHolder;
  /** This engine's identity in run leases: two engines of one process are two holders. */
  private readonly leaseToken = randomUUID();

  constructor(deps: DepositEngineDeps) {
    this.holder = deps.leaseHolder ?? thisProcess();
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
    // While the circuit is open, a HeadBucket is the probe, not the next caller's 8 MiB part.
    this.policy.probeWith(this.objectStore.endpoint, (ctx) =>
      this.objectStore.headBucket({
        deadline: ctx.deadline,
        clockOffsetMs: ctx.clockOffsetMs,
        ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      }),
    );
  }

  on(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------------------------------------------------------------- planning

  /**
   * Plans a folder: one unit per file, checksums streamed. Idempotent: the same folder, endpoint,
   * bucket and prefix resume the existing plan, refused (PlanError 'sources-changed', with the
   * files) if the sources changed since.
   */
  async planFolder(input: PlanFolderInput): Promise<PlanningResult> {
    const dir = resolve(input.dir);
    const scanned = await scanFolder(dir, {
      signal: input.signal,
      onProgress: (seen) => input.onProgress?.({ phase: 'scan', done: seen, total: 0 }),
    });
    const included = input.include === undefined ? undefined : new Set(input.include);
    const scan =
      included === undefined
        ? scanned
        : { ...scanned, files: scanned.files.filter((f) => included.has(f.relPath)) };
    if (scan.files.length === 0) {
      throw new PlanError(
        { code: 'empty-folder', dir },
        scan.skippedJunk.count > 0
          ? `${dir} holds no file to deposit (only ${scan.skippedJunk.count} system files, skipped)`
          : `${dir} holds no file to deposit`,
      );
    }
    const key = {
      dir,
      endpoint: this.objectStore.endpoint,
      bucket: input.bucket,
      prefix: input.prefix,
    };
    const existing = this.store.findPlan(key);
    let planId: number;
    if (existing !== undefined) {
      planId = existing.id;
      if (fingerprint(scan.files) !== existing.fingerprint) {
        const changes = diffSources(this.store.iterateUnits(planId), scan.files);
        const shown = changes
          .slice(0, 20)
          .map((c) => `  ${c.relPath} (${c.change})`)
          .join('\n');
        throw new PlanError(
          { code: 'sources-changed', planId, changes },
          `the folder changed since it was planned (plan ${planId}); ${changes.length} file(s) differ:\n${shown}${changes.length > 20 ? '\n  ...' : ''}`,
        );
      }
      if (input.metadata !== undefined && Object.keys(existing.metadata).length === 0) {
        this.store.setPlanMetadata(planId, input.metadata);
      }
    } else {
      const threshold = this.settings.multipartThreshold;
      planId = this.store.createPlan(
        {
          ...key,
          fingerprint: fingerprint(scan.files),
          metadata: input.metadata ?? {},
          partSize: this.settings.partSize,
          threshold,
          createdAt: this.clock.now(),
        },
        scan.files.map((f) => ({
          relPath: f.relPath,
          absPath: f.absPath,
          key: objectKey(input.prefix, f.relPath),
          size: f.size,
          mtimeMs: f.mtimeMs,
          multipart: f.size >= threshold,
        })),
      );
    }
    if (input.hashAhead !== false) {
      await this.hashPending(planId, input.signal, (done, total) =>
        input.onProgress?.({ phase: 'hash', done, total }),
      );
    }
    return {
      ...this.planSummary(planId),
      resumed: existing !== undefined,
      skippedJunk: scan.skippedJunk.count,
      refused: scan.refused,
    };
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
  ): Promise<void> {
    const partSize = unit.multipart ? choosePartSize(unit.size, planPartSize) : unit.size || 1;
    const { sha256, parts } = await hashFile(unit.absPath, unit.size, partSize, signal);
    this.store.setHashes(unit.id, sha256, parts);
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
    this.endpointCheckedAt = Number.NEGATIVE_INFINITY;
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
      if (outcome === undefined) this.endpointCheckedAt = this.clock.now();
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
      this.store.releaseLease(planId, this.leaseToken);
      options.signal?.removeEventListener('abort', stop);
      this.runs.delete(planId);
      this.store.resetInProgress(planId, this.clock.now());
      for (const id of run.held) this.activity.delete(id);
    }
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
    if (
      plan.manifestAt !== null &&
      this.store.counts(run.planId).done === this.store.counts(run.planId).units
    ) {
      return { kind: 'completed' };
    }
    // The endpoint first: wrong credentials or a missing bucket stop here, failing no unit.
    if (this.clock.now() - this.endpointCheckedAt > ENDPOINT_CHECK_FRESH_MS) {
      await this.withWaits(run, undefined, async () => {
        const r = await this.call(run, undefined, 'HeadBucket', 'brief', 0, (o) =>
          this.objectStore.headBucket(o),
        );
        if (r.kind === 'refused') this.block(run, causeOfRefusal(r.failure, run.bucket));
        this.endpointCheckedAt = this.clock.now();
      });
    }
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
          const circuitOpen = this.policy.circuit(this.objectStore.endpoint).kind === 'open';
          if (error.network && circuitOpen) {
            networkWait(true);
            await this.policy.whenAvailable(this.objectStore.endpoint, signal);
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
    const d = Math.min(
      this.settings.paceCapMs,
      this.settings.paceBaseMs * 2 ** Math.min(this.consecutiveGiveUps, 20),
    );
    this.consecutiveGiveUps += 1;
    return d / 2 + (this.random.next() * d) / 2;
  }

  /**
   * One logical call through the policy, with a deadline sized to the body. Success and
   * not-retryable refusals come back; a transient give-up throws MustWait (never a failure).
   */
  private async call<T>(
    run: Run,
    unit: UnitRecord | undefined,
    operation: string,
    profile: ProfileName,
    bodyBytes: number,
    emit: (options: EmissionOptions, attempt: number) => Promise<Outcome<T>>,
  ): Promise<Called<T>> {
    const signal = run.controller.signal;
    await this.waitHold(signal);
    const deadline =
      this.clock.now() +
      this.settings.callTimeoutMs +
      Math.ceil((bodyBytes * 1000) / this.settings.minThroughputBytesPerSec);
    let sent = 0;
    this.inflight.set(operation, { planId: run.planId, unitId: unit?.id });
    let result;
    try {
      result = await this.policy.run(
        { endpoint: this.objectStore.endpoint, profile, deadline, signal, operation },
        (ctx) => {
          let attemptSent = 0;
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
    }
    if (result.kind === 'success') {
      this.consecutiveGiveUps = 0;
      this.record(
        run.planId === 0 ? null : run.planId,
        operation,
        'success',
        result.attempts,
        null,
      );
      return { kind: 'ok', value: result.value, attempts: result.attempts, sent };
    }
    if (result.reason === 'aborted' || signal.aborted) throw abortError();
    if (result.last?.kind === 'refused' && result.reason === 'not-retryable') {
      return { kind: 'refused', failure: result.last, attempts: result.attempts };
    }
    const network = result.reason === 'circuit-open' || result.last?.kind === 'unreachable';
    const notBefore = Math.max(result.notBefore ?? 0, this.clock.now() + this.pace());
    // The endpoint said "not before": no new emission until then, so no worker races through the
    // queue; capped, so one file deferred for an hour does not hold every other file that long.
    if (!network) {
      this.holdUntil = Math.max(
        this.holdUntil,
        Math.min(notBefore, this.clock.now() + this.settings.endpointHoldCapMs),
      );
    }
    throw new MustWait(notBefore, network);
  }

  // ---------------------------------------------------------------- one unit

  private async depositUnit(run: Run, unit: UnitRecord): Promise<{ alreadyPresent: boolean }> {
    if (unit.sha256 === null) {
      // Planning was interrupted before this file: hash it now (a source error fails the unit).
      const plan = this.store.getPlan(run.planId);
      await this.hashUnit(plan?.partSize ?? this.settings.partSize, unit, run.controller.signal);
      return this.depositUnit(run, this.store.getUnit(unit.id) ?? unit);
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
    return readPart(
      unit.absPath,
      part.offset,
      part.size,
      part.md5,
      this.bandwidth,
      run.controller.signal,
    );
  }

  private async depositSingle(run: Run, unit: UnitRecord): Promise<{ alreadyPresent: boolean }> {
    const part = this.store.parts(unit.id)[0];
    if (part === undefined) throw new Error(`unit ${unit.id} has no part plan`);
    const sha256 = unit.sha256 ?? '';
    if (part.etag === null) {
      const { r, startsBefore } = await this.withSlot(run, () =>
        this.emitPart(run, unit, part, `PutObject ${unit.key}`, (body, md5Base64, o) =>
          this.objectStore.putObject(
            { key: unit.key, body, md5Base64, metadata: { [SHA_KEY]: sha256 }, ifNoneMatch: true },
            o,
          ),
        ),
      );
      if (r.kind === 'refused') {
        if (r.failure.status !== 412) throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
        // The key exists. After a lost reply it may be our own bytes: that is not "already there".
        const head = await this.head(run, unit);
        // Gone again between the 412 and the HeadObject: try the upload again, paced.
        if (head === undefined) throw new MustWait(this.clock.now() + this.pace(), false);
        return this.decideExisting(unit, head, startsBefore === 0 && r.attempts === 1);
      }
      this.ackSent(run, unit, part, r.value.etag === '' ? part.md5 : bareEtag(r.value.etag), {
        sent: r.sent,
        startsBefore,
      });
    }
    await this.verify(run, unit, part.md5);
    return { alreadyPresent: false };
  }

  private async depositMultipart(run: Run, unit: UnitRecord): Promise<{ alreadyPresent: boolean }> {
    const sha256 = unit.sha256 ?? '';
    restart: for (let restarts = 0; ; restarts += 1) {
      if (restarts > MAX_UPLOAD_RESTARTS) {
        throw new UnitFailure({ kind: 'refused', status: 404, code: 'NoSuchUpload' });
      }
      const u = this.store.getUnit(unit.id) ?? unit;
      let uploadId = u.uploadId;
      if (uploadId === null) {
        if (u.createStarted) uploadId = await this.findOwnUpload(run, u);
        if (uploadId === null) {
          if (!u.createStarted) {
            // Fresh file: if the key already exists, decide now instead of sending every part.
            const head = await this.head(run, u);
            if (head !== undefined) return this.decideExisting(u, head, true);
          }
          this.store.markCreateStarted(u.id);
          uploadId = await this.createUpload(run, u, sha256);
        }
        this.store.setUploadId(u.id, uploadId);
      } else {
        const listed = await this.call(run, u, `ListParts ${u.key}`, 'brief', 0, (o) =>
          this.objectStore.listParts({ key: u.key, uploadId: uploadId as string }, o),
        );
        if (listed.kind === 'refused') {
          if (listed.failure.code !== 'NoSuchUpload' && listed.failure.status !== 404) {
            throw new UnitFailure(causeOfRefusal(listed.failure, run.bucket));
          }
          // Gone: completed by us before a crash, or expired. HeadObject decides.
          const head = await this.head(run, u);
          if (head !== undefined && head.metadata[SHA_KEY] === sha256 && head.size === u.size) {
            await this.verify(run, u, this.expectedMultipartEtag(u.id));
            this.store.setUploadId(u.id, null);
            return { alreadyPresent: false };
          }
          this.store.forgetUpload(u.id);
          continue restart;
        }
        this.reconcileParts(u.id, listed.value);
      }
      try {
        await this.sendParts(
          run,
          u,
          uploadId,
          this.store.parts(u.id).filter((p) => p.etag === null),
        );
      } catch (error) {
        if (!(error instanceof UploadGone)) throw error;
        this.store.forgetUpload(u.id);
        continue restart;
      }
      await this.checkSource(u);
      const parts = this.store.parts(u.id);
      const id = uploadId;
      // Some servers (radosgw 16, ADR 0003) ignore If-None-Match on Complete and would replace
      // an object that appeared while the parts were sent: look before the first Complete too.
      const existing = await this.head(run, u);
      if (existing !== undefined) {
        await this.abortQuietly(run, u.key, id);
        this.store.forgetUpload(u.id);
        return this.decideExisting(u, existing, true);
      }
      let previous: Outcome<{ etag: string }> | undefined;
      const completed = await this.call(
        run,
        u,
        `CompleteMultipartUpload ${u.key}`,
        'insistent',
        0,
        async (o, attempt) => {
          if (attempt > 1) {
            // The previous attempt may have completed it before its reply was lost.
            const head = await this.objectStore.headObject({ key: u.key }, o);
            if (head.kind !== 'success') return head;
            if (head.value !== undefined) {
              if (head.value.metadata[SHA_KEY] === sha256 && head.value.size === u.size) {
                return success({ etag: head.value.etag });
              }
              // Someone else's object: never complete over it; the 412 path reports the conflict.
              return { kind: 'refused', status: 412, code: 'PreconditionFailed' };
            }
            if (previous?.kind === 'refused' && previous.status >= 500) {
              // radosgw answers Complete of a gone upload with 500: ask instead of insisting.
              const listed = await this.objectStore.listParts({ key: u.key, uploadId: id }, o);
              if (listed.kind !== 'success') return listed;
            }
          }
          previous = await this.objectStore.completeMultipartUpload(
            {
              key: u.key,
              uploadId: id,
              parts: parts.map((p) => ({ partNumber: p.partNumber, etag: `"${p.etag ?? ''}"` })),
              ifNoneMatch: true,
            },
            o,
          );
          return previous;
        },
      );
      if (completed.kind === 'refused') {
        const { status, code } = completed.failure;
        if (code === 'NoSuchUpload' || status === 404 || status === 412) {
          const head = await this.head(run, u);
          if (head !== undefined) {
            if (head.metadata[SHA_KEY] === sha256 && head.size === u.size) {
              await this.verify(run, u, this.expectedMultipartEtag(u.id));
              await this.abortQuietly(run, u.key, id);
              this.store.setUploadId(u.id, null);
              return { alreadyPresent: false };
            }
            await this.abortQuietly(run, u.key, id);
            this.store.forgetUpload(u.id);
            throw new UnitFailure({ kind: 'conflict', localSize: u.size, remoteSize: head.size });
          }
          this.store.forgetUpload(u.id);
          continue restart;
        }
        if (code === 'InvalidPart' || code === 'InvalidPartOrder') {
          this.store.forgetAcks(u.id);
          continue restart;
        }
        throw new UnitFailure(causeOfRefusal(completed.failure, run.bucket));
      }
      await this.verify(run, u, this.expectedMultipartEtag(u.id));
      this.store.setUploadId(u.id, null);
      return { alreadyPresent: false };
    }
  }

  /**
   * Sends a file's missing parts: one after another on a slot of its own, and more at once on
   * slots nobody waits for, each borrowed slot handed back as soon as another file wants one for
   * its payload. The first trouble stops new parts; the parts already on the wire
   * finish (their acknowledgements are kept), then it is thrown.
   */
  private async sendParts(
    run: Run,
    unit: UnitRecord,
    uploadId: string,
    parts: readonly PartRecord[],
  ): Promise<void> {
    let next = 0;
    let trouble: { readonly error: unknown } | undefined;
    const take = (): PartRecord | undefined =>
      trouble === undefined && next < parts.length ? parts[next++] : undefined;
    const lane = async (borrowed: boolean): Promise<void> => {
      for (let part = take(); part !== undefined; part = take()) {
        try {
          await this.sendPart(run, unit, uploadId, part);
        } catch (error) {
          trouble ??= { error };
        }
        if (borrowed && run.slots.wanted) return;
      }
    };
    const borrowed: Promise<void>[] = [];
    const borrow = (): void => {
      while (trouble === undefined && next < parts.length) {
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
  }

  private async sendPart(
    run: Run,
    unit: UnitRecord,
    uploadId: string,
    part: PartRecord,
  ): Promise<void> {
    run.controller.signal.throwIfAborted();
    await this.checkSource(unit);
    const { r, startsBefore } = await this.emitPart(
      run,
      unit,
      part,
      `UploadPart ${part.partNumber} ${unit.key}`,
      (body, md5Base64, o) =>
        this.objectStore.uploadPart(
          { key: unit.key, uploadId, partNumber: part.partNumber, body, md5Base64 },
          o,
        ),
    );
    if (r.kind === 'refused') {
      if (r.failure.code === 'NoSuchUpload') throw new UploadGone();
      throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    }
    this.ackSent(run, unit, part, bareEtag(r.value.etag), { sent: r.sent, startsBefore });
    this.setActivity(run.planId, unit.id, {
      kind: 'sending',
      bytesAcked: this.store.getUnit(unit.id)?.bytesAcked ?? 0,
    });
  }

  /**
   * One part's bytes (or a whole small file's) through the policy: read and checked against the
   * planned MD5, counted as a send, re-paced by the bandwidth cap on each retry.
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
  ): Promise<{ readonly r: Called<T>; readonly startsBefore: number }> {
    const bytes = await this.readBody(run, unit, part);
    const startsBefore = this.store.markSending(unit.id, part.partNumber);
    const md5Base64 = Buffer.from(part.md5, 'hex').toString('base64');
    const r = await this.call(run, unit, operation, 'insistent', part.size, async (o, attempt) => {
      if (attempt > 1) await this.bandwidth?.take(part.size, run.controller.signal);
      return emit({ kind: 'bytes', bytes }, md5Base64, o);
    });
    return { r, startsBefore };
  }

  /** A part the server acknowledged: persisted, with what was sent again for it. */
  private ackSent(
    run: Run,
    unit: UnitRecord,
    part: PartRecord,
    etag: string,
    send: { readonly sent: number; readonly startsBefore: number },
  ): void {
    this.store.ackPart(unit.id, part.partNumber, etag, {
      bytes: send.sent,
      resentBytes: Math.max(0, send.sent - (send.startsBefore === 0 ? part.size : 0)),
    });
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
      if (matches && part.etag === null)
        this.store.ackPart(unitId, part.partNumber, part.md5, undefined);
      if (!matches && part.etag !== null) this.store.forgetAcks(unitId, part.partNumber);
    }
  }

  private expectedMultipartEtag(unitId: number): string {
    return multipartEtag(this.store.parts(unitId).map((p) => p.md5));
  }

  /** Our own open upload of this key (after a lost Create reply or a crash), newest first. */
  private async findOwnUpload(run: Run, unit: UnitRecord): Promise<string | null> {
    const r = await this.call(run, unit, `ListMultipartUploads ${unit.key}`, 'brief', 0, (o) =>
      this.objectStore.listMultipartUploads({ prefix: unit.key }, o),
    );
    if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    const own = r.value
      .filter((up) => up.key === unit.key)
      .sort((a, b) => (b.initiated ?? 0) - (a.initiated ?? 0));
    return own[0]?.uploadId ?? null;
  }

  /** CreateMultipartUpload, never blindly replayed: a retry first looks for the upload the lost reply created. */
  private async createUpload(run: Run, unit: UnitRecord, sha256: string): Promise<string> {
    const r = await this.call(
      run,
      unit,
      `CreateMultipartUpload ${unit.key}`,
      'insistent',
      0,
      async (o, attempt) => {
        if (attempt > 1) {
          const listed = await this.objectStore.listMultipartUploads({ prefix: unit.key }, o);
          if (listed.kind !== 'success') return listed;
          const own = listed.value
            .filter((up) => up.key === unit.key)
            .sort((a, b) => (b.initiated ?? 0) - (a.initiated ?? 0))[0];
          if (own !== undefined) return success({ uploadId: own.uploadId });
        }
        return this.objectStore.createMultipartUpload(
          { key: unit.key, metadata: { [SHA_KEY]: sha256 } },
          o,
        );
      },
    );
    if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    return r.value.uploadId;
  }

  private async abortQuietly(run: Run, key: string, uploadId: string): Promise<void> {
    try {
      await this.call(run, undefined, `AbortMultipartUpload ${key}`, 'brief', 0, (o) =>
        this.objectStore.abortMultipartUpload({ key, uploadId }, o),
      );
    } catch (error) {
      // The end-of-plan sweep aborts what is left; only a stop propagates.
      if (isAbort(error)) throw error;
    }
  }

  private async head(run: Run, unit: { key: string }): Promise<ObjectHead | undefined> {
    const r = await this.call(run, undefined, `HeadObject ${unit.key}`, 'brief', 0, (o) =>
      this.objectStore.headObject({ key: unit.key }, o),
    );
    if (r.kind === 'refused') throw new UnitFailure(causeOfRefusal(r.failure, run.bucket));
    return r.value;
  }

  /** An object already at the key: the same bytes (size and SHA-256) is success, anything else a conflict. */
  private decideExisting(
    unit: UnitRecord,
    head: ObjectHead,
    countAsAlreadyPresent: boolean,
  ): { alreadyPresent: boolean } {
    if (head.size === unit.size && head.metadata[SHA_KEY] === unit.sha256) {
      return { alreadyPresent: countAsAlreadyPresent };
    }
    throw new UnitFailure({ kind: 'conflict', localSize: unit.size, remoteSize: head.size });
  }

  /** Done only when HeadObject confirms size, ETag and SHA-256 metadata. */
  private async verify(run: Run, unit: UnitRecord, expectedEtag: string): Promise<void> {
    const head = await this.head(run, unit);
    const problem =
      head === undefined
        ? 'the object is missing after upload'
        : head.size !== unit.size
          ? `size ${head.size} on the server, ${unit.size} here`
          : head.etag !== '' && bareEtag(head.etag) !== expectedEtag
            ? `ETag ${bareEtag(head.etag)} on the server, ${expectedEtag} expected`
            : head.metadata[SHA_KEY] !== unit.sha256
              ? 'SHA-256 metadata differs'
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

  /** The manifest, last: it marks the night complete (DESIGN principle 9). */
  private async writeManifest(run: Run): Promise<void> {
    const plan = this.store.getPlan(run.planId);
    if (plan !== undefined && plan.manifestAt === null) {
      const at = this.clock.now();
      const body = Buffer.from(
        buildManifest(plan, this.store.iterateUnits(run.planId), this.settings.appVersion, at),
      );
      const key = objectKey(plan.prefix, MANIFEST_NAME);
      const sha256 = createHash('sha256').update(body).digest('hex');
      const md5 = createHash('md5').update(body);
      const md5Hex = md5.digest('hex');
      const r = await this.call(run, undefined, `PutObject ${key}`, 'insistent', body.length, (o) =>
        this.objectStore.putObject(
          {
            key,
            body: { kind: 'bytes', bytes: body },
            md5Base64: Buffer.from(md5Hex, 'hex').toString('base64'),
            metadata: { [SHA_KEY]: sha256 },
            // Our own manifest: rewritten when a crash lost the record of writing it.
            ifNoneMatch: false,
            contentType: 'application/json',
          },
          o,
        ),
      );
      if (r.kind === 'refused') this.block(run, causeOfRefusal(r.failure, run.bucket));
      const head = await this.head(run, { key });
      if (head === undefined || head.size !== body.length || head.metadata[SHA_KEY] !== sha256) {
        throw new MustWait(this.clock.now() + this.pace(), false);
      }
      this.store.setManifestWritten(run.planId, at);
      this.store.setCompleted(run.planId, at);
    }
  }

  /**
   * Aborts our multipart uploads that nothing needs any more (done units, superseded uploads), then
   * lists again to confirm. A failed unit keeps its upload: retrying it re-uses the parts.
   */
  private async sweepUploads(run: Run): Promise<void> {
    const plan = this.store.getPlan(run.planId);
    if (plan === undefined) return;
    const prefix = plan.prefix === '' ? '' : `${objectKey(plan.prefix, 'x').slice(0, -1)}`;
    const list = async (): Promise<{ key: string; uploadId: string }[]> => {
      const r = await this.call(run, undefined, `ListMultipartUploads ${prefix}`, 'brief', 0, (o) =>
        this.objectStore.listMultipartUploads({ prefix }, o),
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
    this.emit({ type: 'counters', counters: this.policy.counters(this.objectStore.endpoint) });
  }

  private onPolicyEvent(event: RetryEvent): void {
    if (event.type === 'circuit') {
      if (event.endpoint !== this.objectStore.endpoint) return;
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
    if (event.endpoint !== this.objectStore.endpoint) return;
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
        f === undefined ? '' : f.kind === 'refused' ? `:${f.status}:${f.code ?? ''}` : `:${f.kind}`;
      this.record(planId, event.operation, `gave-up:${event.reason}${last}`, event.attempts, null);
    }
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
